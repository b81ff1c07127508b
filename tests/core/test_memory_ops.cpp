// Memory spaces: global loads/stores of every size, shared memory through address
// registers (R2A, ADA, R2G, A2R), constant memory (MVC, c[] operands), the block header.
#include "core_harness.hpp"

namespace fgtlm::test {
namespace {

// G80's sizes: FlexGripPlus moves one byte for .64, .128 and .S32 (core.rtl.global_access_types,
// RtlPolicy.GlobalAccessTypesTheReadStageLacksMoveOneByte).
TEST(Memory, GlobalAccessSizes) {
    CoreRun r(g80_config());
    for (std::uint32_t i = 0; i < 16; ++i) r.set_u32(0x100 + 4 * i, 0x80a0c0e0u + i);
    ASSERT_TRUE(r.run(R"(
        MVI R1, 0x100;
        GLD.U8 R2, global14[R1];
        GLD.S8 R3, global14[R1];
        GLD.U16 R4, global14[R1];
        GLD.S16 R5, global14[R1];
        GLD.U32 R6, global14[R1];
        GLD.64 R8, global14[R1];
        GLD.128 R12, global14[R1];
        MVI R20, 0x200;
        GST.U8 global14[R20], R6;
        MVI R21, 0x204;
        GST.U16 global14[R21], R6;
        MVI R22, 0x210;
        GST.128 global14[R22], R12;
        RET;
    )", launch(1)));
    EXPECT_EQ(r.sm.reg(0, 2, 0), 0xe0u);
    EXPECT_EQ(r.sm.reg(0, 3, 0), 0xffffffe0u);
    EXPECT_EQ(r.sm.reg(0, 4, 0), 0xc0e0u);
    EXPECT_EQ(r.sm.reg(0, 5, 0), 0xffffc0e0u);
    EXPECT_EQ(r.sm.reg(0, 6, 0), 0x80a0c0e0u);
    EXPECT_EQ(r.sm.reg(0, 8, 0), 0x80a0c0e0u);
    EXPECT_EQ(r.sm.reg(0, 9, 0), 0x80a0c0e1u);
    EXPECT_EQ(r.sm.reg(0, 15, 0), 0x80a0c0e3u);
    EXPECT_EQ(r.u32(0x200), 0xe0u);
    EXPECT_EQ(r.u32(0x204), 0xc0e0u);
    for (std::uint32_t i = 0; i < 4; ++i) EXPECT_EQ(r.u32(0x210 + 4 * i), 0x80a0c0e0u + i);
}

TEST(Memory, SharedThroughAddressRegisters) {
    CoreRun r;
    core::LaunchConfig l = launch(4, 2);
    l.shared_bytes = 64;
    ASSERT_TRUE(r.run(R"(
        I2I.U32.U16 R1, R0L;
        R2A A1, R1, 0x2;
        IADD32I R2, R1, 0x64;
        R2G.U32.U32 g[A1+0x8], R2;
        ADA A2, A1, 0x4;
        A2R R3, A2;
        MOV R4, g [A1+0x8];
        MOV R5, g [A2+0x7];
        MOV.U16 R6L, g [0x6].U16;
        RET;
    )", l));
    for (std::uint32_t b = 0; b < 2; ++b) {
        const std::uint32_t slot = b;  // one warp per block
        for (std::uint32_t t = 0; t < 4; ++t) {
            EXPECT_EQ(r.sm.reg(slot, 3, t), 4 * t + 4) << b << "/" << t;
            EXPECT_EQ(r.sm.reg(slot, 4, t), 100 + t);
            EXPECT_EQ(r.sm.reg(slot, 5, t), 100 + t);
            EXPECT_EQ(r.sm.reg(slot, 6, t) & 0xffffu, b);  // blockIdx.x from the header
        }
    }
    // Block 1's window starts one stride (256) later; the words sit at byte 32 + 4t.
    const std::uint32_t stride = l.shared_block_stride();
    std::uint32_t v;
    std::memcpy(&v, r.sm.shared() + stride + 32 + 4, 4);
    EXPECT_EQ(v, 101u);
}

TEST(Memory, ConstantOperands) {
    CoreRun r;
    core::LaunchConfig l = launch(1);
    l.const_mem = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
    ASSERT_TRUE(r.run(R"(
        MVC R1, c[0x1][0x1];
        MVC.U16 R2L, c[0x1][0x1].U16;
        MVI R3, 0x1;
        IADD R4, R3, c[0x1][0x0];
        RET;
    )", l));
    EXPECT_EQ(r.sm.reg(0, 1, 0), 0x88776655u);
    EXPECT_EQ(r.sm.reg(0, 2, 0) & 0xffffu, 0x4433u);
    EXPECT_EQ(r.sm.reg(0, 4, 0), 0x44332212u);
}

TEST(Memory, ParametersFollowTheHeader) {
    CoreRun r;
    core::LaunchConfig l = launch(2);
    l.params = {0x1000, 0xabcd};
    ASSERT_TRUE(r.run(std::string(kTidTimes4) + R"(
        IADD R1, g [0x4], R10;
        MOV R2, g [0x5];
        GST.U32 global14[R1], R2;
        RET;
    )", l));
    EXPECT_EQ(r.u32(0x1000), 0xabcdu);
    EXPECT_EQ(r.u32(0x1004), 0xabcdu);
}

}  // namespace
}  // namespace fgtlm::test
