// Correctly rounded f32 division, reciprocal, square root and fma (software sequences): every
// result bit-equal to the host's IEEE-754 arithmetic (round to nearest even, subnormals kept),
// over special values (zeros, infinities, NaN, the smallest and largest subnormals and normals)
// and random normal and subnormal operands. A NaN result only needs to be a NaN.
#include "host_float.hpp"
#include "kernel_runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace fgtlm::test {
namespace {

using host_float::as_float;

std::vector<std::uint32_t> operands(std::uint32_t n, std::uint32_t seed) {
    const std::uint32_t special[] = {0,           0x80000000u, 1,           0x80000001u, 0x007fffffu, 0x00800000u,
                                     0x7f7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x3f800000u, 0xbf800000u,
                                     0x00400000u, 0x3f800001u, 0x40400000u, 0x0000ffffu, 0x7f000000u, 0x00800001u};
    std::vector<std::uint32_t> v;
    for (const std::uint32_t a : special)
        for (const std::uint32_t b : special) v.push_back(a), v.push_back(b);
    for (std::uint32_t i = 0; v.size() < 2 * n; ++i) {
        std::uint32_t a = next_random(seed), b = next_random(seed);
        if (i % 4 == 1) a &= 0x807fffffu;                     // subnormal dividend
        if (i % 4 == 2) b &= 0x80ffffffu;                     // subnormal or tiny divisor: results near overflow
        if (i % 4 == 3) b = (b & 0x807fffffu) | 0x3f000000u;  // quotients near a's binade
        v.push_back(a), v.push_back(b);
    }
    v.resize(2 * n);
    return v;
}

void expect_same(float want, std::uint32_t got, const char* what, std::uint32_t a, std::uint32_t b) {
    std::uint32_t w = 0;
    std::memcpy(&w, &want, 4);
    if (std::isnan(want))
        EXPECT_TRUE(std::isnan(as_float(got))) << what << " a=" << std::hex << a << " b=" << b << " got " << got;
    else
        EXPECT_EQ(got, w) << what << " a=" << std::hex << a << " b=" << b;
}

// The software functions inlined (default) or as CAL/RET subroutines shared by the kernel (--float-subroutines):
// the same bits either way.
void check_div_sqrt(bool subroutines) {
    const std::uint32_t n = 4096;
    const auto v = operands(n, 41);
    std::vector<std::uint8_t> m;
    for (std::uint32_t i = 0; i < n; ++i) put_u32(m, 4 * i, v[2 * i]), put_u32(m, 0x4000 + 4 * i, v[2 * i + 1]);
    KernelRun r{"div_sqrt_rn.cu", "", {64}, {64}, {"0", "0x4000", "0x8000"}, m};
    if (subroutines) r.float_subroutines = true, r.target = "g80", r.variant = "_sub";
    const auto out = run_kernel(r);
    EXPECT_EQ(module_text(r).find("CAL.NOINC") != std::string::npos, subroutines);
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t a = v[2 * i], b = v[2 * i + 1];
        const float x = as_float(a), y = as_float(b);
        const std::uint32_t at = 0x8000 + 20 * i, c = v[2 * ((i + 1) % n)];
        expect_same(x / y, get_u32(out, at), "div", a, b);
        expect_same(std::sqrt(x), get_u32(out, at + 4), "sqrt", a, b);
        expect_same(1.0f / y, get_u32(out, at + 8), "rcp", a, b);
        expect_same(x > 0.0f ? x / 3.0f : std::sqrt(y), get_u32(out, at + 12), "select", a, b);
        expect_same(std::fma(x, y, as_float(c)), get_u32(out, at + 16), "fma (c = next a)", a, b);
        if (::testing::Test::HasFailure()) return;
    }
}

TEST(CompiledKernels, DivRcpSqrtFmaCorrectlyRoundedLikeTheHost) { check_div_sqrt(false); }
TEST(CompiledKernels, DivRcpSqrtFmaAsSubroutinesCorrectlyRoundedLikeTheHost) { check_div_sqrt(true); }

std::uint32_t host_classes(float x) {
    const int c = std::fpclassify(x);
    return (std::isfinite(x) ? 1u : 0u) | (std::isinf(x) ? 2u : 0u) | (!std::isnan(x) ? 4u : 0u) |
           (std::isnan(x) ? 8u : 0u) | (c == FP_NORMAL ? 16u : 0u) | (c == FP_SUBNORMAL ? 32u : 0u);
}

// .sat: NaN and negative values (-0 too) give +0, values >= 1 give 1.
float host_sat(float x) {
    if (std::isnan(x) || std::signbit(x)) return 0.0f;
    return x >= 1.0f ? 1.0f : x;
}

