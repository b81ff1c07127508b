// SfuFunction, the special-function unit (RCP, RSQ, LG2, EX2, SIN, COS).
// Works on the warp operation alone (unit_function.hpp); the bit-exact arithmetic of the RTL's
// SFU is models/numerics (sfu*.cpp).
// Its SystemC unit: sm::SfuUnit (models/sm/include/fgtlm/sm/units/sfu_unit.hpp).
#pragma once

#include <fgtlm/core/units/unit_function.hpp>

namespace fgtlm::core {

class SfuFunction final : public UnitFunction {
public:
    bool execute(ExecContext& op) override;
};

}  // namespace fgtlm::core
