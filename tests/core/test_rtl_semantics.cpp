// Operand-path and control-flow readings of the FlexGripPlus RTL (core.semantics=rtl, the
// default) against NVIDIA's (g80). Each expectation under rtl was measured on the RTL with
// `fgtlm cosim` (docs/cosim-known-differences.md); the VHDL behind each is cited in semantics.cpp and
// branch_function.cpp.
#include "core_harness.hpp"

namespace fgtlm::test {
namespace {

// boolean_functions.vhd: the ~ bits are ignored and operation 3 is NOT of the first source.
TEST(RtlSemantics, LogicIgnoresInversionAndPassBIsNotA) {
    const char* sass = R"(
        MVI R1, 0x12345678;
        MVI R2, 0xffff0000;
        MVI R3, 0x0000abcd;
        MVI R9, 0xad163561;
        LOP.PASS_B R4, R2, ~R9;
        LOP.AND R5, R1, ~R9;
        LOP.OR R6, ~R1, R3;
        LOP.PASS_B R7, R2, R9;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1)));
    EXPECT_EQ(rtl.sm.reg(0, 4, 0), 0x0000ffffu);  // ~R2
    EXPECT_EQ(rtl.sm.reg(0, 5, 0), 0x12345678u & 0xad163561u);
    EXPECT_EQ(rtl.sm.reg(0, 6, 0), 0x12345678u | 0x0000abcdu);
    EXPECT_EQ(rtl.sm.reg(0, 7, 0), 0x0000ffffu);  // ~R2 with or without the ~ bit
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(1)));
    EXPECT_EQ(g80.sm.reg(0, 4, 0), ~0xad163561u);
    EXPECT_EQ(g80.sm.reg(0, 5, 0), 0x12345678u & ~0xad163561u);
    EXPECT_EQ(g80.sm.reg(0, 6, 0), ~0x12345678u | 0x0000abcdu);
    EXPECT_EQ(g80.sm.reg(0, 7, 0), 0xad163561u);
}

// read_source_ops.vhd: bit 52 (top bit of the 46-52 register field) makes a register second
// source read as its own field value. R124 read as a first source is still zero.
TEST(RtlSemantics, Bit52SecondSourceReadsItsNumber) {
    const char* sass = R"(
        MVI R1, 0x12345678;
        MVI R3, 0x0000abcd;
        IADD R7, R1, R124;
        IADD R8, R1, R100;
        IMAD.U16 R9, R3L, R1L, R124;
        IMAD.U16 R10, R3L, R1H, R124;
        IADD R11, R124, R1;
        ISET R12, R1, R124, NE;
        IADD R13, R1, -R124;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1, 1, 128)));
    EXPECT_EQ(rtl.sm.reg(0, 7, 0), 0x12345678u + 124u);
    EXPECT_EQ(rtl.sm.reg(0, 8, 0), 0x12345678u + 100u);
    EXPECT_EQ(rtl.sm.reg(0, 9, 0), 0xabcdu * 2u);   // R1L's field is 2
    EXPECT_EQ(rtl.sm.reg(0, 10, 0), 0xabcdu * 3u);  // R1H's field is 3
    EXPECT_EQ(rtl.sm.reg(0, 11, 0), 0x12345678u);   // bit 52 clear: R124 = 0
    EXPECT_EQ(rtl.sm.reg(0, 12, 0), 0xffffffffu);   // ISET is excluded: R1 != 0
    EXPECT_EQ(rtl.sm.reg(0, 13, 0), 0x12345678u - 124u);  // the negation still applies (difftest 200063)
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(1, 1, 128)));
    EXPECT_EQ(g80.sm.reg(0, 7, 0), 0x12345678u);
    EXPECT_EQ(g80.sm.reg(0, 9, 0), 0xabcdu * 0x5678u);
}

// pipeline_decode.vhd src1_i: an integer ALU op's shared first source has a 4-bit offset
// (bits 9-12); FADD/FMUL/FMAD read 5 bits.
TEST(RtlSemantics, IntegerSharedOffsetIsFourBits) {
    const char* sass = R"(
        MVI R1, 0x100;
        MVI R2, 0x40000000;
        R2G.U32.U32 g[0x4], R1;
        R2G.U32.U32 g[0x14], R2;
        MVI R3, 0x1;
        IADD R4, g [0x14], R3;
        FADD R5, g [0x14], R124;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1)));
    EXPECT_EQ(rtl.sm.reg(0, 4, 0), 0x101u);        // read g[0x4]
    EXPECT_EQ(rtl.sm.reg(0, 5, 0), 0x40000000u);   // read g[0x14]
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(1)));
    EXPECT_EQ(g80.sm.reg(0, 4, 0), 0x40000001u);
}

