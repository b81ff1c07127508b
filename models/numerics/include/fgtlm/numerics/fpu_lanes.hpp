// 32-lane FMUL and FMAD with host arithmetic, bit-exact to the scalar fmul()/fmad().
//
// The exact result of a binary32 product fits a double (24 x 24 bits = 48 <= 53) and the
// host's binary32 multiply rounds it to nearest-even exactly as round_pack() does; FMAD's
// exact a*b + c is formed in double with an exact error term (TwoSum) and rounded to odd,
// which makes the final conversion to binary32 a correct single rounding (53 >= 24 + 2).
// Lanes whose inputs are not all normal numbers, whose result is not a normal number of
// exponent >= 2 (results near the underflow threshold round differently in the RTL, which
// rounds at full precision then flushes), or whose rounding is not Nearest, take the
// scalar routine. Lanes outside `mask` get 0.
#pragma once

#include <cstdint>

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::numerics {

void fmul_lanes(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* r, std::uint32_t mask,
                isa::Rounding rnd);
void fmad_lanes(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* r,
                std::uint32_t mask, isa::Rounding rnd);

}  // namespace fgtlm::numerics
