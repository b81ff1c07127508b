// Special-function unit: RCP, RSQ, LG2, EX2, SIN, COS and RRO.
//
// EX2, RCP, RSQ and LG2 are the RTL's datapath: an Oberman-Siu piecewise-quadratic
// interpolator (see sfu_tables.hpp and quad_interpolate() below) whose result is normalised
// and rounded like the FPU adder, with only a guard and a round bit (LG2 interpolates
// log2(m)/(m-1) and multiplies by m-1); the squarer output xl^2 is truncated to 2^-27.
// Golden data: exp 64/64, Log2-hard 1024/1024, nn RCP(RSQ(FMAD)) 1024/1024 (was 527 with
// exactly rounded RCP/RSQ, 991 with an exact squarer).
//
// SIN, COS: no golden data. They are evaluated in double precision and rounded once to
// binary32 (round to nearest); the RTL very likely uses the same interpolator on a quarter
// period, but its ROM widths and RRO format cannot be identified without data.
// Special values follow the SFU's IEEE-style conventions: FTZ inputs and outputs,
// rcp(+-0) = +-inf, rcp(+-inf) = +-0, rsq(+-0) = +-inf, rsq(x<0) = NaN, rsq(+inf) = +0,
// lg2(+-0) = -inf (golden: Log2-hard), lg2(x<0) = NaN, lg2(+inf) = +inf, ex2(-inf) = +0,
// ex2(+inf) = +inf.
#include <fgtlm/numerics/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstring>
#include <numbers>

#include <fgtlm/numerics/fpu.hpp>

#include "sfu_tables.hpp"
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

// The interpolator: frac is a 23-bit fraction; its upper `segment_bits` select the ROM entry c,
// the lower bits are xl. Returns S = C0 + C1*xl + C2*sq as an integer on the grid
// 2^-(c2_frac + 46) (xl is in units of 2^-23, so C1*xl is on 2^-(c1_frac + 23) and C2*xl^2
// on 2^-(c2_frac + 46)). The squarer's output is truncated: sq = xl^2 with the bits below
// 2^-sq_frac dropped (2^-27 for every function; for RCP/RSQ, whose xl has 16 bits, that keeps
// the top 13 of the 32 product bits). The products and the sum are exact. Only this
// truncation makes the nn chain exact (1024/1024; exact squares: 991, dropping 18 or 20
// bits instead of 19: 1002 / 998). Truncating the products to 2^-26 does not match.
std::int64_t quad_interpolate(const QuadCoeffs& c, const QuadGrid& g, int segment_bits, std::uint32_t frac) {
    const std::int64_t xl = frac & ((std::uint32_t{1} << (23 - segment_bits)) - 1);
    const int frac_bits = g.c2_frac + 46;
    const int sq_drop = 46 - g.sq_frac;
    const std::int64_t sq = ((xl * xl) >> sq_drop) << sq_drop;
    return (std::int64_t{c.c0} << (frac_bits - g.c0_frac)) + ((c.c1 * xl) << (frac_bits - g.c1_frac - 23)) + c.c2 * sq;
}

// The SFU's output stage: the positive value s * 2^(exp2 - frac_bits) is normalised to 24
// bits plus guard G and round R (lower bits dropped) and rounded up iff G && (R || lsb),
// exactly as the FPU adder rounds. Overflow gives infinity, results below the normal range
// flush to +0; the caller applies the sign.
std::uint32_t round_sfu(unsigned __int128 s, int frac_bits, std::int64_t exp2) {
    if (s == 0) return 0u;
    const auto hi = static_cast<std::uint64_t>(s >> 64);
    const int top = hi != 0 ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<std::uint64_t>(s));
    // 24 bits + G + R (s in [2^top, 2^(top+1))).
    const auto kept = static_cast<std::uint64_t>(top >= 25 ? s >> (top - 25) : s << (25 - top));
    std::int64_t e = exp2 + top - frac_bits;
    std::uint32_t mant = static_cast<std::uint32_t>(kept >> 2);
    const bool guard = (kept >> 1) & 1u, round = kept & 1u;
    if (guard && (round || (mant & 1u)) && ++mant == 0x1000000u) {
        mant >>= 1;
        ++e;
    }
    const std::int64_t be = e + 127;
    if (be >= 255) return kInf;
    if (be <= 0) return 0u;  // flush to zero
    return (static_cast<std::uint32_t>(be) << 23) | (mant & 0x7FFFFFu);
}

}  // namespace

// RCP: x = (-1)^s * 1.f * 2^e, 1/x = (-1)^s * (1/1.f) * 2^-e with 1/1.f from the 128-entry
// ROM (upper 7 bits of f; C0 2^-26, C1 2^-16, C2 2^-10), then the adder-style G/R rounding.
// Exact powers of two come out exact (segment 0's C0 rounds to 1.0).
std::uint32_t rcp(std::uint32_t x) {
    if (is_nan(x)) return kCanonicalNaN;
    const std::uint32_t sign = x & kSignBit;
    if (is_zero_ftz(x)) return sign | kInf;
    if (is_inf(x)) return sign;
    const std::uint32_t f = frac_of(x);
    const std::int64_t s = quad_interpolate(kRcpRom[f >> 16], kRcpGrid, 7, f);
    return sign | round_sfu(static_cast<unsigned __int128>(s), kRcpGrid.c2_frac + 46, 127 - biased_exp(x));
}

