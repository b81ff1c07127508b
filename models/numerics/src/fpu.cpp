// FADD / FMUL / FMAD / FSET of the FlexGripPlus FPU (fpu_rtl*.cpp), FMIN / FMAX.
#include <fgtlm/numerics/fpu.hpp>

#include "fpu_rtl.hpp"
#include "softfloat.hpp"

namespace fgtlm::numerics {

using namespace detail;

namespace {

// fpu_exceptions' invalid result, which wins over everything else: the first operand with an
// exponent field of 255 (FMAD also looks at c), with bit 22 set. Checked by the golden tests.
constexpr bool exp255(std::uint32_t x) { return ((x >> 23) & 0xffu) == 0xffu; }
constexpr std::uint32_t nan_of(std::uint32_t x) { return (x & 0x80000000u) | 0x7fc00000u | (x & 0x3fffffu); }

}  // namespace

std::uint32_t fadd(std::uint32_t a, std::uint32_t b, isa::Rounding r) {
    if (exp255(a)) return nan_of(a);
    if (exp255(b)) return nan_of(b);
    std::uint32_t fast = 0;
    if (fadd_settled(a, b, static_cast<unsigned>(r), fast)) return fast;  // the common operands
    return fpu_rtl_arith(FpuRtlOp::Fadd, a, b, 0, static_cast<unsigned>(r)).result;
}

std::uint32_t fmul(std::uint32_t a, std::uint32_t b, isa::Rounding r) {
    if (exp255(a)) return nan_of(a);
    if (exp255(b)) return nan_of(b);
    return fpu_rtl_arith(FpuRtlOp::Fmul, a, b, 0, static_cast<unsigned>(r)).result;
}

std::uint32_t fmad(std::uint32_t a, std::uint32_t b, std::uint32_t c, isa::Rounding r) {
    if (exp255(a)) return nan_of(a);
    if (exp255(b)) return nan_of(b);
    if (exp255(c)) return nan_of(c);
    std::uint32_t fast = 0;
    if (fmad_settled(a, b, c, static_cast<unsigned>(r), fast)) return fast;
    return fpu_rtl_arith(FpuRtlOp::Fmad, a, b, c, static_cast<unsigned>(r)).result;
}

bool fcompare(std::uint32_t a, std::uint32_t b, isa::CompareOp op, bool abs) {
    return fpu_rtl_set(a, b, static_cast<unsigned>(op), abs) != 0;
}

namespace {
// Total order key with -0 < +0.
std::int64_t minmax_key(std::uint32_t x) {
    const std::int64_t mag = x & 0x7FFFFFFFu;
    return sign_of(x) ? -mag - 1 : mag;
}
}  // namespace

std::uint32_t fmin(std::uint32_t a, std::uint32_t b) {
    if (is_nan(a)) return is_nan(b) ? kCanonicalNaN : b;
    if (is_nan(b)) return a;
    return minmax_key(a) <= minmax_key(b) ? a : b;
}

std::uint32_t fmax(std::uint32_t a, std::uint32_t b) {
    if (is_nan(a)) return is_nan(b) ? kCanonicalNaN : b;
    if (is_nan(b)) return a;
    return minmax_key(a) >= minmax_key(b) ? a : b;
}

FpFlags fp_flags(std::uint32_t result) {
    FpFlags f;
    const bool nan = is_nan(result);
    const bool zero = (result & 0x7FFFFFFFu) == 0;
    f.zero = zero || nan;
    f.sign = nan || (sign_of(result) && !zero);
    f.carry = false;
    f.overflow = false;
    return f;
}

}  // namespace fgtlm::numerics
