// Flop-level fault injection on the Verilated FlexGripPlus: single-bit flips in any flip-flop
// (optionally any memory word) of the design at any kernel cycle, classified against a golden
// run by the global memory the kernel leaves (Masked, SDC) or by a missing kernel_done (Hang).
// The RTL has no error detection, so there is no DUE.
//
// Speed: the golden run keeps snapshots of the whole simulated state every golden/checkpoints
// cycles; an injection restores the one before its cycle, and ends as Masked as soon as its
// state equals the golden run's at a later snapshot (from there the rest of the run is the
// golden run's). Each injection is a pure function of (seed, id), so shards (id % shards ==
// shard) on any machine give the records one run would.
#pragma once

#include <cstdint>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <fgtlm/core/launch.hpp>
#include <fgtlm/rtl/rtl_backend.hpp>

namespace fgtlm::rtl {

// The unit a storage belongs to in reports and --unit: the VHDL file's stem for a register
// ("stack", "pipeline_fetch", "fpu_fma_32"), the memory's instance for a memory
// ("uwarppoolmemory", "gregisterfile_uregisterfile" for every register-file bank).
std::string unit_of(const RtlStorageInfo& s);

struct FlopCampaignSpec {
    // Units (unit_of) or instance-path prefixes ("ustreamingmultiprocessor.upipelineexecute");
    // empty = every register of the streaming multiprocessor.
    std::vector<std::string> units;
    bool memories = false;  // memory words too (register files, shared memory, warp state)
    std::uint64_t count = 1000;
    std::uint64_t seed = 1;
    std::uint64_t shard = 0, shards = 1;
    double hang_factor = 4;          // Hang: no kernel_done within this many golden cycles
    std::uint32_t checkpoints = 64;  // golden snapshots
    bool converge_early = true;      // Masked at the first snapshot the state equals (tests turn it off)
    double confidence = 0.99;
};

// What runs: the launch as the FlexGripPlus testbench drives it.
struct FlopCampaignKernel {
    std::string name;
    std::vector<std::uint32_t> program;
    std::vector<std::uint8_t> global_init;  // at byte 0 of the RTL's global memory
    core::LaunchConfig launch;
};

// Resets the GPU, loads the program and global memory and writes the launch registers.
void load_kernel(RtlBackend& gpu, const FlopCampaignKernel& kernel);
// The index of a storage by its path; throws std::invalid_argument when the model has none.
std::size_t storage_index(std::string_view path);

struct FlopInjection {
    std::uint64_t id = 0;
    std::size_t storage = 0;
    std::uint32_t word = 0, bit = 0;
    std::uint64_t cycle = 0;  // kernel cycles before the flip
    int stuck = -1;           // 0 or 1: the bit is held at that value from `cycle` on (run_at only)
    // run_at only: a second register whose bit `bit` flips with it, for a value the RTL holds in
    // two registers at once (the fetch stage's instruction_i and instruction_out).
    std::size_t twin = SIZE_MAX;
    std::string cls;                  // Masked, SDC, Hang
    std::uint64_t kernel_cycles = 0;  // when the run ended (converged: the snapshot's cycle)
    bool converged = false;           // state equal to the golden run's at a snapshot
    std::uint64_t sdc_words = 0;
};

class FlopCampaign {
public:
    // Runs the golden kernel twice (cycles, then snapshots), both from the power-on state (register
    // files and memories keep their words through reset). Throws std::invalid_argument for
    // a spec that selects nothing or a kernel that does not end.
    FlopCampaign(const FlopCampaignKernel& kernel, const FlopCampaignSpec& spec);

    [[nodiscard]] std::uint64_t golden_cycles() const { return golden_cycles_; }
    [[nodiscard]] std::uint64_t space_bits() const { return prefix_.empty() ? 0 : prefix_.back(); }
    [[nodiscard]] std::size_t storages() const { return selected_.size(); }
    [[nodiscard]] const FlopCampaignSpec& spec() const { return spec_; }
    // The injections of this shard, in id order.
    [[nodiscard]] std::vector<std::uint64_t> shard_ids() const;
    FlopInjection run(std::uint64_t id);
    // One flip (or stuck-at, `stuck`) at a site and cycle of the caller's choosing (storage,
    // word, bit, cycle set; the cycle before the golden run's end), classified as run() does.
    // A stuck bit is forced again after every clock, as a stuck-at cell overrides its writes.
    FlopInjection run_at(FlopInjection inj);
    // The golden run's global memory.
    [[nodiscard]] const std::vector<std::uint8_t>& golden_memory() const { return golden_memory_; }
    [[nodiscard]] nlohmann::json header() const;
    [[nodiscard]] nlohmann::json record(const FlopInjection& inj) const;

private:
    void select(const FlopCampaignSpec& spec);
    void load();
    void golden_run();
    FlopInjection site_of(std::uint64_t id) const;
    void classify(FlopInjection& inj);
    void force(const FlopInjection& inj);

    FlopCampaignKernel kernel_;
    FlopCampaignSpec spec_;
    RtlBackend gpu_;
    std::vector<std::size_t> selected_;  // storage indices
    std::vector<std::uint64_t> prefix_;  // bits of selected_[0..i]
    std::uint64_t golden_cycles_ = 0, interval_ = 1;
    std::vector<RtlSnapshot> snapshots_;  // at kernel cycles 0, interval, 2 interval, ...
    std::vector<std::uint8_t> golden_memory_, memory_;
};

}  // namespace fgtlm::rtl
