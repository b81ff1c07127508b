// SfuUnit: the special-function unit (RCP, RSQ, LG2, EX2, SIN, COS).
// A SystemC module with a TLM-2.0 target socket (see exec_unit_module.hpp for the payload,
// the direct interface and the timing constants).
#pragma once

#include <fgtlm/sm/units/exec_unit_module.hpp>

namespace fgtlm::sm {

class SfuUnit final : public ExecUnitModule {
public:
    explicit SfuUnit(sc_core::sc_module_name name) : ExecUnitModule(name, &function_) {}
    const char* kind() const override { return "fgtlm::sm::SfuUnit"; }

private:
    core::SfuFunction function_;
};

}  // namespace fgtlm::sm
