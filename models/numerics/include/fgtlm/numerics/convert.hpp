// Conversions of the FlexGripPlus RTL: integer -> float (I2F), float -> integer (F2I) and
// float -> float (F2F), bit-exact to the FPU's fpu_conv block. Values are raw 32-bit patterns;
// the caller extracts the source field and applies operand modifiers.
//
// The RTL converts 32-bit words only (U2F, S2F, F2U, F2S; signedness from the instruction's
// type) and ignores the rounding field: conversions always round to nearest even.
#pragma once

#include <cstdint>

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::numerics {

// I2F.F32.<src>: the source field (narrow types zero-/sign-extended) converted as a 32-bit
// unsigned or signed integer. Rounds to nearest even from the 9 bits below the result, but
// the rounding increment does not carry into the exponent: 0xFFFFFFC0..0xFFFFFFFF (U32) give
// 2^31 (0x4F000000), not 2^32. `r` is ignored, as in the RTL.
std::uint32_t i2f(std::uint32_t v, isa::DataType src, isa::Rounding r);

// F2I.<dst>.F32, rounded to nearest even whatever `r` says. Denormals and zero give 0.
// Unsigned (F2U): Inf, NaN, values >= 2^32 and negatives below -0.5 give 0xFFFFFFFF;
// [-0.5, -0] gives 0. Signed (F2S): NaN, -Inf and values out of range give 0x80000000,
// +Inf 0x7FFFFFFF; 2^31 itself gives 0. 16-bit destinations saturate the 32-bit result.
std::uint32_t f2i(std::uint32_t f, isa::DataType dst, isa::Rounding r);

// F2F.F32.F32: the RTL's transfer (sub-op 110): the word passes unchanged. No rounding to an
// integral value (.RNI etc. are ignored), no flushing, NaNs keep their bits.
std::uint32_t f2f(std::uint32_t f, isa::Rounding r, bool round_to_integer = false);

}  // namespace fgtlm::numerics
