// R2P under core.semantics=rtl (rtl_alu_latch.hpp, docs/cosim-known-differences.md "Known differences"
// 26): the RTL writes the flags the scalar processor computes for the execute stage's latched
// ALU opcode, on R0 and the read stage's operand latches; g80 moves the register's low nibble.
// The integer golden sweep (core.int_golden) holds the RTL's words for 30 R2P contexts; these
// tests pin the rule's parts on small kernels and on the flag function itself.
#include <fgtlm/core/rtl_alu_latch.hpp>

#include "core_harness.hpp"

namespace fgtlm::test {
namespace {

using core::RtlAluLatch;
using core::RtlAluOp;

constexpr std::uint8_t Z = core::kFlagZero, S = core::kFlagSign, C = core::kFlagCarry, O = core::kFlagOverflow;

// The first instruction of `sass`, assembled (its raw words drive the decode).
isa::Instruction first(const std::string& sass) {
    const isa::AssembleResult r = isa::assemble(sass + "\nRET;", "test.sass");
    EXPECT_TRUE(r.ok() && !r.instructions.empty()) << (r.errors.empty() ? sass : r.errors.front().str());
    return r.ok() && !r.instructions.empty() ? r.instructions.front() : isa::Instruction{};
}

RtlAluLatch latched_by(const std::string& sass) {
    RtlAluLatch l;
    core::rtl_alu_latch_update(first(sass), l);
    return l;
}

TEST(RtlR2p, DecodeOfTheLatchedOpcode) {
    EXPECT_EQ(latched_by("IADD R5, R1, R2;").op, RtlAluOp::Iadd);
    EXPECT_TRUE(latched_by("IADD R5, R1, R2;").w32);
    EXPECT_EQ(latched_by("IADD R5, -R1, R2;").op, RtlAluOp::Isub);
    EXPECT_EQ(latched_by("IADD.CARRY0 R5, R1, R2;").op, RtlAluOp::Iaddc);
    EXPECT_FALSE(latched_by("IADD.CARRY0 R5, R1, R2;").w32);  // IADDC: no w32 case
    EXPECT_EQ(latched_by("ISET.S32 R5, R1, R2, LT;").op, RtlAluOp::Set);
    EXPECT_TRUE(latched_by("ISET.S32 R5, R1, R2, LT;").is_signed);
    EXPECT_EQ(latched_by("LOP.PASS_B R5, R1, R2;").op, RtlAluOp::Neg);
    EXPECT_TRUE(latched_by("SHR.S32 R5, R1, R2;").is_signed);
    EXPECT_EQ(latched_by("IMUL.S24.S24 R5, R1, R2;").op, RtlAluOp::Imul24);
    EXPECT_TRUE(latched_by("IMUL.S24.S24 R5, R1, R2;").is_signed);
    EXPECT_EQ(latched_by("IMAD.U16 R5, R1L, R2L, R2;").op, RtlAluOp::Imad24);
    EXPECT_EQ(latched_by("I2F.F32.S32 R5, R1;").op, RtlAluOp::Cvt);
    EXPECT_EQ(latched_by("FADD R5, R1, R2;").op, RtlAluOp::Zero);
    EXPECT_EQ(latched_by("R2A A1, R1, 0x2;").op, RtlAluOp::Shl);  // MOV LOAD to ADDRESS
    EXPECT_EQ(latched_by("ADA A1, A1, 0x14;").op, RtlAluOp::Iadd);
    // not latched: moves, memory, an R2A without a shift, R2P itself
    RtlAluLatch l;
    l.op = RtlAluOp::Xor;
    for (const char* s : {"MOV R6, R1;", "MVI R6, 0x1;", "R2A A1, R1, 0x0;", "GLD.U32 R6, global14[R11];",
                          "R2G.U32.U32 g[0x80], R2;", "R2P C1, R2;"}) {
        core::rtl_alu_latch_update(first(s), l);
        EXPECT_EQ(l.op, RtlAluOp::Xor) << s;
    }
}

TEST(RtlR2p, FlagsOfTheLatchedOpcode) {
    const isa::Instruction r2p = first("R2P C1, R2;");
    auto flags = [&](const char* prev, std::uint32_t a, std::uint32_t b, std::uint32_t c = 0) {
        return core::rtl_r2p_flags(latched_by(prev), r2p, a, b, c);
    };
    // the adder: carry and overflow, never a sign (IADD is unsigned)
    EXPECT_EQ(flags("IADD R5, R1, R2;", 0xffffffffu, 1u), Z | C);
    EXPECT_EQ(flags("IADD R5, R1, R2;", 0x7fffffffu, 1u), O);
    EXPECT_EQ(flags("IADD R5, -R1, R2;", 1u, 1u), Z | C);                      // ISUB: -a + b
    EXPECT_EQ(flags("IADD.CARRY0 R5, R1, R2;", 0x8000u, 0x8000u), Z | C | O);  // 16-bit
    // IMAD: unsigned 16-bit product plus the third operand, saturated (R2P's subop 5)
    EXPECT_EQ(flags("IMAD.S16 R5, R1L, R2L, R2;", 0xffffu, 0xffffu, 0xffffffffu), C);  // 0xfffe0001 + c
    EXPECT_EQ(flags("IMAD.U16 R5, R1L, R2L, R2;", 0x8000u, 0x8000u, 0xc0000000u), 0);  // 2^32: 0xffffffff
    EXPECT_EQ(flags("IMAD.U16 R5, R1L, R2L, R2;", 0u, 5u, 0u), Z);
    // ISET: the R2P's condition bits 46-48 (0): never true
    EXPECT_EQ(flags("ISET.S32 R5, R1, R2, LT;", 1u, 2u), Z);
    // logic, shifts, multiply: zero/sign of the result only
    EXPECT_EQ(flags("LOP.AND R5, R1, R2;", 0xf0u, 0x0fu), Z);
    EXPECT_EQ(flags("LOP.PASS_B R5, R1, R2;", 0xffffffffu, 0u), Z);
    EXPECT_EQ(flags("SHR.S32 R5, R1, R2;", 0x80000000u, 33u), S);
    EXPECT_EQ(flags("SHL R5, R1, R2;", 1u, 32u), Z);
    EXPECT_EQ(flags("SHL R5, R1, R2;", 1u, 31u), 0);  // unsigned: no sign flag
    EXPECT_EQ(flags("IMUL.S24.S24 R5, R1, R2;", 0xffffffu, 1u), S);
    EXPECT_EQ(flags("IMAX R5, R1, R2;", 0x10000u, 0x20000u), Z);  // unsigned 16-bit
    EXPECT_EQ(flags("I2F.F32.S32 R5, R1;", 0x80000000u, 0u), S);  // CVT, signed (S2F)
    // the FPU's opcodes: no scalar result
    EXPECT_EQ(flags("FADD R5, R1, R2;", 5u, 6u), Z);
    EXPECT_EQ(flags("FSET R5, R1, R2, LT;", 5u, 6u), Z);
}

// The kernel path: R0 (not the named register), the second-operand latch, the opcode latched
// across a MOV, a guard keeping C1 in the other lanes.
TEST(RtlR2p, KernelWritesTheLatchedFlags) {
    const char* sass = R"(
        I2I.U32.U16 R1, R0L;
        IADD32I R1, R1, 0xfffffff0;
        MVI R2, 0x10;
        MOV R0, R1;
        ISET.S32.C1 o[0x7f], R1, R2, LT;
        IADD.C0 R4, R1, R2;
        MOV R6, R2;
        R2P C1 (C0.NE), R9;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(32)));
    // R0 = t - 16; C0 = flags of t (thread 0: zero, guard false: C1 keeps the ISET's sign);
    // R2P: IADD(R0, latch 0x10) = t + 2^32 for t < 16 (carry), t for t >= 16
    for (std::uint32_t t = 0; t < 32; ++t) EXPECT_EQ(rtl.sm.pred(0, 1, t), t == 0 ? S : t < 16 ? C : 0) << t;
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(32)));
    for (std::uint32_t t = 0; t < 32; ++t) EXPECT_EQ(g80.sm.pred(0, 1, t), t == 0 ? S : 0) << t;  // R9's nibble
}

}  // namespace
}  // namespace fgtlm::test