// branch_exec_unit.vhd CHECK_RETURN: with a non-empty stack RET pops the caller's entry
// whatever the guard: the whole warp returns, even when no thread's guard holds.
TEST(RtlSemantics, GuardedReturnReturnsTheWholeWarp) {
    const std::string sass = std::string(kTidTimes4) + R"(
        I2I.U32.U16 R1, R0L;
        MVI R2, 0x5;
        MVI R14, 0x0;
        MVI R15, 0x0;
        CAL.NOINC sub;
        CAL.NOINC none;
        GST.U32 global14[R10], R14;
        IADD32I R10, R10, 0x20;
        GST.U32 global14[R10], R15;
        RET;
    sub:
        ISET.S32.C0 o[0x7f], R1, R2, GT;
        RET C0.NE;
        MVI R14, 0x77;
        RET;
    none:
        ISET.S32.C0 o[0x7f], R1, R1, NE;
        RET C0.NE;
        MVI R15, 0x99;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(8)));
    for (std::uint32_t t = 0; t < 8; ++t) {
        EXPECT_EQ(rtl.u32(4 * t), 0u) << t;
        EXPECT_EQ(rtl.u32(0x20 + 4 * t), 0u) << t;
    }
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(8)));
    for (std::uint32_t t = 0; t < 8; ++t) {
        EXPECT_EQ(g80.u32(4 * t), t > 5 ? 0u : 0x77u) << t;
        EXPECT_EQ(g80.u32(0x20 + 4 * t), 0x99u) << t;
    }
}

// pipeline_decode.vhd: MVC is a plain READ of offset * size: the address register is ignored
// and `Ak+=` never increments it.
TEST(RtlSemantics, ConstantMoveIgnoresTheAddressRegister) {
    const char* sass = R"(
        MVI R1, 0x8;
        R2A A1, R1, 0x0;
        MVC R3, c[0x1][A1+0x1];
        MVC R7, c[0x1][A1+=0x2];
        A2R R5, A1;
        RET;
    )";
    core::LaunchConfig l = launch(1);
    for (std::uint32_t i = 0; i < 8; ++i)
        for (int b = 0; b < 4; ++b) l.const_mem.push_back(std::uint8_t((0xc0de0000u + i) >> (8 * b)));
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, l));
    EXPECT_EQ(rtl.sm.reg(0, 3, 0), 0xc0de0001u);
    EXPECT_EQ(rtl.sm.reg(0, 7, 0), 0xc0de0002u);
    EXPECT_EQ(rtl.sm.reg(0, 5, 0), 8u);
    // G80: c[0x1] is its own bank (never loaded: a named error), A1 is added and `A1+=0x2`
    // reads c[1][A1] then adds 2 words to A1.
    CoreRun unloaded(g80_config());
    EXPECT_FALSE(unloaded.run(sass, l));
    EXPECT_NE(unloaded.error.message.find("constant bank c[1]"), std::string::npos) << unloaded.error.message;
    CoreRun g80(g80_config());
    g80.set_bank(1, l.const_mem);
    l.const_mem.clear();  // bank 0 stays zero: c[0x1] must not read it
    ASSERT_TRUE(g80.run(sass, l)) << g80.error.message;
    EXPECT_EQ(g80.sm.reg(0, 3, 0), 0xc0de0003u);  // c[1][8 + 1 * 4]
    EXPECT_EQ(g80.sm.reg(0, 7, 0), 0xc0de0002u);  // c[1][8], then A1 = 8 + 2 * 4
    EXPECT_EQ(g80.sm.reg(0, 5, 0), 16u);
}

