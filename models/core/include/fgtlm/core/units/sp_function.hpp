// SpFunction, the integer ALU of the SP lanes (IADD, IMUL/IMAD, ISET, IMIN/IMAX, shifts, LOP, I2I, moves).
// Works on the warp operation alone (unit_function.hpp); the RTL's integer readings are in
// semantics.cpp (scalar_processor).
// Its SystemC unit: sm::SpUnit (models/sm/include/fgtlm/sm/units/sp_unit.hpp).
#pragma once

#include <fgtlm/core/units/unit_function.hpp>

namespace fgtlm::core {

class SpFunction final : public UnitFunction {
public:
    bool execute(ExecContext& op) override;
};

}  // namespace fgtlm::core
