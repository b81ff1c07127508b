// The fast paths that cover the values real kernels produce (issue 25), proven bit for bit
// against the clocked transcription (fpu_rtl_arith) on random and edge operands:
//   * fmad_settled computes fpu_fma's settled registers directly (Fma::settle) instead of
//     clocking them until nothing changes: every operand class, all rounding modes,
//     cancellation (MxM_naive_float's zero products went there, 55 % of its time);
//   * FMAD lanes with a zero product pass c through on the host (addend-anchored case only);
//   * FADD with a denormal or exponent-1 operand beside one of exponent 27..253 (nn adds its
//     integer coordinates, denormals as floats, to normal values).
// FGTLM_FPU_FAST_SAMPLES=N scales the random counts (N per test; default 1,000,000).
#include "fpu_rtl.hpp"

#include <fgtlm/numerics/fpu_lanes.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>

namespace fgtlm::numerics::detail {
namespace {

std::size_t samples() {
    const char* env = std::getenv("FGTLM_FPU_FAST_SAMPLES");
    return env != nullptr ? std::size_t(std::strtoull(env, nullptr, 10)) : 1000000u;
}

struct Operands {
    std::mt19937_64 g;
    explicit Operands(std::uint64_t seed) : g(seed) {}
    std::uint32_t sign() { return std::uint32_t(g() & 1u) << 31; }
    std::uint32_t frac() { return std::uint32_t(g()) & 0x7fffffu; }
    std::uint32_t with_exponent(std::uint32_t e) { return sign() | (e << 23) | frac(); }
    // Every class the FPU distinguishes, edges weighted up.
    std::uint32_t any() {
        switch (g() % 14) {
            case 0: return sign();                                      // zeros
            case 1: return sign() | frac();                             // denormals
            case 2: return sign() | (frac() & 0xffu);                   // tiny denormals
            case 3: return with_exponent(1u + std::uint32_t(g() % 3));  // near underflow
            case 4: return with_exponent(250u + std::uint32_t(g() % 5));
            case 5: return sign() | (127u << 23) | (frac() & 7u);  // few bits: ties
            case 6: return with_exponent(20u + std::uint32_t(g() % 20));
            default: return with_exponent(1u + std::uint32_t(g() % 254));
        }
    }
};

TEST(FpuFastDomain, SettledFmaEqualsTheClockedModel) {
    Operands o(0x5e771e);
    std::size_t accepted = 0;
    const std::size_t n = samples();
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t a = o.any(), b = o.any();
        std::uint32_t c = o.any();
        const unsigned rmode = unsigned(o.g() % 4);
        if (i % 4 == 0)  // c close to -(a*b): cancellation, exact ones included
            c = (fpu_rtl_arith(FpuRtlOp::Fmul, a, b, 0, 3).result ^ 0x80000000u) ^ std::uint32_t(o.g() % 3);
        if (i % 4 == 1) c = o.with_exponent(std::uint32_t(std::clamp<int>(int((a >> 23) & 0xff), 1, 254)));
        std::uint32_t got = 0;
        if (!fmad_settled(a, b, c, rmode, got)) continue;
        ++accepted;
        ASSERT_EQ(got, fpu_rtl_arith(FpuRtlOp::Fmad, a, b, c, rmode).result)
            << std::hex << a << " * " << b << " + " << c << " rmode " << rmode;
    }
    EXPECT_GT(accepted, n * 3 / 4);
}

// The stale-sum case (1*1 - 1 on the RTL is not 0) is refused, not guessed.
TEST(FpuFastDomain, SettledFmaRefusesTheStaleSum) {
    std::uint32_t got = 0;
    EXPECT_FALSE(fmad_settled(0x3f800000u, 0x3f800000u, 0xbf800000u, 0, got));
}

TEST(FpuFastDomain, ZeroProductLanesEqualTheClockedModel) {
    Operands o(0x2e70);
    const std::size_t n = samples() / 32;
    std::uint32_t a[32], b[32], c[32], r[32];
    for (std::size_t it = 0; it < n; ++it) {
        for (int l = 0; l < 32; ++l) {
            a[l] = o.sign();
            b[l] = o.any();
            c[l] = o.any();
            if (o.g() & 1u) std::swap(a[l], b[l]);
            if ((b[l] >> 23 & 0xffu) == 0xffu || (a[l] >> 23 & 0xffu) == 0xffu) b[l] = a[l];
        }
        fmad_lanes(a, b, c, r, 0xffffffffu, isa::Rounding::Nearest);
        for (int l = 0; l < 32; ++l)
            ASSERT_EQ(r[l], fpu_rtl_arith(FpuRtlOp::Fmad, a[l], b[l], c[l], 0).result)
                << std::hex << a[l] << " * " << b[l] << " + " << c[l];
    }
}

TEST(FpuFastDomain, FaddOfATinyOperandEqualsTheClockedModel) {
    Operands o(0xfadd0);
    std::size_t accepted = 0;
    const std::size_t n = samples();
    for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t a = (i % 3 == 0) ? o.with_exponent(1) : o.sign() | o.frac();
        if (i % 5 == 0) a = o.sign() | (o.frac() & 0xfffu);
        // Around the boundary (exponent 27) most of the time, anywhere otherwise.
        std::uint32_t b = (i % 2 == 0) ? o.with_exponent(20u + std::uint32_t(o.g() % 16)) : o.any();
        if (o.g() & 1u) std::swap(a, b);
        const unsigned rmode = unsigned(o.g() % 4);
        std::uint32_t got = 0;
        if (!fadd_settled(a, b, rmode, got)) continue;
        ++accepted;
        ASSERT_EQ(got, fpu_rtl_arith(FpuRtlOp::Fadd, a, b, 0, rmode).result)
            << std::hex << a << " + " << b << " rmode " << rmode;
    }
    EXPECT_GT(accepted, n / 4);
}

}  // namespace
}  // namespace fgtlm::numerics::detail
