// Every KernelError kind the core raises, with PC/warp/address, and recovery: the next
// kernel on the same SmCore runs normally.
#include "core_harness.hpp"

namespace fgtlm::test {
namespace {

using core::KernelErrorKind;

const char* kGood = R"(
    I2I.U32.U16 R10, R0L;
    SHL R10, R10, 0x2;
    MVI R2, 0x42;
    GST.U32 global14[R10], R2;
    RET;
)";

void expect_recovers(CoreRun& r) {
    r.global.assign(r.global.size(), 0);
    ASSERT_TRUE(r.run(kGood, launch(4))) << r.error.describe();
    EXPECT_EQ(r.u32(12), 0x42u);
}

// Under g80 (FlexGripPlus's branch unit never finishes a TRAP: RtlPolicy tests).
TEST(Errors, TrapIsIllegal) {
    CoreRun r(test::g80_config());
    EXPECT_FALSE(r.run("MVI R1, 0x1;\nTRAP;\nRET;\n", launch(1)));
    EXPECT_EQ(r.error.kind, KernelErrorKind::IllegalInstruction);
    EXPECT_EQ(r.error.pc, 8u);
    EXPECT_NE(r.error.describe().find("TRAP"), std::string::npos);
    expect_recovers(r);
}

// Under g80 (FlexGripPlus writes nothing for opcode 0x8: RtlPolicy tests).
TEST(Errors, UndecodableWord) {
    CoreRun r(test::g80_config());
    r.words = {0x80000001u, 0x00000780u};  // op 0x8 (interpolation): not in FlexGripPlus
    EXPECT_FALSE(r.run_words(launch(1)));
    EXPECT_EQ(r.error.kind, KernelErrorKind::IllegalInstruction);
    EXPECT_EQ(r.error.pc, 0u);
    expect_recovers(r);
}

// Under g80; the rtl preset fetches at PC bits 17..2 and runs the memory's zero words past the
// program, as FlexGripPlus does (test_rtl_policy.cpp).
TEST(Errors, BranchOutsideTheProgram) {
    CoreRun r(test::g80_config());
    EXPECT_FALSE(r.run("BRA 0x1000;\nRET;\n", launch(1)));
    EXPECT_EQ(r.error.kind, KernelErrorKind::IllegalInstruction);
    EXPECT_EQ(r.error.pc, 0x1000u);
    expect_recovers(r);
}

// The memory checks stay under g80 (core.rtl.misaligned=fault, *_address_bits=0); the rtl
// preset does what FlexGripPlus does instead (test_rtl_policy.cpp).
TEST(Errors, MisalignedGlobalLoad) {
    CoreRun r(test::g80_config());
    EXPECT_FALSE(r.run("MVI R1, 0x102;\nGLD.U32 R2, global14[R1];\nRET;\n", launch(1)));
    EXPECT_EQ(r.error.kind, KernelErrorKind::MisalignedAccess);
    EXPECT_EQ(r.error.address, 0x102u);
    EXPECT_EQ(r.error.pc, 8u);
    expect_recovers(r);
}

TEST(Errors, OutOfRangeGlobalStore) {
    CoreRun r(test::g80_config());
    EXPECT_FALSE(r.run("MVI R1, 0x200000;\nGST.U32 global14[R1], R1;\nRET;\n", launch(2)));
    EXPECT_EQ(r.error.kind, KernelErrorKind::OutOfRangeAccess);
    EXPECT_EQ(r.error.address, 0x200000u);
    expect_recovers(r);
}

TEST(Errors, OutOfRangeSharedOperand) {
    CoreRun r(test::g80_config());
    EXPECT_FALSE(r.run("MVI R1, 0x8000;\nR2A A1, R1, 0x0;\nMOV R2, g [A1+0x0];\nRET;\n", launch(1)));
    EXPECT_EQ(r.error.kind, KernelErrorKind::OutOfRangeAccess);
    EXPECT_EQ(r.error.address, 0x8000u);
    expect_recovers(r);
}

TEST(Errors, StackOverflow) {
    core::SmCoreConfig cfg;
    cfg.stack_depth = 4;
    CoreRun r(cfg);
    EXPECT_FALSE(r.run("loop:\nSSY loop;\nBRA loop;\nRET;\n", launch(1)));
    EXPECT_EQ(r.error.kind, KernelErrorKind::StackOverflow);
    expect_recovers(r);
}

// Under g80 (FlexGripPlus runs it for the warp's initial mask: RtlPolicy tests).
TEST(Errors, JoinWithEmptyStack) {
    CoreRun r(test::g80_config());
    EXPECT_FALSE(r.run("NOP.S;\nRET;\n", launch(1)));
    EXPECT_EQ(r.error.kind, KernelErrorKind::StackUnderflow);
    expect_recovers(r);
}

TEST(Errors, BarrierThatCannotComplete) {
    CoreRun r;
    EXPECT_FALSE(r.run(R"(
        I2I.U32.U16 R1, R0L;
        MVI R2, 0x20;
        ISET.C0 o[0x7f], R1, R2, GE;
        RET C0.NE;
        BAR.ARV.WAIT b0, 0xfff;
        RET;
    )", launch(64)));
    EXPECT_EQ(r.error.kind, KernelErrorKind::BarrierDeadlock);
    expect_recovers(r);
}

TEST(Errors, InvalidLaunches) {
    CoreRun r;
    EXPECT_FALSE(r.run(kGood, launch(1, 1, 0)));
    EXPECT_EQ(r.error.kind, KernelErrorKind::InvalidLaunch);
    core::LaunchConfig big = launch(1024, 1, 32);  // 32 warps x 32 regs > 512 slots
    EXPECT_FALSE(core::check_launch(big, test::g80_config()).empty());
    EXPECT_TRUE(core::check_launch(big, core::SmCoreConfig{}).empty());  // the RTL aliases (core.rtl.register_alias)
    EXPECT_EQ(core::blocks_per_batch(launch(1024, 1, 16), core::SmCoreConfig{}), 1u);
    // 3000 parameter words: the stride (counting words) is 3072 but a header needs 12016
    // bytes, so only windows at 0 and 3072 fit in 16 KiB (they overlap, as in the RTL).
    core::LaunchConfig many = launch(32, 8);
    many.params.assign(3000, 7);
    EXPECT_EQ(core::blocks_per_batch(many, core::SmCoreConfig{}), 2u);
    EXPECT_TRUE(r.run(kGood, many));
    expect_recovers(r);
}

TEST(Errors, DescribeNamesEverything) {
    core::KernelError e;
    e.kind = KernelErrorKind::MisalignedAccess;
    e.pc = 0x40;
    e.block = 3;
    e.warp = 1;
    e.address = 0x1002;
    e.message = "GLD";
    const std::string d = e.describe();
    EXPECT_NE(d.find("misaligned"), std::string::npos);
    EXPECT_NE(d.find("0x0040"), std::string::npos);
    EXPECT_NE(d.find("block 3"), std::string::npos);
    EXPECT_NE(d.find("warp 1"), std::string::npos);
    EXPECT_NE(d.find("0x1002"), std::string::npos);
}

}  // namespace
}  // namespace fgtlm::test
