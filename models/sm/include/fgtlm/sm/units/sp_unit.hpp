// SpUnit: the integer ALU of the streaming processors (IADD, IMUL/IMAD, ISET, shifts, LOP, I2I, moves).
// A SimpleUnit: a SystemC module with a TLM-2.0 target socket (see unit_base.hpp for
// the payload, the direct interface and the timing constants).
#pragma once

#include <fgtlm/core/units/sp_function.hpp>

#include <fgtlm/sm/units/unit_base.hpp>

namespace fgtlm::sm {

using SpUnit = SimpleUnit<core::SpFunction, "fgtlm::sm::SpUnit">;

}  // namespace fgtlm::sm
