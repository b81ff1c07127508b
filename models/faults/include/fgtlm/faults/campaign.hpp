// A fault-injection campaign: the target kernel, what to inject, the golden run, and the
// injection of any subset of its faults with classification into JSON Lines records.
//
// Injections run on the functional core (faults::Machine: one SmCore, its memories, no
// SystemC), ordered by time: a prefix machine runs the kernel once, and each injection starts
// from a copy of it at its instruction (no re-run of the prefix).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <fgtlm/loaders/kernel_image.hpp>

#include <fgtlm/faults/fault.hpp>
#include <fgtlm/loaders/launch_target.hpp>
#include <fgtlm/faults/space.hpp>

namespace fgtlm::faults {

// What `fgtlm run` accepts: a bundle folder, a FlexGripPlus application folder or a .sass file
// with its launch: the launch loader's own description (a campaign sets and records the target,
// flexgrip and the .sass launch fields: grid, block, params, global_init, regs, shared,
// blocks_per_sm).
using TargetSpec = loaders::LaunchTarget;
// With loaders::load_launch_target, the one launch loader. Throws loaders::LoadError.
loaders::KernelImage load_target(const TargetSpec& t);

struct StructurePlan {
    Structure structure = Structure::Gpr;
    FaultModel model = FaultModel::Flip;
    std::uint64_t count = 0;  // 0 = the campaign's count (or the Leveugle size / the whole space)
};

// Limits checked before anything is allocated for them: injections of a campaign (its fault
// list is sized by it: about 40 bytes an injection), and the golden run's watchdog.
constexpr std::uint64_t kMaxInjections = 20'000'000ull;
constexpr std::uint64_t kDefaultGoldenInstructions = 20'000'000ull;  // as `fgtlm run`'s watchdog
constexpr std::uint64_t kMaxGoldenInstructions = 4'000'000'000ull;

struct CampaignSpec {
    TargetSpec target;
    std::vector<StructurePlan> plans;  // empty = transient flips in the GPRs in use
    std::uint64_t seed = 1;
    bool exhaustive = false;           // every site x instruction instead of a sample
    std::optional<std::uint64_t> at_instruction;  // all faults at this dynamic warp instruction
    std::optional<std::uint64_t> at_cycle;        // ... or at this fixed-mode cycle (32/lanes per instruction)
    std::uint64_t count = 1000;        // injections per structure
    double margin = 0.0;               // > 0: count from Leveugle et al. for this margin
    double confidence = 0.99;
    double hang_factor = 4.0;          // watchdog: this many times the golden instruction count
    std::uint64_t max_instructions = kDefaultGoldenInstructions;  // golden run's watchdog (warp instructions)
};
// JSON form (the --campaign file): every field optional, names as in CampaignSpec; "plans"
// entries are {"structure": "gpr", "model": "flip", "count": 100} or plain structure names.
CampaignSpec campaign_from_json(const nlohmann::json& j);  // throws std::invalid_argument
nlohmann::json to_json(const CampaignSpec& spec);

enum class Outcome : std::uint8_t { Masked, Sdc, Due, Hang };
const char* to_string(Outcome o);

class Machine;
enum class RunStatus : std::uint8_t;

class Campaign {
public:
    // Loads the target and runs the golden kernel. Throws on bad input or a failing golden run.
    explicit Campaign(CampaignSpec spec);
    // The same for a kernel image built in memory (spec.target is only recorded).
    Campaign(CampaignSpec spec, loaders::KernelImage image);
    ~Campaign();

    [[nodiscard]] const CampaignSpec& spec() const { return spec_; }
    [[nodiscard]] const loaders::KernelImage& image() const { return image_; }
    [[nodiscard]] std::uint64_t golden_steps() const { return golden_steps_; }
    [[nodiscard]] std::uint32_t cycles_per_instruction() const { return cpi_; }
    [[nodiscard]] std::uint64_t size() const { return total_; }
    // Planned injections per structure plan, in plan order.
    [[nodiscard]] const std::vector<StructurePlan>& plans() const { return plans_; }
    [[nodiscard]] Fault fault(std::uint64_t id) const;
    [[nodiscard]] std::size_t plan_of(std::uint64_t id) const;
    // First line of every JSON Lines file of this campaign; equal headers = same campaign.
    [[nodiscard]] nlohmann::json header() const;

    // Injects the faults `ids` in this process on the functional core with snapshot/restore
    // (any order; they run sorted by time) and hands each record, one JSON line without
    // newline, to `sink`. (faults/systemc_path.hpp runs them through the SystemC model.)
    void run(std::vector<std::uint64_t> ids, const std::function<void(const std::string&)>& sink);
    // One injection into a machine positioned at its time.
    nlohmann::json inject(Machine& work, std::uint64_t id, const Fault& f);
    // One injection of any fault (not necessarily of the plan), from the start: tests, tools.
    nlohmann::json inject_fault(const Fault& f);

    // Instruction limit of an injected run (the Hang watchdog).
    [[nodiscard]] std::uint64_t hang_limit() const;
    [[nodiscard]] const std::vector<std::uint8_t>& golden_global() const;
    // The record of an injected run that ended with `status` (Running = stopped by the
    // watchdog), its error, and global memory `global` (golden_global().size() bytes).
    [[nodiscard]] nlohmann::json record(std::uint64_t id, const Fault& f, bool activated, std::uint64_t instructions,
                                        RunStatus status, const core::KernelError& e, const std::uint8_t* global) const;

private:
    void prepare();

    CampaignSpec spec_;
    loaders::KernelImage image_;
    struct Engine;
    std::unique_ptr<Engine> engine_;
    std::vector<StructurePlan> plans_;
    std::vector<StructureSpace> spaces_;
    std::vector<std::uint64_t> plan_first_;  // first id of each plan
    std::uint64_t total_ = 0;
    std::uint64_t golden_steps_ = 0;
    std::uint32_t cpi_ = 4;
    std::optional<std::uint64_t> at_;
};

// JSON of a fault's site coordinates with their names ({"warp":..,"reg":..,"lane":..,"bit":..}).
nlohmann::json site_json(const Fault& f, std::uint32_t regs_per_thread);

}  // namespace fgtlm::faults
