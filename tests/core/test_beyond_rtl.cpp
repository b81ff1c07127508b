// Execution of the forms nvcc emits beyond what the FlexGripPlus RTL implements (issue 10):
// local memory, special registers, F2F integer rounding, 24-bit multiplies with constants,
// reverse-subtract immediates, byte stores to shared memory; and the rtl/g80 semantics switch.
#include "core_harness.hpp"

namespace fgtlm::test {
namespace {

// Register spills: every thread stores two words in its own local window and reads them back
// swapped; the windows live in global memory at local_base, 16 bytes per thread.
TEST(BeyondRtl, LocalMemoryIsPerThreadGlobalMemory) {
    CoreRun r;
    core::LaunchConfig l = launch(40, 2);
    l.local_base = 0x1000;
    l.local_bytes_per_thread = 16;
    ASSERT_TRUE(r.run(R"(
        MVI R2, 0x8;
        R2A A1, R2;
        IADD32I R1, R0, 0x100;
        LST.U32 l[A1+0x0], R0;
        LST.U32 l[A1+0x4], R1;
        LLD.U32 R3, l[A1+0x4];
        LLD.U32 R4, l[A1+0x0];
        RET;
    )", l)) << r.error.message;
    for (std::uint32_t t = 0; t < 40; ++t) {
        EXPECT_EQ(r.sm.reg(t / 32, 3, t % 32), r.sm.reg(t / 32, 0, t % 32) + 0x100u) << t;
        EXPECT_EQ(r.sm.reg(t / 32, 4, t % 32), r.sm.reg(t / 32, 0, t % 32)) << t;
    }
    // Block 1, thread 5 (global thread 45): window at 0x1000 + 45*16, words at +8 and +12.
    const std::uint32_t tid0 = r.u32(0x1000 + 45 * 16 + 8);
    EXPECT_EQ(r.u32(0x1000 + 45 * 16 + 12), tid0 + 0x100u);
}

TEST(BeyondRtl, LocalAccessOutsideTheWindowFaults) {
    CoreRun r;
    core::LaunchConfig l = launch(1);
    l.local_base = 0x1000;
    l.local_bytes_per_thread = 8;
    EXPECT_FALSE(r.run("LST.U32 l[0x8], R0;\nRET;\n", l));
    EXPECT_EQ(r.error.kind, core::KernelErrorKind::OutOfRangeAccess);
    EXPECT_NE(r.error.message.find("local window"), std::string::npos);
}

TEST(BeyondRtl, SpecialRegistersAndIntegerRounding) {
    CoreRun r;
    ASSERT_TRUE(r.run(R"(
        S2R R1, SR0;
        S2R R2, SR1;
        S2R R3, SR1;
        MVI R4, 0xbfc00000;
        F2F.F32.F32.RMI R5, R4;
        F2F.F32.F32.RPI R6, R4;
        F2F.F32.F32.RZI R7, R4;
        IADD32I R8, -R4, 0x0;
        RET;
    )", launch(1)));
    EXPECT_EQ(r.sm.reg(0, 1, 0), 0u);             // SM 0
    EXPECT_LT(r.sm.reg(0, 2, 0), r.sm.reg(0, 3, 0));  // the clock advances
    // F2F is the RTL FPU's transfer (fpu_conv TRSFR): .RMI/.RPI/.RZI do not round to an integer.
    EXPECT_EQ(r.sm.reg(0, 5, 0), 0xbfc00000u);
    EXPECT_EQ(r.sm.reg(0, 6, 0), 0xbfc00000u);
    EXPECT_EQ(r.sm.reg(0, 7, 0), 0xbfc00000u);
    EXPECT_EQ(r.sm.reg(0, 8, 0), 0u - 0xbfc00000u);  // 0 - R4 (subr)
}

// .HI is G80's (the RTL has no high half: test_rtl_semantics.cpp).
TEST(BeyondRtl, Mul24WithConstantsAndByteStores) {
    CoreRun r(g80_config());
    const std::uint32_t k = 0xfffffffdu;  // -3
    std::memcpy(&r.cmem[0x44], &k, 4);
    ASSERT_TRUE(r.run(R"(
        MVI R1, 0x7;
        IMUL.S24.S24 R2, R1, c[0x0][0x11];
        IMAD.S24 R3, R1, c[0x0][0x11], R1;
        IMUL.HI.S24.S24 R4, R1, c[0x0][0x11];
        MVI R5, 0x1234;
        R2G.U8.U16 g[0x21], R5L;
        MOV32 R6, g [0x8];
        RET;
    )", launch(1)));
    EXPECT_EQ(r.sm.reg(0, 2, 0), 0xffffffebu);  // 7 * -3 = -21
    EXPECT_EQ(r.sm.reg(0, 3, 0), 0xfffffff2u);  // -21 + 7
    EXPECT_EQ(r.sm.reg(0, 4, 0), 0xffffffffu);  // bits 16..47 of -21
    EXPECT_EQ((r.sm.reg(0, 6, 0) >> 8) & 0xffu, 0x34u);  // byte 0x21 of shared = word 8, byte 1
}

// pipeline_decode.vhd reads no negation for FADD32I/FMUL32I, and takes their first source from
// bits 9-15: `FADD32I R2, -R1, imm` adds R65 (0 here: test_rtl_policy.cpp), and with that
// reading off (core.rtl.fp_immediate_source=false) R1.
TEST(BeyondRtl, SemanticsRtlVersusG80) {
    const char* sass = "MVI R1, 0x40000000;\nFADD32I R2, -R1, 0x3f800000;\nFMUL32I R3, -R1, 0x3f800000;\nRET;\n";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1)));
    EXPECT_EQ(rtl.sm.reg(0, 2, 0), 0x3f800000u);  // R65 (0) + 1
    EXPECT_EQ(rtl.sm.reg(0, 3, 0), 0x00000000u);  // R65 (0) * 1
    core::SmCoreConfig negation_only;
    negation_only.rtl.fp_immediate_source = false;
    CoreRun neg(negation_only);
    ASSERT_TRUE(neg.run(sass, launch(1)));
    EXPECT_EQ(neg.sm.reg(0, 2, 0), 0x40400000u);  // 2 + 1
    EXPECT_EQ(neg.sm.reg(0, 3, 0), 0x40000000u);  // 2 * 1
    core::SmCoreConfig g80cfg;
    g80cfg.rtl = core::RtlPolicy::preset(core::Semantics::G80);
    CoreRun g80(g80cfg);
    ASSERT_TRUE(g80.run(sass, launch(1)));
    EXPECT_EQ(g80.sm.reg(0, 2, 0), 0xbf800000u);  // -2 + 1
    EXPECT_EQ(g80.sm.reg(0, 3, 0), 0xc0000000u);  // -2 * 1
}

}  // namespace
}  // namespace fgtlm::test