// vector_register_controller.vhd compares the raw register field: 124 reads 0 (R124 and
// R62L), 127 is never written (R127 and R63H); R124 itself is written, into the register
// row of the next warp when regs_per_thread is 64.
TEST(RtlSemantics, RegisterFields124And127) {
    const char* sass = R"(
        MVI R1, 0x8;
        MVI R63, 0x11112222;
        MOV.U16 R63H, R1L;
        MVI R62, 0x12345678;
        I2I.U32.U16 R6, R62L;
        MVI R11, 0xabc;
        MOV R124, R11;
        MOV R127, R11;
        BAR.ARV.WAIT b0, 0xfff;
        MOV R9, R60;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(64, 1, 64)));
    EXPECT_EQ(rtl.sm.reg(0, 63, 0), 0x11112222u);
    EXPECT_EQ(rtl.sm.reg(0, 6, 0), 0u);
    EXPECT_EQ(rtl.sm.reg(0, 9, 0), 0u);
    EXPECT_EQ(rtl.sm.reg(1, 9, 0), 0xabcu);  // warp 0's R124 is warp 1's R60
    EXPECT_EQ(rtl.sm.reg(1, 63, 0), 0x11112222u);  // warp 0's R127 (warp 1's R63) not written
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(64, 1, 64)));
    EXPECT_EQ(g80.sm.reg(0, 63, 0), 0x00082222u);
    EXPECT_EQ(g80.sm.reg(0, 6, 0), 0x5678u);
    EXPECT_EQ(g80.sm.reg(1, 9, 0), 0u);
}

// scalar_processor.vhd / integer_add_subtract.vhd, measured with scripts/gen-golden-int:
// IADD flags have no sign and negate before adding (0 - 0: no carry); IMUL/IMAD.HI give the
// low half; IMAD multiplies 16-bit halves (S24 = S16) and ignores negations; I2I ignores .SAT.
TEST(RtlSemantics, ScalarProcessorReadings) {
    const char* sass = R"(
        MVI R1, 0x1;
        MVI R2, 0x7fffffff;
        MVI R9, 0x0;
        IADD.C0 R3, R1, R2;
        IADD.C1 R4, R9, -R9;
        IMUL.U24.U24.HI R5, R1, R2;
        MVI R6, 0x8000;
        IMAD.S24 R7, R1, R6, R1;
        IMAD.U16 R8, R1L, R1L, -R1;
        MVI R10, 0x10000;
        I2I.U32.S32.SAT R11, -R1;
        I2I.U16.U32.SAT R12L, R10;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1)));
    EXPECT_EQ(rtl.sm.pred(0, 0, 0), core::kFlagOverflow);  // 0x80000000: no sign flag
    EXPECT_EQ(rtl.sm.pred(0, 1, 0), core::kFlagZero);      // 0 + (-0): no carry
    EXPECT_EQ(rtl.sm.reg(0, 5, 0), 0x7fffffffu & 0xffffffu);
    EXPECT_EQ(rtl.sm.reg(0, 7, 0), 0xffff8001u);  // 1 * (S16)0x8000 + 1
    EXPECT_EQ(rtl.sm.reg(0, 8, 0), 2u);           // 1 * 1 + 1
    EXPECT_EQ(rtl.sm.reg(0, 11, 0), 0xffffffffu); // -1 as is
    EXPECT_EQ(rtl.sm.reg(0, 12, 0) & 0xffffu, 0u);
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(1)));
    EXPECT_EQ(g80.sm.pred(0, 0, 0), core::kFlagSign | core::kFlagOverflow);
    EXPECT_EQ(g80.sm.pred(0, 1, 0), core::kFlagZero | core::kFlagCarry);
    EXPECT_EQ(g80.sm.reg(0, 7, 0), 0x8001u);
    EXPECT_EQ(g80.sm.reg(0, 8, 0), 0u);
    EXPECT_EQ(g80.sm.reg(0, 11, 0), 0u);
    EXPECT_EQ(g80.sm.reg(0, 12, 0) & 0xffffu, 0xffffu);
}

