// FPU: corner cases, rounding modes and the RTL's departures from IEEE-754.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>

#include <fgtlm/numerics/fpu.hpp>

namespace {

using fgtlm::isa::CompareOp;
using fgtlm::isa::Rounding;
namespace nx = fgtlm::numerics;

constexpr std::uint32_t kPosZero = 0x00000000u;
constexpr std::uint32_t kNegZero = 0x80000000u;
constexpr std::uint32_t kPosInf = 0x7F800000u;
constexpr std::uint32_t kNegInf = 0xFF800000u;
constexpr std::uint32_t kOne = 0x3F800000u;
constexpr std::uint32_t kTwo = 0x40000000u;
constexpr std::uint32_t kDenorm = 0x00000001u;
constexpr std::uint32_t kMaxFinite = 0x7F7FFFFFu;

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

// Expectations are the RTL's (fpu_single under GHDL, tests/numerics/golden/fpu_rtl.txt), not
// IEEE-754: where they differ the comment says what the RTL does.
TEST(Fadd, SimpleSums) {
    EXPECT_EQ(nx::fadd(kOne, kOne, Rounding::Nearest), kTwo);
    EXPECT_EQ(nx::fadd(bits(1.5f), bits(-0.25f), Rounding::Nearest), bits(1.25f));
    EXPECT_EQ(nx::fadd(bits(3.0f), bits(-3.0f), Rounding::Nearest), kPosZero);
    EXPECT_EQ(nx::fadd(bits(3.0f), bits(-3.0f), Rounding::Down), kPosZero);  // no -0 for Down
}

// With any negative operand the FPU's SET state picks fpu_sub, which subtracts the smaller
// magnitude from the larger whatever the signs: (-1) + (-2) = -(2 - 1).
TEST(Fadd, TwoNegativesSubtractMagnitudes) {
    EXPECT_EQ(nx::fadd(bits(-1.0f), bits(-2.0f), Rounding::Nearest), bits(-1.0f));
    EXPECT_EQ(nx::fadd(bits(-1.0f), bits(-1.0f), Rounding::Nearest), kNegZero);
    EXPECT_EQ(nx::fadd(bits(-2.0f), bits(1.0f), Rounding::Nearest), bits(-1.0f));
}

TEST(Fadd, SignedZeros) {
    EXPECT_EQ(nx::fadd(kNegZero, kNegZero, Rounding::Nearest), kNegZero);
    EXPECT_EQ(nx::fadd(kPosZero, kNegZero, Rounding::Nearest), kPosZero);
    EXPECT_EQ(nx::fadd(kPosZero, kNegZero, Rounding::Down), kPosZero);
    EXPECT_EQ(nx::fadd(kNegZero, bits(2.5f), Rounding::Nearest), bits(2.5f));
}

// Exponent 255 is always a (quiet) NaN to the exception stage, which returns the first such
// operand with bit 22 set: Inf + x = 0x7FC00000. Overflow: Nearest -> Inf, Trunc -> +0.
TEST(Fadd, InfinitiesAndNaN) {
    EXPECT_EQ(nx::fadd(kPosInf, bits(-1e30f), Rounding::Nearest), 0x7FC00000u);
    EXPECT_EQ(nx::fadd(kPosInf, kNegInf, Rounding::Nearest), 0x7FC00000u);
    EXPECT_EQ(nx::fadd(kNegInf, kPosInf, Rounding::Nearest), 0xFFC00000u);
    EXPECT_EQ(nx::fadd(0xFFC00001u, kOne, Rounding::Nearest), 0xFFC00001u);
    EXPECT_EQ(nx::fadd(kOne, 0x7F800123u, Rounding::Nearest), 0x7FC00123u);
    EXPECT_EQ(nx::fadd(kMaxFinite, kMaxFinite, Rounding::Nearest), kPosInf);
    EXPECT_EQ(nx::fadd(kMaxFinite, kMaxFinite, Rounding::Down), kMaxFinite);
    EXPECT_EQ(nx::fadd(kMaxFinite, kMaxFinite, Rounding::Trunc), kPosZero);
}

TEST(Fadd, DenormalsAreNotFlushed) {
    EXPECT_EQ(nx::fadd(kDenorm, kOne, Rounding::Nearest), kOne);
    EXPECT_EQ(nx::fadd(kDenorm, kDenorm, Rounding::Nearest), 0x00000002u);
    // 1.5 * 2^-126 - 2^-126 = 2^-127: a denormal result.
    EXPECT_EQ(nx::fadd(0x00C00000u, 0x80800000u, Rounding::Nearest), 0x00400000u);
}

// Only rmode 00 rounds (to nearest even, from two bits below the result); 01, 10, 11 truncate.
TEST(Fadd, RoundingModes) {
    const std::uint32_t tiny = 0x33800000u;  // 2^-24: 1 + tiny is a tie
    EXPECT_EQ(nx::fadd(kOne, tiny, Rounding::Nearest), kOne);  // tie to even
    EXPECT_EQ(nx::fadd(kOne, tiny, Rounding::Up), kOne);
    EXPECT_EQ(nx::fadd(kOne, tiny, Rounding::Down), kOne);
    EXPECT_EQ(nx::fadd(kOne, tiny, Rounding::Trunc), kOne);
    EXPECT_EQ(nx::fadd(kOne, 0x33C00000u, Rounding::Nearest), 0x3F800001u);  // 1 + 3*2^-25: G=1, R=1
    EXPECT_EQ(nx::fadd(kOne, 0x33C00000u, Rounding::Up), kOne);
    // -1 + -(3*2^-25) is a subtraction of magnitudes (see above), truncated.
    EXPECT_EQ(nx::fadd(bits(-1.0f), 0xB3C00000u, Rounding::Down), 0xBF7FFFFEu);
}

// Golden FADD32 results of VectorAdd_float-multiblock (its RTL run before the buffers were moved
// apart, git history of tests/data/conformance) where IEEE rounds up but the RTL
// truncates: guard bit set, round bit clear, only lower (sticky) bits set, even lsb.
TEST(Fadd, RtlIgnoresStickyBits) {
    EXPECT_EQ(nx::fadd(0x3F7F051Au, 0x40FCEC4Au, Rounding::Nearest), 0x410E6676u);
    EXPECT_EQ(nx::fadd(0x3F0A8565u, 0x40B9CD48u, Rounding::Nearest), 0x40CB1DF4u);
    EXPECT_EQ(nx::fadd(0x4004870Eu, 0x3D891895u, Rounding::Nearest), 0x4008CFD2u);
    EXPECT_EQ(nx::fadd(0x3FBDA049u, 0x40E540BFu, Rounding::Nearest), 0x410A5468u);
    // The same pattern built by hand: 1 + 2^-24 + 2^-30 (G=1, R=0, sticky=1) stays 1.
    EXPECT_EQ(nx::fadd(kOne, 0x33810000u, Rounding::Nearest), kOne);
}

TEST(Fmul, Basics) {
    EXPECT_EQ(nx::fmul(bits(1.5f), bits(-2.0f), Rounding::Nearest), bits(-3.0f));
    EXPECT_EQ(nx::fmul(kNegZero, bits(5.0f), Rounding::Nearest), kNegZero);
    EXPECT_EQ(nx::fmul(kPosInf, kPosZero, Rounding::Nearest), 0x7FC00000u);
    EXPECT_EQ(nx::fmul(kNegInf, bits(2.0f), Rounding::Nearest), 0xFFC00000u);
    EXPECT_EQ(nx::fmul(0x00800000u, bits(0.5f), Rounding::Nearest), 0x00400000u);  // denormal result
    EXPECT_EQ(nx::fmul(bits(1e30f), bits(1e30f), Rounding::Nearest), kPosInf);
    EXPECT_EQ(nx::fmul(0x3F800001u, kMaxFinite, Rounding::Down), kMaxFinite);
    EXPECT_EQ(nx::fmul(0x3F800001u, 0xFF7FFFFFu, Rounding::Down), 0xFF7FFFFFu);
    EXPECT_EQ(nx::fmul(bits(1e30f), bits(1e30f), Rounding::Trunc), kPosZero);
    EXPECT_EQ(nx::fmul(bits(1e30f), bits(1e30f), Rounding::Up), kPosZero);
}

TEST(Fmul, RoundingModes) {
    // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: every mode but Nearest truncates.
    const std::uint32_t a = 0x3F800001u;
    EXPECT_EQ(nx::fmul(a, a, Rounding::Nearest), 0x3F800002u);
    EXPECT_EQ(nx::fmul(a, a, Rounding::Trunc), 0x3F800002u);
    EXPECT_EQ(nx::fmul(a, a, Rounding::Up), 0x3F800002u);
    // Normal operands and results: the host multiplier's round to nearest even.
    for (std::uint32_t i = 0; i < 20000; ++i) {
        const float x = 0.75f + static_cast<float>(i) * 1.37e-4f;
        const float y = 1.3f - static_cast<float>(i) * 2.11e-5f;
        EXPECT_EQ(nx::fmul(bits(x), bits(y), Rounding::Nearest), bits(x * y)) << x << " * " << y;
    }
}

TEST(Fmad, MultiplyThenAdd) {
    EXPECT_EQ(nx::fmad(bits(2.0f), bits(3.0f), bits(1.0f), Rounding::Nearest), bits(7.0f));
    EXPECT_EQ(nx::fmad(kPosInf, kPosZero, kOne, Rounding::Nearest), 0x7FC00000u);
    EXPECT_EQ(nx::fmad(kOne, kOne, 0xFFFF0000u, Rounding::Nearest), 0xFFFF0000u);  // c's NaN bits
    // Fused: the exact product enters the addition. a = 1 + 2^-12:
    // a*a - 1 = 2^-11 + 2^-24 exactly; rounding the product first would give 2^-11.
    const std::uint32_t a = 0x3F800800u;  // 1 + 2^-12
    EXPECT_EQ(nx::fmad(a, a, bits(-1.0f), Rounding::Nearest), 0x3A000400u);
    // One rounding: (1 + 2^-23)^2 - 1 = 2^-22 + 2^-46 is an exact tie -> even, 2^-22.
    const std::uint32_t b1 = 0x3F800001u;  // 1 + 2^-23
    EXPECT_EQ(nx::fmad(b1, b1, bits(-1.0f), Rounding::Nearest), 0x34800000u);
    EXPECT_EQ(nx::fmad(bits(1.5f), bits(1.5f), bits(1e-30f), Rounding::Up), 0x40100000u);  // truncated
    EXPECT_EQ(nx::fmad(bits(1.5f), bits(1.5f), bits(-1e-30f), Rounding::Trunc), 0x400FFFFFu);
    EXPECT_EQ(nx::fmad(bits(1.5f), bits(1.5f), bits(-1e-30f), Rounding::Nearest), 0x40100000u);
    EXPECT_EQ(nx::fmad(kPosZero, bits(3.0f), bits(-5.0f), Rounding::Nearest), bits(-5.0f));
    EXPECT_EQ(nx::fmad(bits(3.0f), bits(4.0f), kPosZero, Rounding::Nearest), bits(12.0f));
}

// An exact cancellation (a*b == -c, effective subtraction) takes neither branch that assigns
// fpu_fma's sum_2, which keeps a value from the pipeline's first edges: 1*1 - 1 = 7.
TEST(Fmad, ExactCancellationIsNotZero) {
    EXPECT_EQ(nx::fmad(kOne, kOne, bits(-1.0f), Rounding::Nearest), bits(7.0f));
    EXPECT_EQ(nx::fmad(bits(-1.0f), kOne, kOne, Rounding::Nearest), bits(-7.0f));
}

// fpu_set compares the fields as unsigned numbers: no zero, denormal or NaN classes.
TEST(Fcompare, FieldComparisons) {
    const std::uint32_t nan = 0x7FC00000u;
    EXPECT_TRUE(nx::fcompare(bits(1.0f), bits(2.0f), CompareOp::LT));
    EXPECT_FALSE(nx::fcompare(bits(2.0f), bits(2.0f), CompareOp::LT));
    EXPECT_TRUE(nx::fcompare(bits(2.0f), bits(2.0f), CompareOp::LE));
    EXPECT_TRUE(nx::fcompare(bits(-2.0f), bits(-3.0f), CompareOp::GT));
    EXPECT_FALSE(nx::fcompare(kPosZero, kNegZero, CompareOp::EQ));  // +0 != -0
    EXPECT_FALSE(nx::fcompare(kDenorm, kPosZero, CompareOp::EQ));
    EXPECT_TRUE(nx::fcompare(kDenorm, kPosZero, CompareOp::GT));
    EXPECT_TRUE(nx::fcompare(nan, nan, CompareOp::EQ));   // same bits
    EXPECT_TRUE(nx::fcompare(nan, kOne, CompareOp::GE));  // exponent 255 > 127
    EXPECT_FALSE(nx::fcompare(nan, kOne, CompareOp::LT));
    EXPECT_TRUE(nx::fcompare(nan, kOne, CompareOp::NE));
    EXPECT_FALSE(nx::fcompare(kOne, kOne, CompareOp::FL));
    EXPECT_FALSE(nx::fcompare(kOne, kOne, CompareOp::TR));  // cond 111: no case in fpu_set
    EXPECT_TRUE(nx::fcompare(kNegInf, bits(-1e38f), CompareOp::LT));
    EXPECT_TRUE(nx::fcompare(bits(-1.0f), bits(1.0f), CompareOp::EQ, true));  // abs: |a| == |b|
}

TEST(FminFmax, Basics) {
    EXPECT_EQ(nx::fmin(bits(1.0f), bits(-2.0f)), bits(-2.0f));
    EXPECT_EQ(nx::fmax(bits(1.0f), bits(-2.0f)), bits(1.0f));
    EXPECT_EQ(nx::fmin(kPosZero, kNegZero), kNegZero);
    EXPECT_EQ(nx::fmax(kPosZero, kNegZero), kPosZero);
    EXPECT_EQ(nx::fmin(nx::kCanonicalNaN, bits(3.0f)), bits(3.0f));
    EXPECT_EQ(nx::fmax(bits(3.0f), 0xFFC00000u), bits(3.0f));
    EXPECT_EQ(nx::fmax(0xFFC00000u, 0x7FC00000u), nx::kCanonicalNaN);
}

TEST(FpFlags, ConditionEncoding) {
    auto f = nx::fp_flags(bits(-1.5f));
    EXPECT_FALSE(f.zero);
    EXPECT_TRUE(f.sign);
    f = nx::fp_flags(kNegZero);
    EXPECT_TRUE(f.zero);
    EXPECT_FALSE(f.sign);  // -0 == 0: EQ (Z & ~S) must hold
    f = nx::fp_flags(nx::kCanonicalNaN);
    EXPECT_TRUE(f.zero);
    EXPECT_TRUE(f.sign);  // unordered = Z & S
    f = nx::fp_flags(bits(2.0f));
    EXPECT_FALSE(f.zero || f.sign || f.carry || f.overflow);
}

}  // namespace
