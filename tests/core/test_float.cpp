// FPU/SFU routing: operands, negation/abs modifiers, rounding and FP predicate flags.
// The arithmetic itself is the numerics library's (tested there); this checks the wiring.
#include "core_harness.hpp"

#include <fgtlm/numerics/fpu.hpp>
#include <fgtlm/numerics/sfu.hpp>

namespace fgtlm::test {
namespace {

TEST(Float, AddMulMadWithModifiers) {
    CoreRun r;
    ASSERT_TRUE(r.run(R"(
        MVI R1, 0x3fc00000;
        MVI R2, 0x40000000;
        FADD R3, R1, -R2;
        FMUL R4, R1, R2;
        FMAD R5, R1, R2, R1;
        FADD32I R6, R1, 0x3f800000;
        RCP R7, R2;
        FSET.C0 o[0x7f], R1, R2, LT;
        RET;
    )", launch(1)));
    EXPECT_EQ(r.sm.reg(0, 3, 0), 0xbf000000u);  // 1.5 - 2 = -0.5
    EXPECT_EQ(r.sm.reg(0, 4, 0), 0x40400000u);  // 3.0
    EXPECT_EQ(r.sm.reg(0, 5, 0), numerics::fmad(0x3fc00000u, 0x40000000u, 0x3fc00000u, isa::Rounding::Nearest));
    EXPECT_EQ(r.sm.reg(0, 6, 0), 0x40200000u);  // 2.5
    EXPECT_EQ(r.sm.reg(0, 7, 0), numerics::rcp(0x40000000u));
    EXPECT_EQ(r.sm.pred(0, 0, 0), core::kFlagSign);  // true -> 0xffffffff
}

TEST(Float, ConversionsRoundTrip) {
    CoreRun r;
    ASSERT_TRUE(r.run(R"(
        MVI R1, 0xfffffff9;
        I2F.F32.S32 R2, R1;
        F2I.S32.F32 R3, R2;
        F2F.F32.F32 R4, -R2;
        RET;
    )", launch(1)));
    EXPECT_EQ(r.sm.reg(0, 2, 0), 0xc0e00000u);  // -7.0
    EXPECT_EQ(r.sm.reg(0, 3, 0), 0xfffffff9u);
    EXPECT_EQ(r.sm.reg(0, 4, 0), 0x40e00000u);
}

}  // namespace
}  // namespace fgtlm::test