// read_source_ops.vhd keeps its per-lane output `data_o` when pipeline_decode.vhd types the
// second source DT_NONE (IMIN/IMAX, IADD.CARRYn): the instruction gets the second operand the
// last reading instruction left, from that instruction's last pass (threads 24-31 at 8
// lanes). min_max.vhd runs unsigned 16-bit (no w32/is_signed case for MIN/MAX). This kernel
// and the two below match the RTL commit for commit (`fgtlm cosim K.sass --block 32 --regs 24`).
TEST(RtlSemantics, MinMaxReadTheLatchedSecondOperand) {
    const std::string sass = std::string(kTidTimes4) + R"(
        I2I.U32.U16 R1, R0L;
        IADD32I R1, R1, 0x12340;
        MVI R2, 0x7;
        IADD32I R5, R1, 0x8;
        IMIN R3, R1, R2;
        IMAX.S32 R4, R1, R2;
        IADD R6, R2, R1;
        IMIN R7, R2, R2;
        R2A A1, R2, 0x3;
        IMIN R8, R2, R2;
        GST.U32 global14[R10], R3;
        IADD32I R11, R10, 0x80;
        GST.U32 global14[R11], R4;
        IADD32I R11, R10, 0x100;
        GST.U32 global14[R11], R7;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(32)));
    for (std::uint32_t t = 0; t < 32; ++t) {
        const std::uint32_t a = (0x12340u + t) & 0xffffu;
        EXPECT_EQ(rtl.u32(4 * t), std::min(a, 0x8u)) << t;           // the latch: IADD32I's 0x8
        EXPECT_EQ(rtl.u32(0x80 + 4 * t), std::max(a, 0x8u)) << t;    // IMIN did not reload it
        EXPECT_EQ(rtl.u32(0x100 + 4 * t), std::min(7u, (0x12340u + 24 + t % 8) & 0xffffu))
            << t;  // R1 of thread 24 + t % 8
        // R2A (dest ADDRESS) loads its shift field into the latch
        EXPECT_EQ(rtl.sm.reg(0, 8, t), 3u) << t;
    }
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(32)));
    EXPECT_EQ(g80.u32(0), 7u);
    EXPECT_EQ(g80.u32(0x80), 0x12340u);
    EXPECT_EQ(g80.u32(0x100), 7u);
}

// IADD.CARRYn decodes as IADDC: no w32 case (a 16-bit add of sign-extended halves,
// integer_add_subtract.vhd, zero-extended), the carry from C0 whatever n (pipeline_read.vhd
// reads pred_regs_reg_num "00"), the second operand from the latch, no negation.
TEST(RtlSemantics, AddWithCarryIs16BitFromC0AndTheLatch) {
    const char* sass = R"(
        MVI R1, 0x1ffff;
        MVI R2, 0x5;
        MVI R9, 0xffffffff;
        IADD.C0 R4, R9, R9;
        IADD32I R5, R2, 0x3;
        IADD.C1 R4, R2, R2;
        IADD.CARRY1 R3, R1, R9;
        IADD32I R5, R2, 0x8001;
        IADD.CARRY0.C1 R6, R1, R9;
        IADD.CARRY0 R8, R1, R124;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1)));
    EXPECT_EQ(rtl.sm.reg(0, 3, 0), 5u);       // -1 + 5 (IADD.C1's R2, latched) + C0's carry
    EXPECT_EQ(rtl.sm.reg(0, 6, 0), 0x8001u);  // -1 + (S16)0x8001 + 1: carry out of bit 15
    EXPECT_EQ(rtl.sm.pred(0, 1, 0), core::kFlagCarry);
    // bit 52: IADDC's field is bits 16-22 (0x40: bit 22 is the carry bit), not 46-52
    EXPECT_EQ(rtl.sm.reg(0, 8, 0), 0x40u);  // -1 + 0x40 + C0's carry
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(1)));
    EXPECT_EQ(g80.sm.reg(0, 3, 0), 0x1fffeu);  // R1 + R9 + C1's carry (0)
    EXPECT_EQ(g80.sm.reg(0, 6, 0), 0x1ffffu);  // R1 + R9 + C0's carry (1)
}

// vector_register_controller.vhd addresses a 32-bit access by the raw field 2n+h: ISET
// (sources and dest DT_U32) of halves compares and writes whole registers R(2n+h); a
// 16-bit shift's count (src2 always DT_U32) is the whole register R(2n+h).
TEST(RtlSemantics, HalfRegistersReadWholeByField) {
    const char* sass = R"(
        MVI R1, 0x7;
        MVI R2, 0x5;
        MVI R4, 0x3;
        MVI R3, 0x0;
        MVI R6, 0x0;
        ISET.S16 R3L, R1L, R2L, GT;
        MVI R8, 0x1;
        MVI R9, 0x2;
        MVI R18, 0x10001;
        MVI R7, 0x0;
        SHL.U16 R7L, R8L, R9L;
        MVI R18, 0x3;
        SHL.U16 R7H, R8L, R9L;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1, 1, 24)));
    EXPECT_EQ(rtl.sm.reg(0, 3, 0), 0u);           // R2 (5) > R4 (3) went to R6
    EXPECT_EQ(rtl.sm.reg(0, 6, 0), 0xffffffffu);
    EXPECT_EQ(rtl.sm.reg(0, 7, 0), 0x00080000u);  // count R18: 0x10001 (> 16: 0), then 3
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(1, 1, 24)));
    EXPECT_EQ(g80.sm.reg(0, 3, 0), 0xffffu);
    EXPECT_EQ(g80.sm.reg(0, 6, 0), 0u);
    EXPECT_EQ(g80.sm.reg(0, 7, 0), 0x00040004u);
}