TEST(CompiledKernels, TestpClassesAndSaturation) {
    const std::uint32_t n = 384;  // 18 x 18 special pairs, then random normal and subnormal words
    auto v = operands(n / 2, 43);
    const std::uint32_t extra[] = {0x3f7fffffu, 0x3f800001u, 0x3f000000u, 0xbf000000u, 0x40000000u, 0x00000003u};
    std::copy(std::begin(extra), std::end(extra), v.end() - 6);
    std::vector<std::uint8_t> m;
    for (std::uint32_t i = 0; i < n; ++i) put_u32(m, 4 * i, v[i]);
    KernelRun r{"float_classes.cu", "", {1}, {n}, {"0", "0x1000"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < n; ++i) {
        const float x = as_float(v[i]), y = as_float(v[(i + 1) % n]);
        const std::uint32_t at = 0x1000 + 24 * i, a = v[i], b = v[(i + 1) % n];
        EXPECT_EQ(get_u32(out, at), host_classes(x)) << std::hex << a;
        expect_same(host_sat(x), get_u32(out, at + 4), "sat", a, 0);
        expect_same(host_sat(x + y), get_u32(out, at + 8), "add.sat", a, b);
        expect_same(host_sat(x * y), get_u32(out, at + 12), "mul.sat", a, b);
        expect_same(x + y, get_u32(out, at + 16), "add", a, b);
        expect_same(x - y, get_u32(out, at + 20), "sub", a, b);
        if (HasFailure()) return;
    }
}

// .ftz (clang's -fcuda-flush-denormals-to-zero): subnormal operands and results are zeros of their sign.
float ftz(float x) { return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x; }

// f32 add/sub/mul: the FPU where its result is IEEE, the software function elsewhere (models/compiler/README.md,
// "Numerics"): every result bit-equal to the host, subnormal, exponent-1, infinite and NaN operands included.
void check_f32_arith(bool flush, bool subroutines = false) {
    const std::uint32_t n = 4096;
    auto v = operands(n, 47);
    std::uint32_t seed = 53;  // every 7th pair: b near a (cancellation), exponent fields 0 and 1 among them
    for (std::uint32_t i = 0; i < n; i += 7)
        v[2 * i + 1] = (v[2 * i] & 0x80ffffffu) ^ (next_random(seed) & 0x807fffffu);
    std::vector<std::uint8_t> m;
    for (std::uint32_t i = 0; i < n; ++i) put_u32(m, 4 * i, v[2 * i]), put_u32(m, 0x4000 + 4 * i, v[2 * i + 1]);
    KernelRun r{"f32_arith.cu", "", {64}, {64}, {"0", "0x4000", "0x8000"}, m};
    if (flush) r.clang_args = {"-fcuda-flush-denormals-to-zero"}, r.variant = "ftz";
    if (subroutines) r.float_subroutines = true, r.target = "g80", r.variant += "_sub";
    const auto out = run_kernel(r);
    const auto f = [flush](float x) { return flush ? ftz(x) : x; };
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t a = v[2 * i], b = v[2 * i + 1], at = 0x8000 + 20 * i;
        const float x = f(as_float(a)), y = f(as_float(b));
        expect_same(f(x + y), get_u32(out, at), "add", a, b);
        expect_same(f(x - y), get_u32(out, at + 4), "sub", a, b);
        expect_same(f(x * y), get_u32(out, at + 8), "mul", a, b);
        expect_same((i & 1) != 0 ? f(f(x * y) + x) : 0.0f, get_u32(out, at + 12), "mul, add", a, b);
        expect_same(f(f(f(x * 0.5f) * y) - 1.0f), get_u32(out, at + 16), "mul, mul, sub", a, b);
        if (::testing::Test::HasFailure()) return;
    }
}

TEST(CompiledKernels, F32AddSubMulEqualTheHostForEveryOperandClass) { check_f32_arith(false); }
TEST(CompiledKernels, F32AddSubMulFtzEqualTheHostFlushed) { check_f32_arith(true); }
TEST(CompiledKernels, F32AddSubMulAsSubroutinesEqualTheHost) { check_f32_arith(false, true); }

TEST(CompiledKernels, RoundingToIntegralEqualsTheHost) {
    const std::uint32_t n = 2048;
    auto v = operands(n / 2, 59);
    std::uint32_t seed = 61;
    for (std::uint32_t i = 0; i < n; i += 2) v[i] = (v[i] & 0x807fffffu) | ((118 + next_random(seed) % 36) << 23);
    std::vector<std::uint8_t> m;
    for (std::uint32_t i = 0; i < n; ++i) put_u32(m, 4 * i, v[i]);
    KernelRun r{"round.cu", "", {32}, {64}, {"0", "0x4000"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < n; ++i) {
        const float x = as_float(v[i]);
        const float want[] = {std::nearbyint(x), std::trunc(x), std::floor(x), std::ceil(x)};
        for (std::uint32_t k = 0; k < 4; ++k)
            expect_same(want[k], get_u32(out, 0x4000 + 16 * i + 4 * k), "round", v[i], k);
        if (HasFailure()) return;
    }
}

}  // namespace
}  // namespace fgtlm::test
