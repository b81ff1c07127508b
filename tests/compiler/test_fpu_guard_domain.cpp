// The guard of the compiled add/sub/mul.f32 (softfloat.inc, fgtlm_fpu_operand_ok) sends operands
// to the FPU only where the FlexGripPlus FPU's result is IEEE: checked here on the RTL-exact FPU
// model (models/numerics) against the host, for the instruction sequences the compiler emits
// (FMAD b, 1.0, a with the exact-zero fix; FMUL), and shown necessary just outside the domain.
#include "../../models/compiler/softfloat/softfloat.inc"
#include "host_float.hpp"

#include <fgtlm/numerics/fpu.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

namespace {

using namespace fgtlm::test::host_float;

// lower_float_seq.cpp's float_add: FMAD b, 1.0, a; x + (-x) is +0; two zeros give a & b.
std::uint32_t compiled_add(std::uint32_t a, std::uint32_t b) {
    std::uint32_t d = fgtlm::numerics::fmad(b, 0x3f800000u, a, fgtlm::isa::Rounding{});
    if ((a ^ b) == 0x80000000u) d = 0;
    if (((a | b) & 0x7fffffffu) == 0) d = a & b;
    return d;
}

// softfloat.cu's __fgtlm_mul_f32 for operands in the domain: FMUL, and the software where FMUL gave a zero for nonzero
// operands (a product rounding up to the smallest normal comes out as 0).
std::uint32_t compiled_mul(std::uint32_t a, std::uint32_t b) {
    const std::uint32_t r = fgtlm::numerics::fmul(a, b, fgtlm::isa::Rounding{});
    return (r << 1) != 0 || (a << 1) == 0 || (b << 1) == 0 ? r : fgtlm_mul_rn_bits(a, b);
}

std::uint32_t operand(std::mt19937& rng, int kind, std::uint32_t other) {
    std::uint32_t x = rng();
    if (kind == 1) x = (x & 0x807fffffu) | ((other & 0x7f800000u) + (rng() % 50 - 25) * 0x800000u);  // close exponents
    if (kind == 2) x = (x & 0x807fffffu) | ((2 + rng() % 30) << 23);    // tiny normals: subnormal results
    if (kind == 3) x = (x & 0x807fffffu) | ((200 + rng() % 55) << 23);  // huge: overflowing results
    if (kind == 4) x &= 0x80000000u;                                    // zeros
    return x;
}

TEST(FpuGuardDomain, AddAndMulEqualTheHostForOperandsInTheDomain) {
    std::mt19937 rng(3);
    int checked = 0, bad = 0;
    for (int i = 0; i < 400000; ++i) {
        const int kind = i % 5, other = kind == 4 ? 2 : kind == 1 ? 0 : kind;  // a zero meets tiny normals
        const std::uint32_t a = operand(rng, other, 0), b = operand(rng, kind, a);
        if (!fgtlm_fpu_operand_ok(a) || !fgtlm_fpu_operand_ok(b)) continue;
        ++checked;
        if (compiled_add(a, b) != bits(as_float(a) + as_float(b)) && ++bad < 5)
            ADD_FAILURE() << std::hex << a << " + " << b;
        if (compiled_mul(a, b) != bits(as_float(a) * as_float(b)) && ++bad < 5)
            ADD_FAILURE() << std::hex << a << " * " << b;
    }
    EXPECT_GT(checked, 250000);
    EXPECT_EQ(bad, 0);
}

// Products just below 2^-126 that round up to 0x00800000: FMUL gives 0 (fuzz seed 822), the compiled mul is IEEE.
TEST(FpuGuardDomain, MulRoundingUpToTheSmallestNormalTakesTheSoftware) {
    std::mt19937 rng(5);
    int fpu_wrong = 0, bad = 0;
    for (int i = 0; i < 200000; ++i) {
        const std::uint32_t a = (rng() & 0x007fffffu) | ((3 + rng() % 120) << 23);
        const double target = std::ldexp(1.0, -126) * (1.0 - double(rng() % 64) * std::ldexp(1.0, -30));
        const std::uint32_t b = bits(float(target / double(as_float(a))));
        if (!fgtlm_fpu_operand_ok(b)) continue;
        const std::uint32_t want = bits(as_float(a) * as_float(b));
        fpu_wrong += fgtlm::numerics::fmul(a, b, fgtlm::isa::Rounding{}) != want;
        if (compiled_mul(a, b) != want && ++bad < 5) ADD_FAILURE() << std::hex << a << " * " << b;
    }
    EXPECT_EQ(fgtlm::numerics::fmul(0x0405d092u, 0x3bf4e03au, fgtlm::isa::Rounding{}), 0u);
    EXPECT_EQ(compiled_mul(0x0405d092u, 0x3bf4e03au), 0x00800000u);
    EXPECT_GT(fpu_wrong, 10);
    EXPECT_EQ(bad, 0);
}

TEST(FpuGuardDomain, TheFpuIsWrongJustOutsideIt) {
    EXPECT_FALSE(fgtlm_fpu_operand_ok(0x00800000u));       // exponent field 1
    EXPECT_FALSE(fgtlm_fpu_operand_ok(0x01000000u));       // exponent field 2: 0 + x is wrong
    EXPECT_NE(compiled_add(0x011fcec6u, 0), 0x011fcec6u);  // FMAD 0 x 1 + a
    EXPECT_NE(compiled_add(0x00800000u, 0), 0x00800000u);
    EXPECT_NE(compiled_add(0, 0x00000001u), 0x00000001u);
    EXPECT_NE(fgtlm::numerics::fmul(0x7f800000u, 0x40000000u, fgtlm::isa::Rounding{}), 0x7f800000u);  // Inf x 2
    EXPECT_EQ(fgtlm_add_rn_bits(0x00800000u, 0), 0x00800000u);
    EXPECT_EQ(fgtlm_mul_rn_bits(0x7f800000u, 0x40000000u), 0x7f800000u);
    EXPECT_EQ(fgtlm_mul_rn_bits(0x80000000u, 0x3f800000u), 0x80000000u);  // -0 x 1 keeps its sign
}

}  // namespace
