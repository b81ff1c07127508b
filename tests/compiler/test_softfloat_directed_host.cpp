// The directed roundings of the software f32 functions (models/compiler/softfloat/softfloat.inc: fgtlm_add_bits,
// fgtlm_mul_bits, fgtlm_fma_bits, fgtlm_i2f32_bits, fgtlm_i2f_mode_bits, the source of the PTX the compiler inlines
// for .rz/.rm/.rp) compiled for the host and compared bit for bit with the host's IEEE-754 arithmetic in the same
// rounding mode (fesetround; this file is built with -frounding-math, and the host's operands are read through volatile
// objects after the switch: GCC moves floating-point arithmetic across fesetround even with -frounding-math).
#include "../../models/compiler/softfloat/softfloat.inc"
#include "host_float.hpp"

#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace {

using namespace fgtlm::test::host_float;

constexpr int kHostMode[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

// Special values against each other, then random pairs shaped like AddAndMulEqualTheHost's (close exponents,
// subnormals, cancellation, far apart, near the overflow threshold).
std::vector<std::pair<std::uint32_t, std::uint32_t>> operand_pairs(int count) {
    const std::uint32_t special[] = {0,           0x80000000u, 1,           0x80000001u, 0x007fffffu, 0x00800000u,
                                     0x7f7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x3f800000u, 0xbf800000u,
                                     0x00400000u, 0x3f800001u, 0x7f000000u, 0x00800001u, 0x80800000u, 0xff7fffffu};
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (const std::uint32_t a : special)
        for (const std::uint32_t b : special) pairs.emplace_back(a, b);
    std::mt19937 rng(13);
    for (int i = 0; i < count; ++i) {
        std::uint32_t a = rng(), b = rng();
        if (i % 6 == 1) b = (b & 0x807fffffu) | ((a & 0x7f800000u) + (rng() % 60 - 30) * 0x800000u);
        if (i % 6 == 2) a &= 0x80ffffffu, b &= 0x80ffffffu;
        if (i % 6 == 3) b = (a ^ 0x80000000u) + rng() % 5 - 2;
        if (i % 6 == 4)
            a = (a & 0x807fffffu) | ((rng() % 40) << 23), b = (b & 0x807fffffu) | ((rng() % 40 + 100) << 23);
        if (i % 6 == 5) a = (a & 0x807fffffu) | ((rng() % 8 + 120) << 23), b |= 0x7e800000u;
        pairs.emplace_back(a, b);
    }
    return pairs;
}

TEST(Softfloat, DirectedRoundingsOfAddMulFmaEqualTheHost) {
    const auto pairs = operand_pairs(400000);
    int bad = 0;
    for (int mode = 1; mode < 4; ++mode) {
        std::fesetround(kHostMode[mode]);
        for (const auto& [a, b] : pairs) {
            volatile float vx = as_float(a), vy = as_float(b);
            const float x = vx, y = vy;
            const std::uint32_t c = a ^ b ^ 0x40000000u, near = expected(-x * y) ^ (b & 3u);
            const std::uint32_t got[] = {fgtlm_add_bits(a, b, mode), fgtlm_mul_bits(a, b, mode),
                                         fgtlm_fma_bits(a, b, c, mode), fgtlm_fma_bits(a, b, near, mode)};
            const std::uint32_t want[] = {expected(x + y), expected(x * y), expected(std::fma(x, y, as_float(c))),
                                          expected(std::fma(x, y, as_float(near)))};
            for (int k = 0; k < 4; ++k)
                if (got[k] != want[k] && ++bad < 8)
                    ADD_FAILURE() << std::hex << "op " << k << " mode " << mode << ": " << a << ", " << b << ": got "
                                  << got[k] << ", host " << want[k];
        }
    }
    std::fesetround(FE_TONEAREST);
    EXPECT_EQ(bad, 0);
}

TEST(Softfloat, DirectedRoundingsOfIntegerConversionsEqualTheHost) {
    std::mt19937_64 rng(17);
    int bad = 0;
    for (int mode = 0; mode < 4; ++mode) {
        std::fesetround(kHostMode[mode]);
        for (int i = 0; i < 300000; ++i) {
            const std::uint64_t v = i < 64 ? (1ull << i) + std::uint64_t(i % 3) - 1 : rng() >> (rng() % 64);
            const std::uint32_t w = std::uint32_t(v);
            volatile std::uint64_t vv = v;
            volatile std::uint32_t vw = w;
            const std::uint32_t got[] = {fgtlm_i2f32_bits(w, 0, mode), fgtlm_i2f32_bits(w, 1, mode),
                                         fgtlm_i2f_mode_bits(v, 0, mode), fgtlm_i2f_mode_bits(v, 1, mode)};
            const std::uint32_t want[] = {expected(float(vw)), expected(float(std::int32_t(vw))), expected(float(vv)),
                                          expected(float(std::int64_t(vv)))};
            for (int k = 0; k < 4; ++k)
                if (got[k] != want[k] && ++bad < 8)
                    ADD_FAILURE() << std::hex << "form " << k << " mode " << mode << ": " << v << ": got " << got[k]
                                  << ", host " << want[k];
        }
    }
    std::fesetround(FE_TONEAREST);
    EXPECT_EQ(bad, 0);
}

// --demote-f64's conversions: a double's bits to the nearest f32 (every exponent, ties, subnormal results) and an f32
// widened to its double.
TEST(Softfloat, DoubleBitsToFloatAndBackEqualTheHost) {
    std::mt19937_64 rng(19);
    int bad = 0;
    for (int i = 0; i < 1000000; ++i) {
        std::uint64_t d = rng();
        if (i % 3 == 1) d = (d & 0x800fffffffffffffull) | ((std::uint64_t(rng() % 320) + 1023 - 160) << 52);
        if (i % 3 == 2) d &= ~((std::uint64_t(1) << (rng() % 30)) - 1);  // short fractions: ties
        double x = 0;
        std::memcpy(&x, &d, 8);
        const float f = float(x);
        if (fgtlm_f64_to_f32_bits(d) != expected(f) && ++bad < 8) ADD_FAILURE() << std::hex << "f64 " << d;
        const std::uint32_t a = std::uint32_t(rng());
        const double w = double(as_float(a));
        std::uint64_t wb = 0;
        std::memcpy(&wb, &w, 8);
        if (!std::isnan(w) && fgtlm_f32_to_f64_bits(a) != wb && ++bad < 8) ADD_FAILURE() << std::hex << "f32 " << a;
    }
    EXPECT_EQ(bad, 0);
}

}  // namespace
