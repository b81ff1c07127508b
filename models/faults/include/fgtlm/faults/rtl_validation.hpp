// Validation of the register-file fault models (GPR, address registers, predicate flags; flip
// and stuck-at) against the FlexGripPlus RTL under GHDL: the same faults go into the model
// (the campaign's own records) and into the RTL (a fault-injection build of models/cosim:
// fgtlm_fault.txt names warp, k, register file, SP core, RAM address, bit and mode), and the
// two classifications are compared.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include <fgtlm/faults/campaign.hpp>

namespace fgtlm::faults {

struct RtlValidationOptions {
    std::filesystem::path rtl_dir;    // FlexGripPlus folder
    std::filesystem::path cache_dir;  // RTL build cache (empty: cosim's default)
    std::filesystem::path work_dir;   // run folders (empty: a temporary folder)
    double timeout_seconds = 600.0;   // wall-clock limit of one RTL run
};

// Where a model register-file fault lands in the RTL: warp `warp` before its k-th instruction
// (0-based, fetch of pass 0), register file `file` (0 general, 1 address, 2 predicate, 3 shared memory) of SP
// core `core`, dp_regfile address `address`, bit `bit`, mode 0 flip / 1 stuck-at-0 / 2 stuck-at-1.
struct RtlSite {
    std::uint32_t warp = 0, k = 0, file = 0, core = 0, address = 0, bit = 0, mode = 0;
    bool reached = true;  // false: warp `warp` has finished before the fault's time
    bool stored = true;   // false: the RTL has no storage for this model site (A4-A7)
};
// Throws std::invalid_argument for a structure the RTL injector cannot reach.
RtlSite rtl_site(Campaign& c, const Fault& f);
// The time part of a site: warp `warp`'s instructions among the model's first `time` dynamic
// warp instructions (k), and whether the warp still runs then (reached).
RtlSite warp_time(Campaign& c, std::uint32_t warp, std::uint64_t time);
// The warp that issues the model's dynamic warp instruction `time` and that warp's
// instructions before it (k); reached = false when the kernel ends first.
RtlSite issue_time(Campaign& c, std::uint64_t time);

// Structures with an RTL counterpart in the fault-injection build: gpr, areg, pred, shared.
bool rtl_injectable(Structure s);

struct RtlValidationSummary {
    std::uint64_t injections = 0, agree = 0;
    std::uint64_t not_stored = 0;                          // model sites with no RTL storage (not run, not counted)
    nlohmann::json confusion = nlohmann::json::object();   // "model/rtl" -> count
    nlohmann::json structures = nlohmann::json::object();  // name -> counts, class pairs, AVF model / RTL
};

// The summary key of a fault's structure, as in the campaign summary ("gpr", "gpr/stuck0").
std::string structure_key(const Fault& f);
// Counts a model site the RTL has no storage for (not run, not in the agreement).
void count_not_stored(RtlValidationSummary& sum, const std::string& structure);
// Adds one injection's model and RTL classes to the counts of `structure` and the totals.
void count_agreement(RtlValidationSummary& sum, const std::string& structure, const std::string& model_class,
                     const std::string& rtl_class);

// Runs the injections `ids` of campaign `c` on the RTL and the model; each record (the
// model's record plus "rtl": {class, site, cycles, wall_seconds}, "agree") goes to `sink`.
RtlValidationSummary validate_on_rtl(Campaign& c, const std::vector<std::uint64_t>& ids,
                                     const RtlValidationOptions& opt,
                                     const std::function<void(const nlohmann::json&)>& sink, std::ostream* log);

}  // namespace fgtlm::faults
