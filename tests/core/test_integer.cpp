// Integer unit semantics: IADD (sub, carry, overflow, carry-in), 16-bit halves, IMUL/IMAD
// widths, ISET results and flags, SHL/SHR, LOP with inversion, I2I, R124 and o[0x7f].
#include "core_harness.hpp"

namespace fgtlm::test {
namespace {

using core::kFlagCarry;
using core::kFlagOverflow;
using core::kFlagSign;
using core::kFlagZero;

// G80 flags (the RTL's IADD sets no sign flag and negates before adding:
// test_rtl_semantics.cpp).
TEST(Integer, AddSubtractAndFlags) {
    CoreRun r(g80_config());
    ASSERT_TRUE(r.run(R"(
        MVI R1, 0x7fffffff;
        MVI R2, 0x1;
        IADD.C0 R3, R1, R2;
        IADD.C1 R4, R2, -R2;
        MVI R5, 0xffffffff;
        IADD.C2 R6, R5, R2;
        IADD R7, -R2, R1;
        RET;
    )", launch(1)));
    EXPECT_EQ(r.sm.reg(0, 3, 0), 0x80000000u);
    EXPECT_EQ(r.sm.pred(0, 0, 0), kFlagSign | kFlagOverflow);
    EXPECT_EQ(r.sm.reg(0, 4, 0), 0u);
    EXPECT_EQ(r.sm.pred(0, 1, 0) & kFlagZero, kFlagZero);
    EXPECT_EQ(r.sm.reg(0, 6, 0), 0u);
    EXPECT_EQ(r.sm.pred(0, 2, 0), kFlagZero | kFlagCarry);
    EXPECT_EQ(r.sm.reg(0, 7, 0), 0x7ffffffeu);
}

// G80: the carry chains a 64-bit add. The RTL's IADDC adds the latched second operand
// (IADD.C0's R2 = 1) to the 16-bit half of R3 plus the carry (test_rtl_semantics.cpp).
TEST(Integer, AddWithCarryChainsA64BitAdd) {
    const char* sass = R"(
        MVI R1, 0xffffffff;
        MVI R2, 0x00000001;
        MVI R3, 0x00000010;
        MVI R4, 0x00000020;
        IADD.C0 R5, R1, R2;
        IADD.CARRY0 R6, R3, R4;
        RET;
    )";
    CoreRun r(g80_config());
    ASSERT_TRUE(r.run(sass, launch(1)));
    EXPECT_EQ(r.sm.reg(0, 5, 0), 0u);
    EXPECT_EQ(r.sm.reg(0, 6, 0), 0x31u);
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1)));
    EXPECT_EQ(rtl.sm.reg(0, 6, 0), 0x12u);  // 0x10 + 1 + 1
}

