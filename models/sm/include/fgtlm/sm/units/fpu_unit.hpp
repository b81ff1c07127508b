// FpuUnit: the floating-point unit (FADD, FMUL, FMAD, FSET, FMIN/FMAX, I2F/F2I/F2F, RRO).
// A SystemC module with a TLM-2.0 target socket (see exec_unit_module.hpp for the payload,
// the direct interface and the timing constants).
#pragma once

#include <fgtlm/sm/units/exec_unit_module.hpp>

namespace fgtlm::sm {

class FpuUnit final : public ExecUnitModule {
public:
    explicit FpuUnit(sc_core::sc_module_name name) : ExecUnitModule(name, &function_) {}
    const char* kind() const override { return "fgtlm::sm::FpuUnit"; }

private:
    core::FpuFunction function_;
};

}  // namespace fgtlm::sm
