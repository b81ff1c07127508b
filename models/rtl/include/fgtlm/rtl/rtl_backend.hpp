// The RTL-derived FlexGripPlus as a clocked C++ object: the whole GPU (gpgpu_ml605_top_level)
// driven through the ports the FlexGripPlus testbench drives, one clock cycle at a time, by
// one of two back ends:
//   verilator  GHDL's synthesis of the GPU compiled by Verilator (built into fgtlm; fast);
//   ghdl       GHDL simulating the VHDL itself, clock by clock over VHPIDIRECT (exact by
//              construction; built on first use in models/cosim's GHDL cache; slower).
//
// This header hides both (the Verilated class's header is generated in the build cache).
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fgtlm/core/launch.hpp>

namespace fgtlm::rtl {

// The RTL's global memory: an 18-bit byte address space.
inline constexpr std::uint32_t kGlobalBytes = 1u << 18;
inline constexpr std::uint32_t kConstBytes = 8192;
inline constexpr std::uint32_t kSysmemWords = 65536;

// One warp-lane pass of an instruction leaving the RTL's write stage (pipeline_write_done),
// as the warp unit receives it. With C cores a warp instruction is 32/C passes (lane_pass
// 0..32/C-1); the last one carries the warp's state after the instruction.
struct RtlCommit {
    std::uint64_t cycle = 0;       // cycles since the launch's block_scheduler_en
    std::uint32_t warp = 0;        // warp slot in the SM (warp_id_ww)
    std::uint32_t lane_pass = 0;   // warp_lane_id_ww
    std::uint32_t next_pc = 0;     // next_pc_ww
    std::uint32_t mask = 0;        // current_mask_ww
    std::uint32_t warp_state = 0;  // warp_state_ww (0 ready, 1 active, 2 waiting fence, 3 finished)
};

// One warp-lane pass of an instruction leaving the execute stage (pipeline_execute_done):
// the destination and the C lane results the write stage is about to store.
struct RtlResult {
    std::uint64_t cycle = 0;
    std::uint32_t warp = 0;           // warp_id_ew
    std::uint32_t lane_pass = 0;      // warp_lane_id_ew
    std::uint32_t instr_mask = 0;     // instr_mask_ew: threads that execute (after the guard)
    std::uint32_t dest = 0;           // dest_ew (register number for register destinations)
    std::uint32_t dest_mem_type = 0;  // dest_mem_type_ew: 0 = REG (gpgpu_package encode_mem_type)
    std::uint32_t values[32] = {};    // temp_vector_register_ew(core)(TEMP_REG_DEST)(0), core 0 first
};

// A flip-flop register or a memory of the Verilated model (fault injection, `flop_table.py`).
struct RtlStorageInfo {
    std::string_view path;    // instance path and signal, e.g. "ustreamingmultiprocessor.uwarpunit.uwarppoolmemory.mem"
    std::string_view source;  // the VHDL file:line of the process GHDL's synthesis made it from
    std::uint32_t width = 0;  // bits per word
    std::uint32_t depth = 0;  // 0: a register; else a memory of `depth` words
};

// The whole simulated state at one cycle, restored in place by the backend that took it.
struct RtlSnapshot {
    std::vector<std::byte> state;
    std::uint64_t kernel_cycles = 0, total_cycles = 0, commits = 0, thread_commits = 0;
    bool running = false, done = false, block_scheduler_en = false;
};

enum class RtlBackendKind { Verilator, Ghdl };

// "verilator" / "ghdl"; throws std::invalid_argument naming the accepted values.
RtlBackendKind parse_backend_kind(const std::string& name);
const char* backend_name(RtlBackendKind kind);

struct RtlBackendOptions {
    RtlBackendKind kind = RtlBackendKind::Verilator;
    // GHDL back end: the FlexGripPlus folder (default: the one fgtlm was configured with,
    // FGTLM_FLEXGRIP_RTL) and the GHDL build cache (default: fgtlm cosim's).
    std::filesystem::path rtl_dir;
    std::filesystem::path cache_dir;
    std::ostream* log = nullptr;  // GHDL build progress
    // SP cores (8, 16, 32); 0 = the Verilated model's (FGTLM_RTL_CORES). The Verilated model
    // exists for that count only; the GHDL back end builds a simulation for any of the three.
    std::uint32_t cores = 0;
};

namespace detail {
class RtlSim;
}

class RtlBackend {
public:
    explicit RtlBackend(const RtlBackendOptions& options = {});
    ~RtlBackend();
    RtlBackend(const RtlBackend&) = delete;
    RtlBackend& operator=(const RtlBackend&) = delete;

