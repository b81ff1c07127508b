// Conversions of the FlexGripPlus RTL: integer -> float (I2F), float -> integer (F2I) and
// float -> float (F2F), bit-exact to the RTL. Values are raw 32-bit patterns; the caller
// extracts the source field (e.g. a 16-bit half register) and applies operand modifiers.
#pragma once

#include <cstdint>

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::numerics {

// I2F.F32.<src>: `v` holds the source integer in its low bits (only the bits of `src` are
// used; signed types are sign-extended from their width). src: U8, S8, U16, S16, U32, S32.
// The result is rounded with `r` (only 32-bit sources can be inexact).
std::uint32_t i2f(std::uint32_t v, isa::DataType src, isa::Rounding r);

// F2I.<dst>.F32: rounds `f` to an integer with `r` and saturates to the range of dst
// (U16, S16, U32, S32). NaN converts to 0. 16-bit results are returned zero-extended
// (U16) or sign-extended (S16) to 32 bits.
std::uint32_t f2i(std::uint32_t f, isa::DataType dst, isa::Rounding r);

// F2F.F32.F32: a float-to-float move that flushes denormals to zero and canonicalises NaN.
// `r` selects rounding to an integral value when the encoding asks for it
// (F2F.RNI/.RMI/.RPI/.RZI -> round_to_integer = true); plain F2F passes the value through.
std::uint32_t f2f(std::uint32_t f, isa::Rounding r, bool round_to_integer = false);

}  // namespace fgtlm::numerics
