// Validation of the GPR fault model against the FlexGripPlus RTL under GHDL: the same
// register-file bit flips go into the model (the campaign's own records) and into the RTL
// (a fault-injection build of models/cosim: fgtlm_fault.txt names warp, k, SP core, RAM
// address and bit), and the two classifications are compared.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "fgtlm/faults/campaign.hpp"

namespace fgtlm::faults {

struct RtlValidationOptions {
    std::filesystem::path rtl_dir;      // FlexGripPlus folder
    std::filesystem::path cache_dir;    // RTL build cache (empty: cosim's default)
    std::filesystem::path work_dir;     // run folders (empty: a temporary folder)
    double timeout_seconds = 600.0;     // wall-clock limit of one RTL run
};

// Where a model GPR fault lands in the RTL: warp `warp` before its k-th instruction
// (0-based, fetch of pass 0), SP core `core`, dp_regfile address `address`, bit `bit`.
struct RtlGprSite {
    std::uint32_t warp = 0, k = 0, core = 0, address = 0, bit = 0;
    bool reached = true;  // false: warp `warp` has finished before the fault's time
};
RtlGprSite rtl_gpr_site(Campaign& c, const Fault& f);

struct RtlValidationSummary {
    std::uint64_t injections = 0, agree = 0;
    nlohmann::json confusion = nlohmann::json::object();  // "model/rtl" -> count
};

// Runs the GPR injections `ids` of campaign `c` on the RTL and the model; each record (the
// model's record plus "rtl": {class, site, cycles, wall_seconds}, "agree") goes to `sink`.
RtlValidationSummary validate_on_rtl(Campaign& c, const std::vector<std::uint64_t>& ids, const RtlValidationOptions& opt,
                                     const std::function<void(const nlohmann::json&)>& sink, std::ostream* log);

}  // namespace fgtlm::faults