// Constants c[b][0..7] = 1.0 .. 8.0 (0x3f800000 + i * 0x800000 is 2^i, so use explicit words).
core::LaunchConfig float_operand_launch() {
    core::LaunchConfig l = launch(1);
    const std::uint32_t words[8] = {0x3f800000, 0x40000000, 0x40400000, 0x40800000,
                                    0x40a00000, 0x40c00000, 0x40e00000, 0x41000000};
    for (std::uint32_t w : words)
        for (int b = 0; b < 4; ++b) l.const_mem.push_back(std::uint8_t(w >> (8 * b)));
    l.params = {0, 0, 0x41200000};  // g[0x6] = 10.0
    return l;
}

// pipeline_decode.vhd src2_i/instr_src2_const_i/instr_src3_const_i for the long float forms
// (difference 25 and the operand-kind sweep, tests/core/golden/fp_operands).
TEST(RtlSemantics, FloatSourceFields) {
    const char* sass = R"(
        MVI R1, 0x3f800000;
        MVI R2, 0x40000000;
        MVI R3, 0x40400000;
        FADD R4, g [0x6], c[0x1][0x1];
        FADD R5, R1, c[0x1][0x1];
        FMUL R6, R3, c[0x0][0x2];
        FMUL R7, R3, c[0x1][0x2];
        FMAD R8, R1, R2, c[0x1][0x3];
        FMAD R9, R1, R3, c[0x0][0x2];
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, float_operand_launch()));
    EXPECT_EQ(rtl.sm.reg(0, 4, 0), 0x41200000u);  // 10 + c[][0x81] (= 0): the offset takes bit 53
    EXPECT_EQ(rtl.sm.reg(0, 5, 0), 0x40400000u);  // 1 + 2
    EXPECT_EQ(rtl.sm.reg(0, 6, 0), 0x40c00000u);  // c[0x0]: bit 54 clear, so R2 (the offset field): 3 * 2
    EXPECT_EQ(rtl.sm.reg(0, 7, 0), 0x41100000u);  // 3 * c[][2] = 3 * 3
    EXPECT_EQ(rtl.sm.reg(0, 8, 0), 0x40e00000u);  // 1 * c[][2] (the R2 field) + c[][3] = 3 + 4
    EXPECT_EQ(rtl.sm.reg(0, 9, 0), 0x40a00000u);  // third source R2 (offset as register): 1 * 3 + 2
    CoreRun g80(g80_config());
    g80.set_bank(1, float_operand_launch().const_mem);  // G80 has banks: c[0x1] = the same image here
    ASSERT_TRUE(g80.run(sass, float_operand_launch()));
    EXPECT_EQ(g80.sm.reg(0, 4, 0), 0x41400000u);  // 10 + 2
    EXPECT_EQ(g80.sm.reg(0, 6, 0), 0x41100000u);  // 3 * 3 (c[0x0][2] = 3)
    EXPECT_EQ(g80.sm.reg(0, 8, 0), 0x40c00000u);  // 1 * 2 + 4
}

// FADD32I/FMUL32I/FMAD32I read a shared offset from bits 13-9 (g[0x2].U32 is g[0x12]), and
// FMAD32I with a shared first source reads c[][dest] as its addend.
TEST(RtlSemantics, FloatImmediateSharedOperand) {
    const char* sass = R"(
        MVI R4, 0x3f800000;
        FADD32I R1, g [0x2], 0x3fc00000;
        FMUL32I R2, g [0x2], 0x40000000;
        FMAD32I R4, g [0x2], 0x40000000, R4;
        RET;
    )";
    core::LaunchConfig l = float_operand_launch();
    l.params.resize(15, 0);
    l.params[14] = 0x40a00000;  // g[0x12] = 5.0
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, l));
    EXPECT_EQ(rtl.sm.reg(0, 1, 0), 0x40d00000u);  // 5 + 1.5
    EXPECT_EQ(rtl.sm.reg(0, 2, 0), 0x41200000u);  // 5 * 2
    EXPECT_EQ(rtl.sm.reg(0, 4, 0), 0x41700000u);  // 5 * 2 + c[][4] (= 5.0, not R4 = 1.0)
}

