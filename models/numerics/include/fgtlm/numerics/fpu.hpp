// Single-precision floating-point arithmetic of the FlexGripPlus FPU, bit-exact to the RTL.
//
// All values are raw IEEE-754 binary32 bit patterns. Operand modifiers (negate, |x|) are the
// caller's job: flip/clear the sign bit before calling (the RTL flips the sign bit in its SET
// state, which is the same). The functions are pure, allocation free and thread safe.
//
// FADD/FMUL/FMAD/FSET are the RTL's fpu_single (src/fpu_rtl*.cpp, a clocked transcription of
// RTL/SMP/Pipeline/Execution/FPU checked against 185,662 GHDL vectors in
// tests/numerics/golden/fpu_rtl.txt). What that means for results (none of it is IEEE):
//  * denormal operands are used as denormals, and results can be denormal (no flush to zero);
//  * an exponent field of 255 counts as a NaN whatever the fraction: a NaN or Inf operand a
//    (else b, else FMAD's c) gives sign(x) | 0x7FC00000 | (x & 0x3FFFFF), e.g. Inf * 2 ->
//    0x7FC00000, 0xFFFFFFFF -> 0xFFFFFFFF; Inf - Inf and 0 * Inf are no special cases;
//  * FADD keeps 2 bits below the result (no sticky bit) and FMUL/FMAD one sticky bit;
//  * FADD with a negative operand subtracts magnitudes: (-1) + (-2) = -1 (fpu_sub);
//  * FMAD of an exact cancellation is not 0 (1*1 - 1 = 7: a register fpu_fma leaves unassigned);
//  * rounding `r` is the FPU's 2-bit rmode (isa::Rounding's value; the core passes instruction
//    bits 52..51, which is what reaches the RTL's FPU): 00 rounds to nearest even, 01/10/11
//    truncate; on overflow 00 gives Inf, 01 the largest finite value, 10/11 +0.
#pragma once

#include <cstdint>

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::numerics {

// The NaN FMIN/FMAX return for two NaN operands (G80's canonical NaN; FMIN/FMAX are not
// instructions of the RTL's FPU). The RTL FPU itself has no canonical NaN (see above).
inline constexpr std::uint32_t kCanonicalNaN = 0x7FFFFFFFu;

// a + b (FADD, FADD32, FADD32I).
std::uint32_t fadd(std::uint32_t a, std::uint32_t b, isa::Rounding r);

// a * b (FMUL, FMUL32, FMUL32I).
std::uint32_t fmul(std::uint32_t a, std::uint32_t b, isa::Rounding r);

// a * b + c (FMAD, FMAD32, FMAD32I): the RTL's fused datapath (fpu_fma_32.vhd), the exact
// product aligned against c in 77 bits and rounded once.
std::uint32_t fmad(std::uint32_t a, std::uint32_t b, std::uint32_t c, isa::Rounding r);

// FSET `a op b` as fpu_set_32.vhd compares: exponent and fraction fields as unsigned numbers,
// the signs per condition, no NaN or zero classes (+0 != -0; a NaN compares by its bits, so
// NaN GE x can be true). FL/TR (and anything else) give false. `abs` is the instruction's
// bit 52 (saturate_in), which makes the conditions ignore the signs in the RTL's own way.
bool fcompare(std::uint32_t a, std::uint32_t b, isa::CompareOp op, bool abs = false);

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
