// FpuFunction, the floating-point unit (FADD, FMUL, FMAD, FSET, FMIN/FMAX, I2F/F2I/F2F, RRO).
// Works on the warp operation alone (unit_function.hpp); the bit-exact arithmetic of the RTL's
// FPU is models/numerics (fpu*.cpp).
// Its SystemC unit: sm::FpuUnit (models/sm/include/fgtlm/sm/units/fpu_unit.hpp).
#pragma once

#include <fgtlm/core/units/unit_function.hpp>

namespace fgtlm::core {

class FpuFunction final : public UnitFunction {
public:
    bool execute(ExecContext& op) override;
};

}  // namespace fgtlm::core
