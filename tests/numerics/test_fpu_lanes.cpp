// The 32-lane FADD and host-arithmetic FMUL/FMAD agree bit for bit with the scalar RTL routines on
// millions of operands drawn to hit the hard cases: every rounding mode, exponents at the
// overflow and underflow thresholds, cancellation in FMAD, zeros, denormals, Inf and NaN,
// inactive lanes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>

#include <fgtlm/numerics/fpu.hpp>
#include <fgtlm/numerics/fpu_lanes.hpp>
#include "../draw_count.hpp"

namespace {

using fgtlm::isa::Rounding;
namespace nx = fgtlm::numerics;

struct Gen {
    std::mt19937_64 rng{0x5eed};
    std::uint32_t word() { return std::uint32_t(rng()); }
    // Values with exponents spread over the whole range plus special encodings.
    std::uint32_t value() {
        const std::uint32_t pick = word() % 16;
        const std::uint32_t sign = (word() & 1u) << 31;
        const std::uint32_t frac = word() & 0x7fffffu;
        switch (pick) {
            case 0: return sign;                                        // zero
            case 1: return sign | (frac ? frac : 1u);                   // denormal
            case 2: return sign | 0x7f800000u;                          // Inf
            case 3: return 0x7f800000u | (frac ? frac : 1u);            // NaN
            case 4: return sign | ((1u + word() % 3u) << 23) | frac;    // near underflow
            case 5: return sign | ((252u + word() % 3u) << 23) | frac;  // near overflow
            case 6: return sign | (127u << 23) | (word() & 0x7u);       // ~1 with few bits: ties
            default: return sign | ((1u + word() % 254u) << 23) | frac;
        }
    }
};

void fill(Gen& g, std::uint32_t* v, bool near) {
    for (int l = 0; l < 32; ++l) v[l] = g.value();
    // Half the time: exponents close together (exercises FMAD cancellation and exact ties).
    if (near)
        for (int l = 0; l < 32; ++l) v[l] = (v[l] & 0x807fffffu) | (((120u + g.word() % 16u) & 0xffu) << 23);
}

using LaneOp = void (*)(const std::uint32_t*, const std::uint32_t*, std::uint32_t*, std::uint32_t, Rounding);
using ScalarOp = std::uint32_t (*)(std::uint32_t, std::uint32_t, Rounding);

// 40,000 rounds of 32 lanes: every rounding mode, every seventh round with random inactive lanes
// (an inactive lane's result is 0).
void lanes_match_scalar(LaneOp lanes, ScalarOp scalar, const char* op) {
    Gen g;
    std::uint32_t a[32], b[32], r[32];
    for (int it = 0; it < int(fgtlm::test::draw_count(40000)); ++it) {
        fill(g, a, it & 1);
        fill(g, b, it & 2);
        const std::uint32_t mask = (it % 7 == 0) ? g.word() : 0xffffffffu;
        const auto rnd = Rounding(it % 4);
        lanes(a, b, r, mask, rnd);
        for (int l = 0; l < 32; ++l) {
            const std::uint32_t want = ((mask >> l) & 1u) ? scalar(a[l], b[l], rnd) : 0u;
            ASSERT_EQ(r[l], want) << std::hex << a[l] << op << b[l] << " rounding " << int(rnd);
        }
    }
}

TEST(FpuLanes, FmulMatchesScalar) { lanes_match_scalar(nx::fmul_lanes, nx::fmul, " * "); }

TEST(FpuLanes, FaddMatchesScalar) { lanes_match_scalar(nx::fadd_lanes, nx::fadd, " + "); }

// The vectorised FADD datapath (fpu_fadd_lanes.cpp) against the scalar settled one at the edges
// of its domain: exponent pairs 0..30 apart anywhere in the range (shift, sticky, carry and
// cancellation cases), mantissas with few bits (ties), both signs, every rounding mode.
TEST(FpuLanes, FaddMatchesScalarAtTheDomainEdges) {
    Gen g;
    std::uint32_t a[32], b[32], r[32];
    const std::uint32_t edges[] = {0, 1, 2, 3, 25, 26, 27, 28, 29, 127, 225, 252, 253, 254};
    for (int it = 0; it < int(fgtlm::test::draw_count(40000)); ++it) {
        for (int l = 0; l < 32; ++l) {
            const std::uint32_t e = (it & 1) ? edges[g.word() % 14] : g.word() % 256;
            const std::uint32_t f = (g.word() & 2) ? (g.word() & 0x7fffffu) : (g.word() & 0x7u) << (g.word() % 21);
            a[l] = ((g.word() & 1u) << 31) | (e << 23) | f;
            const std::uint32_t d = g.word() % 31, eb = (g.word() & 1) ? e - std::min(d, e) : std::min(e + d, 255u);
            const std::uint32_t fb = (g.word() & 4) ? (g.word() & 0x7fffffu) : f ^ (g.word() & 0x7u);
            b[l] = ((g.word() & 1u) << 31) | (eb << 23) | fb;
        }
        const auto rnd = Rounding(it % 4);
        nx::fadd_lanes(a, b, r, 0xffffffffu, rnd);
        for (int l = 0; l < 32; ++l)
            ASSERT_EQ(r[l], nx::fadd(a[l], b[l], rnd)) << std::hex << a[l] << " + " << b[l] << " rounding " << int(rnd);
    }
}

TEST(FpuLanes, FmadMatchesScalar) {
    Gen g;
    std::uint32_t a[32], b[32], c[32], r[32];
    for (int it = 0; it < int(fgtlm::test::draw_count(32000)); ++it) {  // ~1M lanes
        fill(g, a, it & 1);
        fill(g, b, it & 1);
        fill(g, c, it & 2);
        if (it % 3 == 0)  // c close to -(a*b): massive cancellation
            for (int l = 0; l < 32; ++l) c[l] = nx::fmul(a[l], b[l], Rounding::Trunc) ^ 0x80000000u ^ (g.word() & 3u);
        const std::uint32_t mask = (it % 5 == 0) ? g.word() : 0xffffffffu;
        const auto rnd = (it % 8 == 0) ? Rounding(g.word() % 4) : Rounding::Nearest;
        nx::fmad_lanes(a, b, c, r, mask, rnd);
        for (int l = 0; l < 32; ++l) {
            const std::uint32_t want = ((mask >> l) & 1u) ? nx::fmad(a[l], b[l], c[l], rnd) : 0u;
            ASSERT_EQ(r[l], want) << std::hex << a[l] << " * " << b[l] << " + " << c[l] << " rounding " << int(rnd);
        }
    }
}

// a*b exactly halfway between two floats, c far below: the double sum loses c and a plain
// double -> float conversion would round the tie to even; the fused result must not.
TEST(FpuLanes, FmadTieWithTinyAddendIsRoundedOnce) {
    std::uint32_t a[32], b[32], c[32], r[32];
    for (int l = 0; l < 32; ++l) {
        a[l] = 0x3F800800u;  // 1 + 2^-12: a*a = 1 + 2^-11 + 2^-24 (a tie)
        b[l] = (l & 1) ? 0x3F800800u : 0xBF800800u;
        c[l] = ((l >> 1) & 1) ? 0x21800000u : 0xA1800000u;  // +-2^-60
    }
    nx::fmad_lanes(a, b, c, r, 0xffffffffu, Rounding::Nearest);
    for (int l = 0; l < 32; ++l) {
        EXPECT_EQ(r[l], nx::fmad(a[l], b[l], c[l], Rounding::Nearest)) << "lane " << l;
        const bool same_sign = (l & 1) == ((l >> 1) & 1);
        EXPECT_EQ(r[l] & 0x7fffffffu, same_sign ? 0x3F801001u : 0x3F801000u) << "lane " << l;
    }
}

}  // namespace