    // SP cores the Verilated model was synthesised with (pick_bench's BENCH_CORES).
    [[nodiscard]] static std::uint32_t verilated_cores();
    // SP cores of this GPU.
    [[nodiscard]] std::uint32_t cores() const { return cores_; }
    [[nodiscard]] RtlBackendKind kind() const { return kind_; }

    // Pulses host_reset as the testbench does (memories keep their contents).
    void reset();
    // Memory images, written directly into the RTL's memory arrays (no clock cycles).
    void load_program(std::span<const std::uint32_t> words);
    void write_global(std::uint32_t addr, std::span<const std::uint8_t> bytes);
    void read_global(std::uint32_t addr, std::span<std::uint8_t> bytes);
    void write_const(std::uint32_t addr, std::span<const std::uint8_t> bytes);
    // Writes the launch configuration registers through the configuration port, in the
    // testbench's order (one clock cycle each) and the constant bytes.
    void configure(const core::LaunchConfig& launch);
    // Raises block_scheduler_en for one cycle: the kernel starts.
    void start();
    // Advances one clock cycle; returns true once the kernel is done (the cycle at which
    // the testbench samples kernel_done = '1').
    bool step();
    [[nodiscard]] std::uint64_t kernel_cycles() const { return kernel_cycles_; }
    [[nodiscard]] std::uint64_t total_cycles() const { return total_cycles_; }

    // Commit monitor: true when the last step() saw pipeline_write_done = '1'; the commit
    // is then in last_commit(). commit_count() counts them since start().
    [[nodiscard]] bool committed() const { return committed_; }
    [[nodiscard]] const RtlCommit& last_commit() const { return last_commit_; }
    // Warp instructions (last passes) and their active threads since start().
    [[nodiscard]] std::uint64_t commit_count() const { return commit_count_; }
    [[nodiscard]] std::uint64_t thread_commit_count() const { return thread_commit_count_; }
    // Execute-stage results: when capture_results(true), results() is true after a step()
    // in which pipeline_execute_done was '1', with the pass in last_result().
    void capture_results(bool on) { capture_results_ = on; }
    [[nodiscard]] bool has_result() const { return has_result_; }
    [[nodiscard]] const RtlResult& last_result() const { return last_result_; }

    // Commit trace (traces/commit-trace.md) of the kernels started from now on, the lines
    // `fgtlm cosim` writes for the RTL (header once, then one line per warp instruction).
    // Needs the fetch stage's probes: the GHDL back end only (std::logic_error otherwise).
    // nullptr turns it off. The stream must outlive the kernels.
    void trace_commits(std::ostream* out);
    [[nodiscard]] bool can_trace() const;

    // Fault injection and snapshots: the Verilated back end only (the GHDL one has no
    // storage listed and cannot snapshot). flip() inverts one bit of a register or memory
    // word between two clock cycles and re-evaluates the logic that reads it.
    [[nodiscard]] bool can_snapshot() const;
    [[nodiscard]] static std::span<const RtlStorageInfo> verilated_storage();
    void flip(std::size_t storage, std::uint32_t word, std::uint32_t bit);
    // Bits [lsb, lsb + width) of a register or memory word (width <= 64).
    [[nodiscard]] std::uint64_t peek(std::size_t storage, std::uint32_t word, std::uint32_t lsb,
                                     std::uint32_t width) const;
    void save(RtlSnapshot& out) const;
    void restore(const RtlSnapshot& snap);
    // Same simulated state and cycle as `snap` (then the rest of the run is the same too).
    [[nodiscard]] bool same_state(const RtlSnapshot& snap) const;

private:
    struct State;
    void trace_cycle();  // feeds the commit tracer after a clock edge
    void tick();         // one full clock period: rising edge, then falling edge
    void write_config(std::uint32_t reg, std::uint32_t value);
    void sample_monitors();  // commit / result monitors after a clock edge
    RtlBackendKind kind_;
    std::uint32_t cores_;
    std::unique_ptr<State> m_;
    std::uint64_t kernel_cycles_ = 0;
    std::uint64_t total_cycles_ = 0;
    bool running_ = false;
    bool done_ = false;
    bool committed_ = false;
    bool capture_results_ = false;
    bool has_result_ = false;
    RtlResult last_result_;
    RtlCommit last_commit_;
    std::uint64_t commit_count_ = 0;
    std::uint64_t thread_commit_count_ = 0;
};

}  // namespace fgtlm::rtl
