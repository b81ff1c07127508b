// SpUnit: the integer ALU of the streaming processors (IADD, IMUL/IMAD, ISET, shifts, LOP, I2I, moves).
// A SystemC module with a TLM-2.0 target socket (see exec_unit_module.hpp for the payload,
// the direct interface and the timing constants).
#pragma once

#include <fgtlm/sm/units/exec_unit_module.hpp>

namespace fgtlm::sm {

class SpUnit final : public ExecUnitModule {
public:
    explicit SpUnit(sc_core::sc_module_name name) : ExecUnitModule(name, &function_) {}
    const char* kind() const override { return "fgtlm::sm::SpUnit"; }

private:
    core::SpFunction function_;
};

}  // namespace fgtlm::sm
