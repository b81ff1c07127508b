// The fast paths against the RTL: FADD's combinational one (fpu_rtl_fadd.cpp) on every golden
// FADD vector it accepts and on a million random operand pairs against the clocked model
// (fpu_rtl.cpp); the 32-lane FADD (fpu_fadd_lanes.cpp) and host-arithmetic FMUL/FMAD lanes
// (fpu_lanes.cpp) on every golden vector.
#include "fpu_rtl.hpp"

#include <fgtlm/numerics/fpu_lanes.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include "../draw_count.hpp"

namespace fgtlm::numerics::detail {
namespace {

TEST(FpuRtlFast, FaddAgreesWithEveryGoldenVectorItAccepts) {
    std::ifstream in(std::string(FGTLM_GOLDEN_DIR) + "/fpu_rtl.txt");
    ASSERT_TRUE(in);
    std::string line;
    std::size_t accepted = 0, total = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] != '0') continue;  // FADD lines start with op 0
        std::istringstream ss(line);
        unsigned op, subop, rmode, s32, abs, cond;
        std::string neg, a, b, c, r;
        ss >> op >> subop >> rmode >> s32 >> abs >> cond >> neg >> a >> b >> c >> r;
        std::uint32_t x = std::uint32_t(std::stoul(a, nullptr, 16)), y = std::uint32_t(std::stoul(b, nullptr, 16));
        if (neg[0] == '1') x ^= 0x80000000u;
        if (neg[1] == '1') y ^= 0x80000000u;
        ++total;
        std::uint32_t got = 0;
        if (!fadd_settled(x, y, rmode, got)) continue;
        ++accepted;
        ASSERT_EQ(got, std::uint32_t(std::stoul(r, nullptr, 16))) << line;
    }
    EXPECT_GT(accepted, total / 3) << accepted << " of " << total;
}

TEST(FpuRtlFast, FaddAgreesWithTheClockedModel) {
    std::mt19937_64 g(0xfadd);
    auto value = [&]() -> std::uint32_t {
        const std::uint32_t s = std::uint32_t(g() & 1u) << 31, f = std::uint32_t(g()) & 0x7fffffu;
        switch (g() % 12) {
            case 0:
            case 1: return s;                                                // zeros
            case 2: return s | f;                                            // denormals
            case 3: return s | ((1u + std::uint32_t(g() % 3)) << 23) | f;    // near underflow
            case 4: return s | ((251u + std::uint32_t(g() % 4)) << 23) | f;  // near overflow
            case 5: return s | (127u << 23) | (f & 7u);                      // few bits: ties
            default: return s | ((90u + std::uint32_t(g() % 80)) << 23) | f;
        }
    };
    std::size_t accepted = 0;
    const std::uint64_t n = fgtlm::test::draw_count(1000000);
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::uint32_t a = value();
        // A third of the time b is close to ±a: cancellation, carries, equal exponents.
        const std::uint32_t b =
            (i % 3 == 0) ? (((a & 0x807fffffu) | ((((a >> 23) + std::uint32_t(g() % 5) - 2) & 0xffu) << 23)) ^
                            (std::uint32_t(g() & 1u) << 31) ^ std::uint32_t(g() & 7u))
                         : value();
        const unsigned rmode = unsigned(g() % 4);
        std::uint32_t got = 0;
        if (!fadd_settled(a, b, rmode, got)) continue;
        ++accepted;
        ASSERT_EQ(got, fpu_rtl_arith(FpuRtlOp::Fadd, a, b, 0, rmode).result)
            << std::hex << a << " + " << b << " rmode " << rmode;
    }
    EXPECT_GT(accepted, n / 2);
}

