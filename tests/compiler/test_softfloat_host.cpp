// The software f32 division, square root and fused multiply-add (models/compiler/softfloat/softfloat.inc, the
// source of the PTX the compiler inlines for div.rn/rcp.rn/sqrt.rn/fma.rn) compiled for the host and
// compared bit for bit with the host's IEEE-754 arithmetic over special values and 2 million
// random operand pairs (normal, subnormal, near the overflow and underflow thresholds).
#include "../../models/compiler/softfloat/softfloat.inc"
#include "host_float.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

namespace {

using namespace fgtlm::test::host_float;

TEST(Softfloat, DivisionSquareRootAndFmaEqualTheHostsIeeeResults) {
    const std::uint32_t special[] = {0,           0x80000000u, 1,           0x80000001u, 0x007fffffu,
                                     0x00800000u, 0x7f7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                     0x3f800000u, 0xbf800000u, 0x00400000u, 0x3f800001u, 0x7f000000u};
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (const std::uint32_t a : special)
        for (const std::uint32_t b : special) pairs.emplace_back(a, b);
    std::mt19937 rng(7);
    for (int i = 0; i < 2000000; ++i) {
        std::uint32_t a = rng(), b = rng();
        if (i % 4 == 1) a &= 0x807fffffu;
        if (i % 4 == 2) b &= 0x80ffffffu;
        if (i % 4 == 3) b = (b & 0x807fffffu) | 0x3f000000u;
        pairs.emplace_back(a, b);
    }
    int bad = 0;
    for (const auto& [a, b] : pairs) {
        if (fgtlm_div_rn_bits(a, b) != expected(as_float(a) / as_float(b)) && ++bad < 5)
            ADD_FAILURE() << std::hex << "div " << a << " / " << b;
        if (fgtlm_sqrt_rn_bits(a) != expected(std::sqrt(as_float(a))) && ++bad < 5)
            ADD_FAILURE() << std::hex << "sqrt " << a;
        const std::uint32_t c = a ^ b ^ 0x40000000u;  // an addend of varied magnitude
        if (fgtlm_fma_rn_bits(a, b, c) != expected(std::fma(as_float(a), as_float(b), as_float(c))) && ++bad < 5)
            ADD_FAILURE() << std::hex << "fma " << a << " " << b << " " << c;
        const std::uint32_t near = expected(-as_float(a) * as_float(b)) ^ (b & 3u);  // near cancellation
        if (fgtlm_fma_rn_bits(a, b, near) != expected(std::fma(as_float(a), as_float(b), as_float(near))) && ++bad < 5)
            ADD_FAILURE() << std::hex << "fma " << a << " " << b << " " << near;
    }
    EXPECT_EQ(bad, 0);
}

TEST(Softfloat, AddAndMulEqualTheHost) {
    const std::uint32_t special[] = {0,           0x80000000u, 1,           0x80000001u, 0x007fffffu, 0x00800000u,
                                     0x7f7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x3f800000u, 0xbf800000u,
                                     0x00400000u, 0x3f800001u, 0x7f000000u, 0x00800001u, 0x80800000u};
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (const std::uint32_t a : special)
        for (const std::uint32_t b : special) pairs.emplace_back(a, b);
    std::mt19937 rng(9);
    for (int i = 0; i < 2000000; ++i) {
        std::uint32_t a = rng(), b = rng();
        if (i % 5 == 1) b = (b & 0x807fffffu) | ((a & 0x7f800000u) + (rng() % 60 - 30) * 0x800000u);  // close exponents
        if (i % 5 == 2) a &= 0x80ffffffu, b &= 0x80ffffffu;     // subnormal and exponent-1 operands
        if (i % 5 == 3) b = (a ^ 0x80000000u) + rng() % 5 - 2;  // cancellation
        if (i % 5 == 4)
            a = (a & 0x807fffffu) | ((rng() % 40) << 23), b = (b & 0x807fffffu) | ((rng() % 40 + 100) << 23);
        pairs.emplace_back(a, b);
    }
    int bad = 0;
    for (const auto& [a, b] : pairs) {
        if (fgtlm_add_rn_bits(a, b) != expected(as_float(a) + as_float(b)) && ++bad < 5)
            ADD_FAILURE() << std::hex << "add " << a << " + " << b;
        if (fgtlm_mul_rn_bits(a, b) != expected(as_float(a) * as_float(b)) && ++bad < 5)
            ADD_FAILURE() << std::hex << "mul " << a << " * " << b;
    }
    EXPECT_EQ(bad, 0);
}

TEST(Softfloat, ConversionsBetweenFloatAndIntegersFollowPtx) {
    std::mt19937_64 rng(5);
    int bad = 0;
    for (int i = 0; i < 500000; ++i) {
        std::uint32_t a = std::uint32_t(rng());
        if (i % 2 == 1) a = (a & 0x807fffffu) | std::uint32_t((120 + rng() % 75) << 23);  // 2^-7 .. 2^67
        for (int mode = 0; mode < 4; ++mode)
            for (const bool sign : {false, true})
                for (const int bits : {32, 64})
                    if (fgtlm_f2i_bits(a, mode, sign, bits) != ptx_f2i(as_float(a), mode, sign, bits) && ++bad < 5)
                        ADD_FAILURE() << std::hex << a << " mode " << mode << " signed " << sign << " bits " << bits;
        const std::uint64_t v = rng() >> (rng() % 64);
        if (fgtlm_i2f_bits(v, 0) != expected(float(v)) && ++bad < 5) ADD_FAILURE() << std::hex << "u64 " << v;
        if (fgtlm_i2f_bits(v, 1) != expected(float(std::int64_t(v))) && ++bad < 5)
            ADD_FAILURE() << std::hex << "s64 " << v;
    }
    EXPECT_EQ(bad, 0);
}

TEST(Softfloat, RoundingToIntegralEqualsTheHost) {
    std::mt19937 rng(11);
    int bad = 0;
    for (int i = 0; i < 2000000; ++i) {
        std::uint32_t a = rng();
        if (i % 2 == 1) a = (a & 0x807fffffu) | ((118 + rng() % 36) << 23);  // 2^-9 .. 2^26: fractions, ties
        if (i < 16) a = (i % 2 ? 0x80000000u : 0u) | (0x3f000000u + (i / 2) * 0x400000u);  // 0.5, 0.75, 1, ..
        const float x = as_float(a);
        const float want[] = {std::nearbyint(x), std::trunc(x), std::floor(x), std::ceil(x)};
        for (int mode = 0; mode < 4; ++mode)
            if (fgtlm_round_integral_bits(a, mode) != expected(want[mode]) && ++bad < 5)
                ADD_FAILURE() << std::hex << "round " << a << " mode " << mode;
    }
    EXPECT_EQ(bad, 0);
}

}  // namespace
