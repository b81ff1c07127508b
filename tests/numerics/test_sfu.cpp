// SFU: special values and accuracy sweeps against libm (double precision reference).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <utility>

#include <fgtlm/numerics/fpu.hpp>
#include <fgtlm/numerics/sfu.hpp>

namespace {

using fgtlm::isa::RroKind;
namespace nx = fgtlm::numerics;

std::uint32_t sfu_bits(float f) { return std::bit_cast<std::uint32_t>(f); }
float value(std::uint32_t u) { return std::bit_cast<float>(u); }

// Distance in ulps between a binary32 result and an exact reference.
double ulp_error(std::uint32_t got, double exact) {
    const double ulp = std::ldexp(1.0, std::ilogb(static_cast<float>(exact)) - 23);
    return std::fabs(static_cast<double>(value(got)) - exact) / ulp;
}

TEST(Sfu, SpecialValues) {
    EXPECT_EQ(nx::rcp(0u), 0x7F800000u);
    EXPECT_EQ(nx::rcp(0x80000000u), 0xFF800000u);
    EXPECT_EQ(nx::rcp(0x7F800000u), 0u);
    EXPECT_EQ(nx::rcp(0x00000003u), 0x7F800000u);  // denormal input = 0
    EXPECT_EQ(nx::rcp(sfu_bits(4.0f)), sfu_bits(0.25f));
    EXPECT_EQ(nx::rsq(sfu_bits(4.0f)), sfu_bits(0.5f));
    EXPECT_EQ(nx::rsq(sfu_bits(-4.0f)), 0xFFFFFFFFu);  // the SFU exception unit's NaN
    EXPECT_EQ(nx::rsq(0u), 0x7F800000u);
    EXPECT_EQ(nx::lg2(0u), 0xFF800000u);  // Log2-hard: LG2(0) = -inf
    EXPECT_EQ(nx::lg2(sfu_bits(-1.0f)), 0xFFFFFFFFu);
    EXPECT_EQ(nx::lg2(sfu_bits(8.0f)), sfu_bits(3.0f));
    EXPECT_EQ(nx::lg2(0x7F800000u), 0x7F800000u);
    EXPECT_EQ(nx::ex2(nx::rro(sfu_bits(3.0f), RroKind::Ex2)), sfu_bits(8.0f));
    EXPECT_EQ(nx::ex2(nx::rro(0xFF800000u, RroKind::Ex2)), 0u);
    EXPECT_EQ(nx::ex2(nx::rro(sfu_bits(200.0f), RroKind::Ex2)), 0x7F800000u);  // overflow
    EXPECT_EQ(nx::ex2(nx::rro(sfu_bits(-200.0f), RroKind::Ex2)), 0u);          // underflow flushed
    EXPECT_EQ(nx::sin(nx::rro(0u, RroKind::SinCos)), 0u);
    EXPECT_EQ(nx::cos(nx::rro(0u, RroKind::SinCos)), sfu_bits(1.0f));
    EXPECT_EQ(nx::sin(nx::rro(0x7F800000u, RroKind::SinCos)), 0xFFFFFFFFu);
    EXPECT_EQ(nx::sin(nx::rro(sfu_bits(1.0f), RroKind::SinCos)), sfu_bits(std::sin(1.0f)));
}

TEST(Sfu, AccuracySweeps) {
    double worst_rcp = 0, worst_rsq = 0, worst_lg2 = 0, worst_lg2_abs = 0, worst_ex2 = 0, worst_sin = 0, worst_cos = 0;
    for (int i = 0; i < 200000; ++i) {
        const float x = std::ldexp(1.0f + static_cast<float>(i) / 200000.0f, (i % 61) - 30);
        worst_rcp = std::max(worst_rcp, ulp_error(nx::rcp(sfu_bits(x)), 1.0 / x));
        worst_rsq = std::max(worst_rsq, ulp_error(nx::rsq(sfu_bits(x)), 1.0 / std::sqrt(static_cast<double>(x))));
        // LG2 is accurate relative to its result for x >= 1 (the SFU forms (m-1)*g(m)); for
        // x < 1 it is e + (m-1)*g(m) with e < 0, accurate in absolute terms only.
        const double lg = std::log2(static_cast<double>(x));
        if (std::fabs(lg) >= 1.0)
            worst_lg2 = std::max(worst_lg2, ulp_error(nx::lg2(sfu_bits(x)), lg));
        else
            worst_lg2_abs = std::max(worst_lg2_abs, std::fabs(static_cast<double>(value(nx::lg2(sfu_bits(x)))) - lg));
        const float e = -60.0f + 120.0f * static_cast<float>(i) / 200000.0f;
        worst_ex2 = std::max(worst_ex2,
                             ulp_error(nx::ex2(nx::rro(sfu_bits(e), RroKind::Ex2)), std::exp2(static_cast<double>(e))));
        const float a = -10.0f + 20.0f * static_cast<float>(i) / 200000.0f;
        const std::uint32_t t = nx::rro(sfu_bits(a), RroKind::SinCos);
        // Absolute error (the angle is reduced through a binary32 turn count, as in hardware).
        worst_sin =
            std::max(worst_sin, std::fabs(static_cast<double>(value(nx::sin(t))) - std::sin(static_cast<double>(a))));
        worst_cos =
            std::max(worst_cos, std::fabs(static_cast<double>(value(nx::cos(t))) - std::cos(static_cast<double>(a))));
    }
    EXPECT_LE(worst_rcp, 2.35);  // the RTL interpolators (truncated coefficients): see below
    EXPECT_LE(worst_rsq, 2.3);
    EXPECT_LE(worst_lg2, 2.7);                       // |log2 x| >= 1: -2.2..+2.7 ulp
    EXPECT_LE(worst_lg2_abs, std::ldexp(6.1, -24));  // |log2 x| < 1: absolute error
    EXPECT_LE(worst_ex2, 6.0);                       // the RTL interpolator's truncated coefficients: -5.94..+1.04 ulp
    EXPECT_LE(worst_sin, 2e-6);
    EXPECT_LE(worst_cos, 2e-6);
}

// EX2 is the RTL's quadratic interpolator (sfu_rtl.cpp): integer powers are exact (segment 0's
// C0 is exactly 1), the error is bounded by the coefficient truncation (C1 on 2^-15 times
// xl < 2^-6 is up to 4 ulp, below the exact value) and the result is monotonic.
TEST(Sfu, Ex2InterpolatorProperties) {
    for (int k = -126; k <= 127; ++k) {
        const std::uint32_t got = nx::ex2(nx::rro(sfu_bits(static_cast<float>(k)), RroKind::Ex2));
        ASSERT_EQ(got, static_cast<std::uint32_t>(k + 127) << 23) << "2^" << k;
    }
    EXPECT_EQ(nx::ex2(nx::rro(sfu_bits(128.0f), RroKind::Ex2)), 0x7F800000u);
    EXPECT_EQ(nx::ex2(nx::rro(sfu_bits(-127.0f), RroKind::Ex2)), 0u);  // 2^-127 is denormal: flushed
    double lo = 0, hi = 0;
    std::uint32_t prev = 0;
    for (std::uint32_t f = 0; f < (1u << 23); f += 7) {  // v in [1, 2): every ROM segment, many xl
        const float v = 1.0f + std::ldexp(static_cast<float>(f), -23);
        const std::uint32_t got = nx::ex2(nx::rro(sfu_bits(v), RroKind::Ex2));
        ASSERT_GE(got, prev) << "not monotonic at " << v;
        prev = got;
        const double exact = std::exp2(static_cast<double>(v));
        const double err = (static_cast<double>(value(got)) - exact) / std::ldexp(1.0, 1 - 23);
        lo = std::min(lo, err);
        hi = std::max(hi, err);
    }
    EXPECT_GE(lo, -6.0);
    EXPECT_LE(hi, 1.1);
}

// RCP and RSQ are the RTL's quadratic interpolators (128 segments on [1,2) for RCP, 128 per
// binade of [1,4) for RSQ; C1 truncated toward zero, so results may lie above the exact value).
// Exhaustive over one binade (RCP) / two binades (RSQ), strided to keep the test fast:
// RCP error -1.75..+2.33 ulp, RSQ -1.80..+2.28 ulp; exact powers of two stay exact.
TEST(Sfu, RcpRsqInterpolatorProperties) {
    for (int k = -126; k <= 126; ++k) {
        const std::uint32_t x = static_cast<std::uint32_t>(k + 127) << 23;
        ASSERT_EQ(nx::rcp(x), static_cast<std::uint32_t>(127 - k) << 23) << "1/2^" << k;
        ASSERT_EQ(nx::rcp(x | 0x80000000u), (static_cast<std::uint32_t>(127 - k) << 23) | 0x80000000u);
        if (k % 2 == 0) {
            ASSERT_EQ(nx::rsq(x), static_cast<std::uint32_t>(127 - k / 2) << 23) << "rsq 2^" << k;
        }
    }
    EXPECT_EQ(nx::rcp(0x7F000000u), 0u);  // 1/2^127 is denormal: flushed
    EXPECT_EQ(nx::rsq(0x7F800000u), 0u);
    double rcp_lo = 0, rcp_hi = 0, rsq_lo = 0, rsq_hi = 0;
    std::uint32_t prev = 0xFFFFFFFFu;
    for (std::uint32_t f = 0; f < (1u << 23); f += 5) {
        const std::uint32_t x = 0x3F800000u | f;  // [1, 2)
        const std::uint32_t got = nx::rcp(x);
        ASSERT_LE(got, prev) << "RCP not monotonic at " << value(x);
        prev = got;
        const double exact = 1.0 / static_cast<double>(value(x));
        const double err = (static_cast<double>(value(got)) - exact) / std::ldexp(1.0, f == 0 ? -23 : -24);
        rcp_lo = std::min(rcp_lo, err);
        rcp_hi = std::max(rcp_hi, err);
    }
    for (std::uint32_t f = 0; f < (1u << 24); f += 5) {
        const std::uint32_t x = 0x3F800000u + f;  // [1, 4)
        const double exact = 1.0 / std::sqrt(static_cast<double>(value(x)));
        const double err = (static_cast<double>(value(nx::rsq(x))) - exact) / std::ldexp(1.0, std::ilogb(exact) - 23);
        rsq_lo = std::min(rsq_lo, err);
        rsq_hi = std::max(rsq_hi, err);
    }
    EXPECT_GE(rcp_lo, -1.8);
    EXPECT_LE(rcp_hi, 2.35);
    EXPECT_GE(rsq_lo, -1.85);
    EXPECT_LE(rsq_hi, 2.3);
    // Both directions of the bounds are actually reached (the interpolator is not exact RN).
    EXPECT_GT(rcp_hi, 1.5);
    EXPECT_GT(rsq_hi, 1.5);
}

// LG2 (the RTL's datapath): exact at powers of two; on [1, 2) the e = 0 table path gives
// -26.5..+6 ulp relative to the result (absolute error < 3e-7), largest right next to 1.
TEST(Sfu, Lg2InterpolatorProperties) {
    for (int k = -126; k <= 127; ++k) {
        const std::uint32_t x = static_cast<std::uint32_t>(k + 127) << 23;
        ASSERT_EQ(nx::lg2(x), sfu_bits(static_cast<float>(k))) << "log2 2^" << k;
    }
    EXPECT_EQ(nx::lg2(0x7F800000u), 0x7F800000u);
    EXPECT_EQ(nx::lg2(sfu_bits(-2.0f)), 0xFFFFFFFFu);
    double lo = 0, hi = 0, worst_abs = 0;
    for (std::uint32_t f = 1; f < (1u << 23); f += 3) {
        const std::uint32_t x = 0x3F800000u | f;
        const double exact = std::log2(static_cast<double>(value(x)));
        const double got = static_cast<double>(value(nx::lg2(x)));
        const double err = (got - exact) / std::ldexp(1.0, std::ilogb(exact) - 23);
        lo = std::min(lo, err);
        hi = std::max(hi, err);
        worst_abs = std::max(worst_abs, std::fabs(got - exact));
    }
    EXPECT_GE(lo, -26.5);
    EXPECT_LE(hi, 6.0);
    EXPECT_LT(worst_abs, 3e-7);
    EXPECT_GT(hi, 4.0);  // the bounds are reached: this is the interpolator, not libm
}

// The RTL's RRO formats (rro.vhd): EX2 = two's complement fixed point S I8.F23;
// SIN/COS = sign | quadrant | 00000 | reduced angle in radians as 1.23 fixed point.
// sfu_lanes (one operation resolved per warp) equals the scalar functions lane by lane, on
// random words of every exponent (zeros, denormals, Inf, NaN among them) and random masks.
TEST(Sfu, LanesMatchScalar) {
    using F = std::uint32_t (*)(std::uint32_t);
    const std::pair<nx::SfuFunc, F> ops[] = {{nx::SfuFunc::Rcp, nx::rcp}, {nx::SfuFunc::Rsq, nx::rsq},
                                             {nx::SfuFunc::Lg2, nx::lg2}, {nx::SfuFunc::Ex2, nx::ex2},
                                             {nx::SfuFunc::Sin, nx::sin}, {nx::SfuFunc::Cos, nx::cos}};
    std::uint64_t x = 0x9e3779b97f4a7c15u;
    auto next = [&] {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        return std::uint32_t(x >> 16);
    };
    std::uint32_t a[32], r[32];
    for (int it = 0; it < 6000; ++it) {
        const auto& [f, scalar] = ops[it % 6];
        for (auto& v : a) v = next();
        const std::uint32_t mask = (it % 5 == 0) ? next() : 0xffffffffu;
        nx::sfu_lanes(f, a, r, mask);
        for (int l = 0; l < 32; ++l)
            ASSERT_EQ(r[l], ((mask >> l) & 1u) ? scalar(a[l]) : 0u) << "op " << int(f) << " x " << std::hex << a[l];
    }
}

TEST(Rro, Formats) {
    EXPECT_EQ(nx::rro(sfu_bits(-15.5f), RroKind::Ex2), 0x78400000u);  // -15.5 * 2^23 in 31 bits
    EXPECT_EQ(nx::rro(sfu_bits(3.0f), RroKind::Ex2), 0x01800000u);
    EXPECT_EQ(nx::rro(0x00000010u, RroKind::Ex2), 0x80000000u);  // denormal: the zero flag word
    EXPECT_EQ(nx::rro(0x7F800000u, RroKind::Ex2), 0x87800000u);  // +inf flag word
    // pi: the truncating multiply gives pi * 2/pi just below 2, so k = 1 and the angle is pi/2.
    EXPECT_EQ(nx::rro(sfu_bits(static_cast<float>(std::numbers::pi)), RroKind::SinCos), 0x20c90fdbu);
    EXPECT_EQ(nx::rro(sfu_bits(1.0f), RroKind::SinCos), 0x00800000u);  // quadrant 0, 1.0 rad
    EXPECT_EQ(nx::rro(0x7FFFFFFFu, RroKind::SinCos), 0x7FFFFFFFu);     // NaN passes through
}

}  // namespace
