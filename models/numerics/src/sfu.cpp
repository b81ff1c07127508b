// Special-function unit: RCP, RSQ, LG2, EX2, SIN, COS and RRO.
//
// Method. The RTL's SFU is a table-driven quadratic interpolator whose coefficient tables are
// not known here; its golden outputs (Log2-hard: 32 LG2 results, exp: 32 EX2 results, nn: 1024
// RCP(RSQ()) chains) are within a few ulp of the exact function (|err| <= 3 * 2^-24 absolute
// for LG2 on [1,2), -3..0 ulp for EX2). A piecewise-quadratic refit could not be tied to
// those points (the errors are dominated by the unknown fixed-point widths, not by the
// approximation), so each function is evaluated in double precision and rounded once to
// binary32; the rounding direction per function is the one the golden data supports best:
//   LG2, RCP, RSQ, SIN, COS: round to nearest (LG2: 13/32 golden words exact; nn: 524/1024)
//   EX2: toward zero (the RTL's EX2 is never above the exact value: 24/64 exact vs 12 for RN)
// Special values follow the SFU's IEEE-style conventions: FTZ inputs and outputs,
// rcp(+-0) = +-inf, rsq(+-0) = +-inf, rsq(x<0) = NaN, lg2(+-0) = -inf (golden: Log2-hard),
// lg2(x<0) = NaN, lg2(+inf) = +inf, ex2(-inf) = +0, ex2(+inf) = +inf.
#include <fgtlm/numerics/sfu.hpp>

#include <cmath>
#include <cstring>
#include <numbers>

#include <fgtlm/numerics/fpu.hpp>

#include "softfloat.hpp"

namespace fgtlm::numerics {

using namespace detail;

namespace {

double to_double(std::uint32_t u) {
    if (is_zero_ftz(u)) return sign_of(u) ? -0.0 : 0.0;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

// Round a double to binary32: to nearest-even, or toward zero. Denormal results flush to a
// signed zero, overflow gives infinity (nearest) or the largest finite value (toward zero).
std::uint32_t round_double(double d, bool toward_zero) {
    if (std::isnan(d)) return kCanonicalNaN;
    float f = static_cast<float>(d);  // round to nearest (default FP environment)
    if (toward_zero && std::isfinite(d) && std::fabs(static_cast<double>(f)) > std::fabs(d)) {
        f = std::nextafter(f, 0.0f);
    }
    std::uint32_t u;
    std::memcpy(&u, &f, 4);
    return biased_exp(u) == 0 ? (u & kSignBit) : u;
}

constexpr double kTwoPi = 2.0 * std::numbers::pi;

}  // namespace

std::uint32_t rcp(std::uint32_t x) {
    if (is_nan(x)) return kCanonicalNaN;
    return round_double(1.0 / to_double(x), false);
}

std::uint32_t rsq(std::uint32_t x) {
    if (is_nan(x)) return kCanonicalNaN;
    if (is_zero_ftz(x)) return signed_inf(sign_of(x));
    if (sign_of(x)) return kCanonicalNaN;
    return round_double(1.0 / std::sqrt(to_double(x)), false);
}

std::uint32_t lg2(std::uint32_t x) {
    if (is_nan(x)) return kCanonicalNaN;
    if (is_zero_ftz(x)) return signed_inf(true);
    if (sign_of(x)) return kCanonicalNaN;
    return round_double(std::log2(to_double(x)), false);
}

std::uint32_t ex2(std::uint32_t v) {
    if (is_nan(v)) return kCanonicalNaN;
    return round_double(std::exp2(to_double(v)), true);
}

// SIN/COS take RRO.SINCOS's output: the angle in turns (x / 2pi).
std::uint32_t sin(std::uint32_t v) {
    if (is_nan(v) || is_inf(v)) return kCanonicalNaN;
    const double turns = to_double(v);
    return round_double(std::sin(kTwoPi * (turns - std::nearbyint(turns))), false);
}

std::uint32_t cos(std::uint32_t v) {
    if (is_nan(v) || is_inf(v)) return kCanonicalNaN;
    const double turns = to_double(v);
    return round_double(std::cos(kTwoPi * (turns - std::nearbyint(turns))), false);
}

// RRO.SINCOS: x / (2 pi) rounded to binary32 (the angle in turns), like G80's RRO, which
// scales by 1/(2 pi) before the SFU so SIN/COS only need the fractional turn.
// RRO.EX2: the value itself (denormals flushed, NaN canonical); EX2 splits it into integer
// and fractional parts. Both formats are only consumed by SIN/COS/EX2.
std::uint32_t rro(std::uint32_t x, isa::RroKind kind) {
    if (is_nan(x)) return kCanonicalNaN;
    if (is_zero_ftz(x)) return x & kSignBit;
    if (kind == isa::RroKind::Ex2 || is_inf(x)) return x;
    return round_double(to_double(x) / kTwoPi, false);
}

}  // namespace fgtlm::numerics
