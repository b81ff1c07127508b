// Golden-data checks: straight-line chains of the conformance kernels recomputed from their
// inputs with fgtlm_numerics and compared with the FlexGripPlus RTL's own results.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>

#include <fgtlm/numerics/convert.hpp>
#include <fgtlm/numerics/fpu.hpp>
#include <fgtlm/numerics/sfu.hpp>

#include "bundle.hpp"

namespace {

using fgtlm::isa::DataType;
using fgtlm::isa::RroKind;
using fgtlm::isa::Rounding;
namespace nx = fgtlm::numerics;
using nx::test::load_bundle;

constexpr std::uint32_t kSign = 0x80000000u;

// Signed distance in ulps between two finite binary32 values of the same sign.
long ulp_diff(std::uint32_t got, std::uint32_t want) {
    return static_cast<long>(static_cast<std::int32_t>(got & 0x7FFFFFFFu)) -
           static_cast<long>(static_cast<std::int32_t>(want & 0x7FFFFFFFu));
}

// VectorAdd_float-multiblock: c[i] = a[i] + b[i] (FADD32), a at 0, b at 8192, c at 16384,
// 2048 threads (the buffers are disjoint: tests/data/README.md).
TEST(Golden, VectorAddFloatMultiblockAllFaddWordsExact) {
    const auto b = load_bundle("VectorAdd_float-multiblock");
    int checked = 0, exact = 0;
    for (std::uint32_t i = 0; i < 2048; ++i) {
        const auto want = b.expected(16384 + 4 * i);
        ASSERT_TRUE(want.has_value());
        const std::uint32_t x = b.init_word(4 * i);
        const std::uint32_t y = b.init_word(8192 + 4 * i);
        const std::uint32_t got = nx::fadd(x, y, Rounding::Nearest);
        ++checked;
        if (got == *want) ++exact;
        else
            ADD_FAILURE() << "thread " << i << ": " << std::hex << x << " + " << y << " = " << got << ", RTL " << *want;
    }
    EXPECT_EQ(checked, 2048);
    EXPECT_EQ(exact, 2048);
}

// Log2-hard: out[i] = LG2(in[i]), in at 0 (32 defined words, then zeros), out at 4096.
TEST(Golden, Log2HardLg2) {
    const auto b = load_bundle("Log2-hard");
    int exact = 0, nonzero_inputs = 0;
    long worst = 0;
    for (std::uint32_t i = 0; i < 1024; ++i) {
        const auto want = b.expected(4096 + 4 * i);
        ASSERT_TRUE(want.has_value());
        const std::uint32_t x = b.init_word(4 * i);
        const std::uint32_t got = nx::lg2(x);
        if (x == 0) {
            EXPECT_EQ(got, *want) << "LG2(0), thread " << i;
            continue;
        }
        ++nonzero_inputs;
        if (got == *want) ++exact;
        else ADD_FAILURE() << "thread " << i << ": LG2(" << std::hex << x << ") = " << got << ", RTL " << *want;
        worst = std::max(worst, std::labs(ulp_diff(got, *want)));
    }
    std::cout << "[ measured ] LG2 exact " << exact << "/32, worst " << worst << " ulp\n";
    EXPECT_EQ(nonzero_inputs, 32);
    // The LG2 model is the RTL's (m-1)*g(m) interpolator: every word must be exact
    // (13/32 with an exactly rounded log2).
    EXPECT_EQ(exact, 32);
}

// exp: out[i] = EX2(RRO.EX2(in[i])), in at 0, out at 256, 64 threads. The EX2 model is the RTL's
// interpolator datapath: every word must be exact.
TEST(Golden, ExpEx2) {
    const auto b = load_bundle("exp");
    int exact = 0;
    long worst = 0;
    for (std::uint32_t i = 0; i < 64; ++i) {
        const auto want = b.expected(256 + 4 * i);
        ASSERT_TRUE(want.has_value());
        const std::uint32_t got = nx::ex2(nx::rro(b.init_word(4 * i), RroKind::Ex2));
        if (got == *want) ++exact;
        else
            ADD_FAILURE() << "thread " << i << ": EX2(RRO(" << std::hex << b.init_word(4 * i) << ")) = " << got
                          << ", RTL " << *want;
        worst = std::max(worst, std::labs(ulp_diff(got, *want)));
    }
    std::cout << "[ measured ] EX2 exact " << exact << "/64, worst " << worst << " ulp\n";
    EXPECT_EQ(exact, 64);
}

// nn: out[i] = RCP(RSQ(dx*dx + dy*dy)) with dx = g[8] - x, dy = g[9] - y, where g[8] = 30 and
// g[9] = 90 are integer bit patterns (denormals, read as 0), records of (x, y) at 8*i, out at
// 8192 + 4*i, 1024 threads. Chain: FADD32, FADD32, FMUL, FMAD, RSQ, RCP32.
TEST(Golden, NnDistanceChain) {
    const auto b = load_bundle("nn");
    int exact = 0, checked = 0;
    long worst = 0;
    for (std::uint32_t i = 0; i < 1024; ++i) {
        const auto want = b.expected(8192 + 4 * i);
        if (!want) continue;
        ++checked;
        const std::uint32_t dy = nx::fadd(90u, b.init_word(8 * i + 4) ^ kSign, Rounding::Nearest);
        const std::uint32_t dx = nx::fadd(30u, b.init_word(8 * i) ^ kSign, Rounding::Nearest);
        const std::uint32_t sq = nx::fmad(dx, dx, nx::fmul(dy, dy, Rounding::Nearest), Rounding::Nearest);
        const std::uint32_t got = nx::rcp(nx::rsq(sq));
        if (got == *want) ++exact;
        worst = std::max(worst, std::labs(ulp_diff(got, *want)));
    }
    std::cout << "[ measured ] nn exact " << exact << "/" << checked << ", worst " << worst << " ulp\n";
    EXPECT_EQ(checked, 1024);
    // Measured: 1024 of 1024 exact (RCP/RSQ interpolators with the squarer output truncated
    // to 2^-27, fused FMAD). 991 with an exact squarer, 527 with exactly rounded RCP/RSQ and
    // an unfused FMAD.
    EXPECT_EQ(exact, 1024);
    EXPECT_EQ(worst, 0);
}

}  // namespace