// IMUL/IMAD with a 16-bit second source address constant memory by half word.
TEST(RtlSemantics, SixteenBitConstantOperand) {
    const char* sass = R"(
        MVI R1, 0x00030003;
        IMUL.U16.U16 R2, R1L, c[0x1][0x3];
        IMAD.U16 R3, R1L, c[0x1][0x2], R1;
        RET;
    )";
    core::LaunchConfig l = launch(1);
    for (std::uint32_t w : {0x00010002u, 0x00050007u})
        for (int b = 0; b < 4; ++b) l.const_mem.push_back(std::uint8_t(w >> (8 * b)));
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, l));
    EXPECT_EQ(rtl.sm.reg(0, 2, 0), 3u * 5u);               // half word 3: high half of word 1
    EXPECT_EQ(rtl.sm.reg(0, 3, 0), 3u * 7u + 0x00030003u);  // half word 2
    // G80 reads 16-bit constants by half word too (nvcc's `LOP.AND.U16 R3L, R3H, c[0x1][0x2]`
    // masks tid.y with the 0x3ff at byte 4 of c1: tests_motion_div2), from bank 1.
    CoreRun g80(g80_config());
    g80.set_bank(1, l.const_mem);
    l.const_mem.clear();
    ASSERT_TRUE(g80.run(sass, l));
    EXPECT_EQ(g80.sm.reg(0, 2, 0), 3u * 5u);
    EXPECT_EQ(g80.sm.reg(0, 3, 0), 3u * 7u + 0x00030003u);
}

// vector_register_controller.vhd reads a 16-bit register half masked with 0xffff: I2F.S16 of
// a half converts it as unsigned (core.int16_exhaustive_i2f_s16); G80 sign-extends it.
TEST(RtlSemantics, I2fOfASignedHalfIsZeroExtended) {
    const char* sass = R"(
        MVI R1, 0x12348000;
        I2F.F32.S16 R3, R1L;
        I2F.F32.S16 R4, R1H;
        I2I.S32.S16 R5, R1L;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1)));
    EXPECT_EQ(rtl.sm.reg(0, 3, 0), 0x47000000u);  // 32768.0
    EXPECT_EQ(rtl.sm.reg(0, 4, 0), 0x4591a000u);  // 4660.0
    EXPECT_EQ(rtl.sm.reg(0, 5, 0), 0xffff8000u);  // I2I still sign-extends
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(1)));
    EXPECT_EQ(g80.sm.reg(0, 3, 0), 0xc7000000u);  // -32768.0
    EXPECT_EQ(g80.sm.reg(0, 5, 0), 0xffff8000u);
}

// pipeline_execute.vhd gPredicateFlags: FADD/FMUL/FMAD .Cn set zero and clear sign, carry and
// overflow (what C0 held does not matter); FSET's sign/zero are its result.
TEST(RtlSemantics, FloatConditionCodes) {
    const char* sass = R"(
        MVI R1, 0x80000000;
        MVI R2, 0xbf800000;
        MVI R7, 0x3f800000;
        MVI R20, 0x1;
        MVI R21, 0x2;
        MVI R22, 0x4;
        MVI R23, 0x8;
        IADD.C0 R3, R1, R1;
        FMUL.C0 R4, R2, R7;
        MVI R5, 0x0;
        IADD R5 (C0.EQ), R5, R20;
        IADD R5 (C0.SIGN), R5, R21;
        IADD R5 (C0.CARRY), R5, R22;
        IADD R5 (C0.OFL), R5, R23;
        FSET.C1 o[0x7f], R2, R7, LT;
        MVI R6, 0x0;
        IADD R6 (C1.EQ), R6, R20;
        IADD R6 (C1.SIGN), R6, R21;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1)));
    EXPECT_EQ(rtl.sm.reg(0, 5, 0), 1u);  // zero only (the IADD left carry and overflow in C0)
    EXPECT_EQ(rtl.sm.reg(0, 6, 0), 2u);            // -1 < 1: sign
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(1)));
    EXPECT_EQ(g80.sm.reg(0, 5, 0), 2u);  // -1: sign
}


}  // namespace
}  // namespace fgtlm::test
