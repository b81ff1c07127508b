// 32-lane FMUL and FMAD with host arithmetic, bit-exact to the scalar fmul()/fmad().
//
// The exact result of a binary32 product fits a double (24 x 24 bits = 48 <= 53) and the
// host's binary32 multiply rounds it to nearest-even exactly as round_pack() does; FMAD's
// exact a*b + c is formed in double with an exact error term (TwoSum) and rounded to odd,
// which makes the final conversion to binary32 a correct single rounding (53 >= 24 + 2).
// Where this equals the RTL's fpu_mul/fpu_fma (which round to nearest even like the host for
// normal operands and normal results): lanes with all operands normal, a result of exponent
// 2..254 and rounding Nearest (FMAD's c may also be ±0, and must lie within 23 binades below the
// product: further down fpu_fma folds it into a sticky bit that rounds a tie up); for FMUL also a ±0 operand with the
// other's exponent below 255 (the signed zero); for FMAD also a zero product with a normal c that
// fpu_fma aligns without a shift (it passes c). Every other lane (denormals, Inf/NaN, results near
// the range limits, directed rounding) takes the scalar routine, i.e. the RTL model (settled where
// that is proven equal, else clocked). FADD (fadd_lanes) is the RTL's settled adder/subtractor
// per lane (fpu_rtl_fadd.cpp), not host arithmetic. Lanes outside `mask` get 0.
#pragma once

#include <cstdint>

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::numerics {

void fmul_lanes(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* r, std::uint32_t mask,
                isa::Rounding rnd);
void fadd_lanes(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* r, std::uint32_t mask,
                isa::Rounding rnd);
void fmad_lanes(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* r,
                std::uint32_t mask, isa::Rounding rnd);

}  // namespace fgtlm::numerics