TEST(Integer, SixteenBitHalvesAndSharedHeader) {
    CoreRun r;
    core::LaunchConfig l = launch(3);
    l.block[1] = 2;
    ASSERT_TRUE(r.run(R"(
        MOV.U16 R1H, g [0x1].U16;
        MOV.U16 R1L, g [0x2].U16;
        I2I.U32.U16 R2, R0H;
        MOV32 R3, R0;
        RET;
    )", l));
    // R0 = tid.x | tid.y << 16; thread 4 = (1, 1).
    EXPECT_EQ(r.sm.reg(0, 1, 4), (3u << 16) | 2u);
    EXPECT_EQ(r.sm.reg(0, 2, 4), 1u);
    EXPECT_EQ(r.sm.reg(0, 3, 4), (1u << 16) | 1u);
}

TEST(Integer, MultiplyWidths) {
    CoreRun r;
    ASSERT_TRUE(r.run(R"(
        MVI R1, 0x0003fffe;
        MVI R2, 0x00050007;
        IMUL.U16.U16 R3, R1L, R2H;
        IMUL.U16.U16 R4, R1H, R2L;
        IMAD.U16 R5, R1L, R2L, R2;
        IMUL32.U24.U24 R6, R1, R2;
        RET;
    )", launch(1)));
    EXPECT_EQ(r.sm.reg(0, 3, 0), 0xfffeu * 5u);
    EXPECT_EQ(r.sm.reg(0, 4, 0), 3u * 7u);
    EXPECT_EQ(r.sm.reg(0, 5, 0), 0xfffeu * 7u + 0x00050007u);
    EXPECT_EQ(r.sm.reg(0, 6, 0), std::uint32_t(std::uint64_t(0x03fffe) * 0x050007));
}

TEST(Integer, SetResultsAndPredicates) {
    CoreRun r;
    ASSERT_TRUE(r.run(R"(
        I2I.U32.U16 R1, R0L;
        MVI R2, 0x2;
        ISET.S32 R3, R1, R2, LT;
        ISET.S32.C0 o[0x7f], R1, R2, GE;
        MVI R4, 0x0;
        MVI R5, 0x55;
        MOV R4 (C0.NE), R5;
        RET;
    )", launch(4)));
    for (std::uint32_t t = 0; t < 4; ++t) {
        EXPECT_EQ(r.sm.reg(0, 3, t), t < 2 ? 0xffffffffu : 0u) << t;
        EXPECT_EQ(r.sm.reg(0, 4, t), t >= 2 ? 0x55u : 0u) << t;
        EXPECT_EQ(r.sm.pred(0, 0, t), t >= 2 ? kFlagSign : kFlagZero) << t;
    }
}

// G80 reading of LOP's ~ bits (the RTL ignores them: test_rtl_semantics.cpp).
TEST(Integer, ShiftsAndLogic) {
    CoreRun r(g80_config());
    ASSERT_TRUE(r.run(R"(
        MVI R1, 0x80000010;
        SHR R2, R1, 0x4;
        SHR.S32 R3, R1, 0x4;
        SHL R4, R1, 0x1;
        MVI R5, 0x0ff0;
        LOP.AND R6, R1, R5;
        LOP.XOR R7, R1, R5;
        LOP.PASS_B R8, R1, ~R5;
        LOP.OR R9, R1, R5;
        RET;
    )", launch(1)));
    EXPECT_EQ(r.sm.reg(0, 2, 0), 0x08000001u);
    EXPECT_EQ(r.sm.reg(0, 3, 0), 0xf8000001u);
    EXPECT_EQ(r.sm.reg(0, 4, 0), 0x00000020u);
    EXPECT_EQ(r.sm.reg(0, 6, 0), 0x00000010u);
    EXPECT_EQ(r.sm.reg(0, 7, 0), 0x80000fe0u);
    EXPECT_EQ(r.sm.reg(0, 8, 0), ~0x0ff0u);
    EXPECT_EQ(r.sm.reg(0, 9, 0), 0x80000ff0u);
}

TEST(Integer, ConversionsNegateAbsolute) {
    CoreRun r;
    ASSERT_TRUE(r.run(R"(
        MVI R1, 0xfffffffb;
        I2I.U32.S32 R2, |R1|;
        I2I.S32.S32 R3, -R1;
        I2I.S32.S16 R4, R1L;
        I2I.U32.U16 R5, R1H;
        RET;
    )", launch(1)));
    EXPECT_EQ(r.sm.reg(0, 2, 0), 5u);
    EXPECT_EQ(r.sm.reg(0, 3, 0), 5u);
    EXPECT_EQ(r.sm.reg(0, 4, 0), 0xfffffffbu);
    EXPECT_EQ(r.sm.reg(0, 5, 0), 0xffffu);
}

// G80: R124 reads zero everywhere (the RTL reads a second source with bit 52 as its number:
// test_rtl_semantics.cpp).
TEST(Integer, ZeroRegisterAndDiscardedOutput) {
    CoreRun r(g80_config());
    ASSERT_TRUE(r.run(R"(
        MVI R1, 0x9;
        IADD R2, R1, R124;
        MOV R124, R1;
        MOV R3, R124;
        ISET.C3 o[0x7f], R1, R124, NE;
        RET;
    )", launch(1)));
    EXPECT_EQ(r.sm.reg(0, 2, 0), 9u);
    EXPECT_EQ(r.sm.reg(0, 3, 0), 0u);  // R124 still reads zero after a write
    EXPECT_EQ(r.sm.pred(0, 3, 0), kFlagSign);
}

TEST(Conditions, ManualFormulas) {
    // Flag nibble: Z=1, S=2, C=4, O=8.
    using core::condition_holds;
    EXPECT_FALSE(condition_holds(0x00, 0));
    EXPECT_TRUE(condition_holds(0x0f, 0));
    EXPECT_TRUE(condition_holds(0x02, kFlagZero));             // EQ
    EXPECT_FALSE(condition_holds(0x02, kFlagZero | kFlagSign)); // EQ false for unordered
    EXPECT_TRUE(condition_holds(0x0a, kFlagZero | kFlagSign));  // EQU
    EXPECT_TRUE(condition_holds(0x05, kFlagSign));              // NE
    EXPECT_TRUE(condition_holds(0x01, kFlagSign));              // LT
    EXPECT_FALSE(condition_holds(0x01, kFlagSign | kFlagOverflow));
    EXPECT_TRUE(condition_holds(0x04, 0));                      // GT
    EXPECT_TRUE(condition_holds(0x06, kFlagZero));              // GE
    EXPECT_TRUE(condition_holds(0x03, kFlagZero));              // LE
    EXPECT_TRUE(condition_holds(0x08, kFlagZero | kFlagSign));  // NAN
    EXPECT_FALSE(condition_holds(0x07, kFlagZero | kFlagSign)); // NUM
    EXPECT_TRUE(condition_holds(0x11, kFlagCarry));             // CARRY
    EXPECT_TRUE(condition_holds(0x12, kFlagCarry));             // ABOVE
    EXPECT_FALSE(condition_holds(0x12, kFlagCarry | kFlagZero));
    EXPECT_TRUE(condition_holds(0x13, kFlagSign));              // SIGN
    EXPECT_TRUE(condition_holds(0x1c, 0));                      // NSF
    EXPECT_TRUE(condition_holds(0x10, kFlagOverflow));          // OFL
    EXPECT_TRUE(condition_holds(0x1f, 0));                      // NOF
    EXPECT_TRUE(condition_holds(0x1e, 0));                      // NCF
    EXPECT_TRUE(condition_holds(0x1d, kFlagZero));              // BLE
    for (std::uint8_t c = 0x14; c < 0x1c; ++c) EXPECT_FALSE(condition_holds(c, 0xf));  // undefined
}

}  // namespace
}  // namespace fgtlm::test