// RSQ: x = 1.f * 2^e. For even e, 1/sqrt(x) = (1/sqrt(1.f)) * 2^(-e/2); for odd e the
// mantissa is taken as 2*1.f in [2, 4) and the exponent as e-1. The exponent's LSB and the
// upper 7 bits of f select one of 256 ROM entries (grids as RCP), then G/R rounding.
std::uint32_t rsq(std::uint32_t x) {
    if (is_nan(x)) return kCanonicalNaN;
    if (is_zero_ftz(x)) return signed_inf(sign_of(x));
    if (sign_of(x)) return kCanonicalNaN;
    if (is_inf(x)) return 0u;
    const int e = biased_exp(x) - 127;
    const int odd = e & 1;  // two's complement: odd for negative odd exponents too
    const std::uint32_t f = frac_of(x);
    const std::int64_t s = quad_interpolate(kRsqRom[(odd << 7) | (f >> 16)], kRsqGrid, 7, f);
    return round_sfu(static_cast<unsigned __int128>(s), kRsqGrid.c2_frac + 46, -((e - odd) / 2));
}

// LG2: x = 1.f * 2^e, log2(x) = e + f * g(1.f) with g(m) = log2(m) / (m - 1) from a 64-entry
// ROM (upper 6 bits of f; C0 2^-26, C1 2^-15, C2 2^-10, truncated toward zero). The product
// f * g keeps LG2's relative accuracy near x = 1, where a direct interpolation of log2 would
// be limited to an absolute 2^-26 (golden Log2-hard: 32/32 distinct inputs in [1, 2) exact;
// the plain EX2-style interpolation of log2 reached <= 14/32). The exact fixed-point sum
// e + f * g is then rounded like the other SFU results (G/R only).
// Not verified by data: inputs outside [1, 2) (e != 0); the sum is assumed exact before rounding.
std::uint32_t lg2(std::uint32_t x) {
    if (is_nan(x)) return kCanonicalNaN;
    if (is_zero_ftz(x)) return signed_inf(true);
    if (sign_of(x)) return kCanonicalNaN;
    if (is_inf(x)) return kInf;
    const std::int64_t e = biased_exp(x) - 127;
    const std::uint32_t f = frac_of(x);
    const std::int64_t g = quad_interpolate(kLg2Rom[f >> 17], kLg2Grid, 6, f);  // on 2^-(c2_frac+46)
    // f * g on the grid 2^-(c2_frac + 46 + 23); e on the same grid. |total| < 2^(7 + 79).
    constexpr int kFracBits = kLg2Grid.c2_frac + 46 + 23;
    using i128 = __int128;
    const i128 total = (i128{e} << kFracBits) + i128{g} * f;
    if (total == 0) return 0u;  // log2(1) = +0
    const bool negative = total < 0;
    const auto magnitude = static_cast<unsigned __int128>(negative ? -total : total);
    return (negative ? kSignBit : 0u) | round_sfu(magnitude, kFracBits, 0);
}

// EX2 of RRO.EX2's value v: 2^v = 2^i * 2^f with i = floor(v), f in [0, 1).
//   1. v becomes a fixed-point number with 23 fraction bits (magnitude truncated, then the
//      sign applied in two's complement: i = the integer part, f = the 23 fraction bits).
//   2. 2^f in [1, 2) by the quadratic interpolator: the upper 6 bits of f select a ROM entry,
//      the lower 17 bits are xl; S = C0 + C1*xl + C2*xl^2 with C0 on 2^-26, C1 on 2^-15 per
//      unit of f and C2 on 2^-11 per unit of f^2 (products kept exact).
//   3. S is normalised to 24 bits plus guard and round bits (lower bits dropped) and rounded
//      up iff G && (R || lsb), exactly as the FPU adder rounds; i goes to the exponent.
// The truncated coefficients make the result lie 0..3 ulp below 2^v; the golden exp bundle
// (32 distinct inputs in [-15.71, -13.80]) matches on every word.
std::uint32_t ex2(std::uint32_t v) {
    if (is_nan(v)) return kCanonicalNaN;
    if (is_inf(v)) return sign_of(v) ? 0u : kInf;
    if (is_zero_ftz(v)) return 0x3F800000u;  // 2^0
    const int e = biased_exp(v) - 127;
    if (e >= 8) return sign_of(v) ? 0u : kInf;  // |v| >= 256: far outside the float range
    // |v| * 2^23 truncated to an integer (e in [-126, 7], so the shift stays in range).
    const std::uint64_t sig = sig_of(v);
    const std::uint64_t mag = e >= 0 ? sig << e : (e > -24 ? sig >> -e : 0);
    const std::int64_t fixed = sign_of(v) ? -static_cast<std::int64_t>(mag) : static_cast<std::int64_t>(mag);
    const std::int64_t int_part = fixed >> 23;  // floor
    const std::uint32_t frac = static_cast<std::uint32_t>(fixed & 0x7FFFFF);

    const std::int64_t s = quad_interpolate(kEx2Rom[frac >> 17], kEx2Grid, 6, frac);
    return round_sfu(static_cast<unsigned __int128>(s), kEx2Grid.c2_frac + 46, int_part);
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
