// FpuUnit: the floating-point unit (FADD, FMUL, FMAD, FSET, FMIN/FMAX, I2F/F2I/F2F, RRO).
// A SimpleUnit: a SystemC module with a TLM-2.0 target socket (see unit_base.hpp for
// the payload, the direct interface and the timing constants).
#pragma once

#include <fgtlm/core/units/fpu_function.hpp>

#include <fgtlm/sm/units/unit_base.hpp>

namespace fgtlm::sm {

using FpuUnit = SimpleUnit<core::FpuFunction, "fgtlm::sm::FpuUnit">;

}  // namespace fgtlm::sm
