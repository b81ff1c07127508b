// Branch unit: nested SSY/BRA divergence, loops with per-thread trip counts, CAL/RET with
// partial returns, barriers across warps, register-slot aliasing, partial warps.
#include "core_harness.hpp"

namespace fgtlm::test {
namespace {

TEST(Flow, NestedDivergenceReconverges) {
    CoreRun r;
    ASSERT_TRUE(r.run(std::string(kTidTimes4) + R"(
        I2I.U32.U16 R1, R0L;
        MVI R3, 0x10;
        ISET.C0 o[0x7f], R1, R3, LT;
        SSY outer_join;
        BRA C0.EQ, else1;
        MVI R4, 0x8;
        ISET.C1 o[0x7f], R1, R4, LT;
        SSY inner_join;
        BRA C1.EQ, else2;
        MVI R2, 0x1;
        BRA inner_join;
    else2:
        MVI R2, 0x2;
    inner_join:
        NOP.S;
        IADD32I R2, R2, 0x10;
        BRA outer_join;
    else1:
        MVI R2, 0x3;
    outer_join:
        NOP.S;
        GST.U32 global14[R10], R2;
        RET;
    )", launch(32)));
    for (std::uint32_t t = 0; t < 32; ++t) {
        const std::uint32_t want = t < 8 ? 0x11u : t < 16 ? 0x12u : 0x3u;
        EXPECT_EQ(r.u32(4 * t), want) << "thread " << t;
    }
    EXPECT_EQ(r.sm.warp(0).depth, 0u);
    // Every thread executed the final GST and RET: the warp reconverged.
}

TEST(Flow, LoopWithPerThreadTripCount) {
    CoreRun r;
    ASSERT_TRUE(r.run(std::string(kTidTimes4) + R"(
        I2I.U32.U16 R1, R0L;
        MVI R2, 0x0;
        MVI R3, 0x0;
        SSY done;
    loop:
        IADD R2, R2, R3;
        IADD32I R3, R3, 0x1;
        ISET.C0 o[0x7f], R3, R1, LE;
        BRA C0.NE, loop;
    done:
        NOP.S;
        GST.U32 global14[R10], R2;
        RET;
    )", launch(16)));
    for (std::uint32_t t = 0; t < 16; ++t) EXPECT_EQ(r.u32(4 * t), t * (t + 1) / 2) << t;
}

// G80: a guarded RET returns only its threads (the RTL returns the whole warp:
// test_rtl_semantics.cpp).
TEST(Flow, CallWithPartialReturn) {
    CoreRun r(g80_config());
    ASSERT_TRUE(r.run(std::string(kTidTimes4) + R"(
        I2I.U32.U16 R1, R0L;
        MVI R2, 0x5;
        MVI R3, 0x10;
        MVI R5, 0x1;
        CAL.NOINC sub;
        GST.U32 global14[R10], R2;
        RET;
    sub:
        LOP.AND R4, R1, R5;
        ISET.C0 o[0x7f], R4, R124, NE;
        IADD R2 (C0.NE), R2, R3;
        RET C0.NE;
        IADD R2, R2, R2;
        RET;
    )", launch(8)));
    for (std::uint32_t t = 0; t < 8; ++t) EXPECT_EQ(r.u32(4 * t), (t & 1) ? 21u : 10u) << t;
}

TEST(Flow, BarrierOrdersWarps) {
    CoreRun r;
    ASSERT_TRUE(r.run(std::string(kTidTimes4) + R"(
        I2I.U32.U16 R1, R0L;
        R2A A1, R1, 0x2;
        MVI R5, 0x20;
        ISET.C0 o[0x7f], R1, R5, LT;
        MVI R6, 0x0;
        MVI R7, 0x64;
        SSY after;
        BRA C0.EQ, after;
    spin:
        IADD32I R6, R6, 0x1;
        ISET.C1 o[0x7f], R6, R7, LT;
        BRA C1.NE, spin;
    after:
        NOP.S;
        IADD32I R8, R1, 0x1000;
        R2G.U32.U32 g[A1+0x10], R8;
        BAR.ARV.WAIT b0, 0xfff;
        MVI R9, 0xfc;
        IADD R11, R9, -R10;
        R2A A2, R11, 0x0;
        MOV R12, g [A2+0x10];
        GST.U32 global14[R10], R12;
        RET;
    )", launch(64)));
    for (std::uint32_t t = 0; t < 64; ++t) EXPECT_EQ(r.u32(4 * t), 0x1000u + 63u - t) << t;
}

TEST(Flow, RegistersBeyondTheAllocationAliasTheNextWarp) {
    CoreRun r;
    ASSERT_TRUE(r.run(R"(
        MVI R2, 0x77;
        RET;
    )", launch(64, 1, 2)));
    // Warp 0's R2 is register slot 2 = warp 1's R0 (regs_per_thread = 2), as in the RTL.
    EXPECT_EQ(r.sm.reg(1, 0, 5), 0x77u);
}

TEST(Flow, PartialWarpAndInstructionCounts) {
    const std::string sass = std::string(kTidTimes4) + R"(
        MVI R2, 0x1;
        GST.U32 global14[R10], R2;
        RET;
    )";
    CoreRun r(g80_config());
    ASSERT_TRUE(r.run(sass, launch(40)));
    EXPECT_EQ(r.u32(4 * 39), 1u);
    EXPECT_EQ(r.u32(4 * 40), 0u);  // lane 8 of warp 1 does not exist
    // 5 instructions per warp; 40 threads.
    EXPECT_EQ(r.sm.warp_instructions, 10u);
    EXPECT_EQ(r.sm.thread_instructions, 5u * 40u);
    // The RTL runs all 32 lanes of warp 1; lanes 8-31 read R0 = 0 (never written), so they
    // store to thread 0's word.
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(40)));
    EXPECT_EQ(rtl.u32(4 * 39), 1u);
    EXPECT_EQ(rtl.u32(4 * 40), 0u);
    EXPECT_EQ(rtl.sm.warp_instructions, 10u);
    EXPECT_EQ(rtl.sm.thread_instructions, 5u * 64u);
    EXPECT_EQ(rtl.sm.reg(1, 10, 31), 0u);  // lane 31 of warp 1: tid taken as 0
}

TEST(Flow, BatchesRunInBlockOrder) {
    // Every block adds its index+1 to the same word after a read: with batches of 2 blocks
    // run to completion in order, the result is deterministic.
    CoreRun r;
    core::LaunchConfig l = launch(1, 5);
    l.blocks_per_sm = 2;
    ASSERT_TRUE(r.run(R"(
        MVI R1, 0x400;
        GLD.U32 R2, global14[R1];
        I2I.U32.U16 R3, g [0x6].U16;
        IADD32I R3, R3, 0x1;
        SHL R2, R2, 0x4;
        IADD R2, R2, R3;
        GST.U32 global14[R1], R2;
        RET;
    )", l));
    // Blocks 0,1 (interleaved) read 0; block 1 writes last -> 2; then blocks 2,3 read 2 -> 0x24;
    // then block 4 reads 0x24 -> 0x245.
    EXPECT_EQ(r.u32(0x400), 0x245u);
}

}  // namespace
}  // namespace fgtlm::test
