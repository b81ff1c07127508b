// BranchUnit: BRA, SSY/join, CAL/RET, KIL, BAR, NOP and TRAP. They act on the warp's PC,
// active mask and divergence stack, handed to it in the payload (ExecContext::warp); what
// reaches beyond the warp (a finished warp, the block's barrier) it asks of the SM through
// core::WarpControl (core/units/branch_function.hpp). A SystemC module with a TLM-2.0 target
// socket (unit_base.hpp).
#pragma once

#include <fgtlm/sm/units/unit_base.hpp>

namespace fgtlm::sm {

class BranchUnit final : public UnitBase {
public:
    BranchUnit(sc_core::sc_module_name name, core::SmCore& core)
        : UnitBase(name, &function_), function_(core.warp_control(), core.branch_config()) {}
    const char* kind() const override { return "fgtlm::sm::BranchUnit"; }

private:
    core::BranchFunction function_;
};

}  // namespace fgtlm::sm
