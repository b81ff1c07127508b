// Single-precision floating-point arithmetic of the FlexGripPlus FPU, bit-exact to the RTL.
//
// All values are raw IEEE-754 binary32 bit patterns. Operand modifiers (negate, |x|) are the
// caller's job: flip/clear the sign bit before calling. The functions are pure, allocation
// free and safe to call from any thread.
//
// Behaviour common to all operations (see REPORT-numerics.md for the RTL evidence):
//  * denormal inputs are treated as zero of the same sign (flush-to-zero, as G80);
//  * results that would be denormal are flushed to zero of the result's sign;
//  * any NaN result is the canonical NaN 0x7FFFFFFF;
//  * Rounding::Nearest is round-to-nearest-even, Down/Up/Trunc the directed modes.
#pragma once

#include <cstdint>

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::numerics {

// The canonical NaN the FPU produces (G80 convention).
inline constexpr std::uint32_t kCanonicalNaN = 0x7FFFFFFFu;

// a + b (FADD, FADD32, FADD32I).
std::uint32_t fadd(std::uint32_t a, std::uint32_t b, isa::Rounding r);

// a * b (FMUL, FMUL32, FMUL32I).
std::uint32_t fmul(std::uint32_t a, std::uint32_t b, isa::Rounding r);

// a * b + c (FMAD, FMAD32, FMAD32I) as the RTL computes it: fused, i.e. the exact product
// plus c rounded once with rounding `r` (IEEE-style, with a sticky bit; unlike FADD).
// Evidence: nn bundle, 991/1024 with the SFU model vs 937 for G80's truncated product + FADD.
std::uint32_t fmad(std::uint32_t a, std::uint32_t b, std::uint32_t c, isa::Rounding r);

// FSET comparison `a op b`. Ordered comparisons (LT, EQ, LE, GT, GE) are false when either
// operand is NaN; NE is true when either operand is NaN (unordered-or-not-equal);
// FL is always false and TR always true. -0 == +0.
bool fcompare(std::uint32_t a, std::uint32_t b, isa::CompareOp op);

// FMIN/FMAX: if exactly one operand is NaN the other is returned; two NaNs give the
// canonical NaN. -0 is less than +0.
std::uint32_t fmin(std::uint32_t a, std::uint32_t b);
std::uint32_t fmax(std::uint32_t a, std::uint32_t b);

// Condition-code flags written to a predicate register (`.Cn`) by an FP instruction, from its
// 32-bit result. The manual's condition table encodes "unordered" as Z&S (NAN = Z&S,
// NUM = ~Z|~S, LT = (S&~Z)^O, EQ = Z&~S), so:
//   zero     = result is +0, -0 or NaN
//   sign     = result is negative (not -0) or NaN
//   carry    = false (FP operations do not produce a carry)
//   overflow = false
// With these flags every FP condition (LT..GEU, NAN, NUM) gives the IEEE answer.
struct FpFlags {
    bool zero = false;
    bool sign = false;
    bool carry = false;
    bool overflow = false;
};
FpFlags fp_flags(std::uint32_t result);

}  // namespace fgtlm::numerics
