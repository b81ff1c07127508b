// SfuUnit: the special-function unit (RCP, RSQ, LG2, EX2, SIN, COS).
// A SimpleUnit: a SystemC module with a TLM-2.0 target socket (see unit_base.hpp for
// the payload, the direct interface and the timing constants).
#pragma once

#include <fgtlm/core/units/sfu_function.hpp>

#include <fgtlm/sm/units/unit_base.hpp>

namespace fgtlm::sm {

using SfuUnit = SimpleUnit<core::SfuFunction, "fgtlm::sm::SfuUnit">;

}  // namespace fgtlm::sm