// FMAD with fpu_fma clocked until it settles (fmad_settled) against the full clocked model.
TEST(FpuRtlFast, FmadSettledAgreesWithTheClockedModel) {
    std::mt19937_64 g(0xfa3d);
    auto value = [&]() -> std::uint32_t {
        const std::uint32_t s = std::uint32_t(g() & 1u) << 31, f = std::uint32_t(g()) & 0x7fffffu;
        switch (g() % 12) {
            case 0:
            case 1: return s;
            case 2: return s | f;
            case 3: return s | (f & 0xffu);
            case 4: return s | ((1u + std::uint32_t(g() % 3)) << 23) | f;
            case 5: return s | ((251u + std::uint32_t(g() % 4)) << 23) | f;
            case 6: return s | (127u << 23) | (f & 7u);
            default: return s | ((60u + std::uint32_t(g() % 140)) << 23) | f;
        }
    };
    std::size_t accepted = 0;
    const std::uint64_t n = fgtlm::test::draw_count(400000);
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::uint32_t a = value(), b = value();
        std::uint32_t c = value();
        const unsigned rmode = unsigned(g() % 4);
        if (i % 4 == 0)  // c close to -(a*b): cancellation, including exact
            c = (fpu_rtl_arith(FpuRtlOp::Fmul, a, b, 0, 3).result ^ 0x80000000u) ^ std::uint32_t(g() % 3);
        std::uint32_t got = 0;
        if (!fmad_settled(a, b, c, rmode, got)) continue;
        ++accepted;
        ASSERT_EQ(got, fpu_rtl_arith(FpuRtlOp::Fmad, a, b, c, rmode).result)
            << std::hex << a << " * " << b << " + " << c << " rmode " << rmode;
    }
    EXPECT_GT(accepted, n * 3 / 4);
}

// Every golden FADD/FMUL/FMAD vector, 32 at a time through fadd_lanes/fmul_lanes/fmad_lanes.
TEST(FpuRtlFast, LanesAgreeWithEveryGoldenVector) {
    std::ifstream in(std::string(FGTLM_GOLDEN_DIR) + "/fpu_rtl.txt");
    ASSERT_TRUE(in);
    std::string line;
    std::uint32_t a[3][32], b[3][32], c[3][32], want[3][32], r[32];
    unsigned rm[3] = {0, 0, 0}, n[3] = {0, 0, 0};
    std::size_t checked = 0;
    const char* names[3] = {"FADD ", "FMUL ", "FMAD "};
    auto flush = [&](int k) {
        const std::uint32_t mask = n[k] == 32 ? 0xffffffffu : (1u << n[k]) - 1;
        if (k == 0)
            fadd_lanes(a[0], b[0], r, mask, isa::Rounding(rm[0]));
        else if (k == 1)
            fmul_lanes(a[1], b[1], r, mask, isa::Rounding(rm[1]));
        else
            fmad_lanes(a[2], b[2], c[2], r, mask, isa::Rounding(rm[2]));
        for (unsigned l = 0; l < n[k]; ++l)
            ASSERT_EQ(r[l], want[k][l]) << names[k] << std::hex << a[k][l] << " " << b[k][l] << " " << c[k][l]
                                        << " rmode " << rm[k];
        checked += n[k];
        n[k] = 0;
    };
    while (std::getline(in, line)) {
        if (line.empty() || (line[0] != '0' && line[0] != '1' && line[0] != '2')) continue;
        std::istringstream ss(line);
        unsigned op, subop, rmode, s32, abs, cond;
        std::string neg, x, y, z, res;
        ss >> op >> subop >> rmode >> s32 >> abs >> cond >> neg >> x >> y >> z >> res;
        const int k = int(op);
        if (n[k] != 0 && rmode != rm[k]) flush(k);
        rm[k] = rmode;
        const unsigned l = n[k]++;
        a[k][l] = std::uint32_t(std::stoul(x, nullptr, 16)) ^ (neg[0] == '1' ? 0x80000000u : 0u);
        b[k][l] = std::uint32_t(std::stoul(y, nullptr, 16)) ^ (neg[1] == '1' ? 0x80000000u : 0u);
        c[k][l] = std::uint32_t(std::stoul(z, nullptr, 16)) ^ (neg[2] == '1' ? 0x80000000u : 0u);
        want[k][l] = std::uint32_t(std::stoul(res, nullptr, 16));
        if (n[k] == 32) flush(k);
    }
    for (int k = 0; k < 3; ++k)
        if (n[k]) flush(k);
    EXPECT_GT(checked, 140000u);
}

}  // namespace
}  // namespace fgtlm::numerics::detail
