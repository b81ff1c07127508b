// The software f32 division, square root and fused multiply-add (models/compiler/softfloat/softfloat.inc, the
// source of the PTX the compiler inlines for div.rn/rcp.rn/sqrt.rn/fma.rn) compiled for the host and
// compared bit for bit with the host's IEEE-754 arithmetic over special values and 2 million
// random operand pairs (normal, subnormal, near the overflow and underflow thresholds).
#include "../../models/compiler/softfloat/softfloat.inc"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

namespace {

float as_float(std::uint32_t u) {
    float f = 0;
    std::memcpy(&f, &u, 4);
    return f;
}

std::uint32_t expected(float f) {
    std::uint32_t u = 0;
    std::memcpy(&u, &f, 4);
    return std::isnan(f) ? 0x7fffffffu : u;  // the software functions give the canonical NaN
}

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

}  // namespace
