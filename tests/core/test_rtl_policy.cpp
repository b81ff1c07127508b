// The RTL policies (core/rtl_policy.hpp, models/core/README.md "RTL policies"): the presets,
// one policy switched alone, and what FlexGripPlus does where a checked model stops (an
// address past the memory keeps its low bits, a misaligned word is the four bytes from its
// address, a launch over the register slots aliases), each counted in KernelResult-style
// RtlEvents; under g80 the same kernels stop with the model's error.
#include "core_harness.hpp"

#include <functional>
#include <set>
#include <string>

#include <fgtlm/core/semantics.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>

namespace {

using namespace fgtlm;
using test::CoreRun;
using test::g80_config;
using test::launch;

core::SmCoreConfig with(const std::function<void(core::RtlPolicy&)>& change) {
    core::SmCoreConfig c;
    change(c.rtl);
    return c;
}

// Under the g80 preset (every RTL reading off) the words stop at `pc` with an illegal instruction.
void expect_illegal_under_g80(const std::vector<std::uint32_t>& words, std::uint32_t pc) {
    CoreRun g80(g80_config());
    g80.words = words;
    EXPECT_FALSE(g80.run_words(launch(32)));
    EXPECT_EQ(g80.error.kind, core::KernelErrorKind::IllegalInstruction);
    EXPECT_EQ(g80.error.pc, pc);
}

TEST(RtlPolicy, PresetsSetEveryPolicyAndNamesAreUnique) {
    const core::RtlPolicy rtl = core::RtlPolicy::preset(core::Semantics::Rtl);
    const core::RtlPolicy g80 = core::RtlPolicy::preset(core::Semantics::G80);
    std::set<std::string> names;
    for (const core::RtlPolicyFlag& f : core::kRtlPolicyFlags) {
        EXPECT_TRUE(rtl.*f.field) << f.name;
        EXPECT_FALSE(g80.*f.field) << f.name;
        EXPECT_TRUE(names.insert(f.name).second) << f.name;
    }
    EXPECT_EQ(rtl.global_address_bits, 18);
    EXPECT_EQ(rtl.shared_address_bits, 14);
    EXPECT_EQ(rtl.constant_address_bits, 13);
    EXPECT_EQ(rtl.misaligned, core::Misaligned::Bytes);
    for (const core::RtlPolicyWidth& w : core::kRtlPolicyWidths) EXPECT_EQ(g80.*w.field, 0) << w.name;
    EXPECT_EQ(g80.misaligned, core::Misaligned::Fault);
    core::Misaligned m{};
    EXPECT_TRUE(core::parse_misaligned("fault", m));
    EXPECT_FALSE(core::parse_misaligned("ignore", m));
}

// pipeline_decode.vhd src1_i of FADD32I/FMUL32I with a register source is bits 15-9: the
// held-out kernel's `FADD32I R5, -R5, 0x3f800000` reads R69 (0 there), so the RTL writes 1.0.
TEST(RtlPolicy, FloatImmediateFirstSourceIsSevenBits) {
    isa::Instruction in = isa::decode(0xb0008a15u, 0x03f80003u, 0);
    isa::Instruction g80 = in;
    core::apply_semantics(in, core::RtlPolicy::preset(core::Semantics::Rtl));
    core::apply_semantics(g80, core::RtlPolicy::preset(core::Semantics::G80));
    EXPECT_EQ(in.src[0].reg, 69);
    EXPECT_FALSE(in.src[0].negate);
    EXPECT_EQ(g80.src[0].reg, 5);
    EXPECT_TRUE(g80.src[0].negate);
    const char* sass = "MVI R5, 0x3f885261;\nFADD32I R5, -R5, 0x3f800000;\nRET;\n";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(32, 1, 70)));
    EXPECT_EQ(rtl.sm.reg(0, 5, 3), 0x3f800000u);
    CoreRun only_negation(with([](core::RtlPolicy& p) { p.fp_immediate_source = false; }));
    ASSERT_TRUE(only_negation.run(sass, launch(32, 1, 70)));
    EXPECT_EQ(only_negation.sm.reg(0, 5, 3), 0x40042930u);  // R5 + 1.0: the negation alone is still ignored
}

// memory_controller.vhd: a misaligned GLD reads the four bytes from its address.
TEST(RtlPolicy, MisalignedGlobalWordIsTheBytesAtItsAddress) {
    const std::string sass = std::string(test::kTidTimes4) +
                             "IADD32I R1, R10, 0x101;\nGLD.U32 R2, global14[R1];\n"
                             "IADD32I R3, R10, 0x200;\nGST.U32 global14[R3], R2;\nRET;\n";
    CoreRun rtl;
    for (std::uint32_t i = 0; i < 0x90; ++i) rtl.global[0x100 + i] = std::uint8_t(i * 7 + 1);
    ASSERT_TRUE(rtl.run(sass, launch(32)));
    for (std::uint32_t t = 0; t < 32; ++t) {
        std::uint32_t want = 0;
        for (std::uint32_t b = 0; b < 4; ++b) want |= std::uint32_t(rtl.global[0x101 + 4 * t + b]) << (8 * b);
        EXPECT_EQ(rtl.u32(0x200 + 4 * t), want) << t;
    }
    EXPECT_EQ(rtl.sm.rtl_events.misaligned, 32u);
    EXPECT_NE(rtl.sm.rtl_events.first.find("PC 0x0018: GLD of 4 bytes at 0x00000101 (misaligned)"), std::string::npos)
        << rtl.sm.rtl_events.first;
    for (const core::SmCoreConfig& cfg :
         {g80_config(), with([](core::RtlPolicy& p) { p.misaligned = core::Misaligned::Fault; })}) {
        CoreRun stop(cfg);
        EXPECT_FALSE(stop.run(sass, launch(32)));
        EXPECT_EQ(stop.error.kind, core::KernelErrorKind::MisalignedAccess);
    }
}

// convert_data_types.vhd has no .64, .128 or .S32 global type (DT_NONE): one byte moves, at the
// address itself, zero-extended; a store writes the register's low byte (GHDL:
// tests/cosim/regressions/agreed/global_access_types_rtl_reading).
TEST(RtlPolicy, GlobalAccessTypesTheReadStageLacksMoveOneByte) {
    const std::string sass = std::string(test::kTidTimes4) +
                             "MVI R5, 0x7;\nIADD32I R1, R10, 0x100;\nGLD.S32 R2, global14[R1];\n"
                             "GLD.64 R4, global14[R1];\nIADD32I R3, R10, 0x200;\nGST.U32 global14[R3], R2;\n"
                             "IADD32I R3, R10, 0x300;\nGST.64 global14[R3], R4;\nRET;\n";
    const auto fill = [](CoreRun& r) {
        for (std::uint32_t t = 0; t < 32; ++t) {
            r.set_u32(0x100 + 4 * t, 0xf0a1b280u + t);
            r.set_u32(0x300 + 4 * t, 0x55555555u);
        }
    };
    CoreRun rtl;
    fill(rtl);
    ASSERT_TRUE(rtl.run(sass, launch(32)));
    for (std::uint32_t t = 0; t < 32; ++t) {
        // GLD.S32: the low byte, not sign-extended; GLD.64: one register; GST.64: one byte
        EXPECT_EQ(rtl.u32(0x200 + 4 * t), 0x80u + t) << t;
        EXPECT_EQ(rtl.sm.reg(0, 5, t), 7u) << t;
        EXPECT_EQ(rtl.u32(0x300 + 4 * t), 0x55555500u | (0x80u + t)) << t;
    }
    CoreRun off(with([](core::RtlPolicy& p) { p.global_access_types = false; }));
    fill(off);
    ASSERT_TRUE(off.run(sass, launch(32)));
    for (std::uint32_t t = 0; t < 32; ++t) EXPECT_EQ(off.u32(0x200 + 4 * t), 0xf0a1b280u + t) << t;
}

// Bit 35 (NVIDIA's o[N] destination) is registered by pipeline_decode.vhd and read by nothing:
// the result goes to R[N] (GHDL: tests/cosim/regressions/agreed/output_register_rtl_reading).
TEST(RtlPolicy, OutputDestinationWritesTheRegister) {
    const isa::AssembleResult r = isa::assemble("MVI R2, 0x7;\nMVI R1, 0x5;\nSHL R2, R1, 0x2;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    std::vector<std::uint32_t> words = r.words;
    words[5] |= 1u << 3;  // SHL o[0x2], R1, 0x2
    EXPECT_EQ(isa::decode(words[4], words[5], 0x10).dst.kind, isa::OperandKind::Output);
    CoreRun rtl;
    rtl.words = words;
    ASSERT_TRUE(rtl.run_words(launch(32)));
    EXPECT_EQ(rtl.sm.reg(0, 2, 3), 20u);
    CoreRun off(with([](core::RtlPolicy& p) { p.output_register = false; }));
    off.words = words;
    ASSERT_TRUE(off.run_words(launch(32)));
    EXPECT_EQ(off.sm.reg(0, 2, 3), 7u);  // the result went to o[2]
}

// SHL's 7-bit immediate (bit 52) is read_source_ops' addr_imm path: with an address register
// in bits 26-27/34 the read stage reads the register the field names instead (GHDL:
// tests/cosim/regressions/agreed/shift_immediate_areg_rtl_reading).
TEST(RtlPolicy, ShiftImmediateWithAnAddressRegisterReadsTheRegister) {
    const isa::AssembleResult r = isa::assemble("MVI R1, 0x5;\nMVI R3, 0x1;\nSHL R2, R1, 0x3;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    std::vector<std::uint32_t> words = r.words;
    words[4] |= 1u << 26;  // address register A1 on the SHL: shift by R3, the field's register
    CoreRun rtl;
    rtl.words = words;
    ASSERT_TRUE(rtl.run_words(launch(32)));
    EXPECT_EQ(rtl.sm.reg(0, 2, 0), 10u);
    CoreRun off(with([](core::RtlPolicy& p) { p.field_as_immediate = false; }));
    off.words = words;
    ASSERT_TRUE(off.run_words(launch(32)));
    EXPECT_EQ(off.sm.reg(0, 2, 0), 40u);
}

// Short ALU words: bit 23 makes the second source c[bits 16-21], bit 25 the field's value
// (pipeline_decode.vhd's defaults; GHDL: tests/cosim/regressions/agreed/short_source_bits_rtl_reading).
TEST(RtlPolicy, ShortAluSourceBitsPickConstantOrField) {
    const isa::AssembleResult r =
        isa::assemble("MVI R1, 0x5;\nMVI R2, 0x7;\nIADD32 R3, R1, R2;\nIADD32 R4, R1, R2;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    std::vector<std::uint32_t> words = r.words;
    words[4] |= 1u << 23;  // R3 = R1 + c[0][2]
    words[5] |= 1u << 25;  // R4 = R1 + 2
    CoreRun rtl;
    rtl.cmem[8] = 0x40;
    rtl.words = words;
    ASSERT_TRUE(rtl.run_words(launch(32)));
    EXPECT_EQ(rtl.sm.reg(0, 3, 0), 0x45u);
    EXPECT_EQ(rtl.sm.reg(0, 4, 0), 7u);
    CoreRun g80(g80_config());
    g80.words = words;
    EXPECT_FALSE(g80.run_words(launch(32)));  // bits no SM_1.0 field describes
}

// The MOV path of pipeline_decode.vhd reads none of bits 46-52 (the table's fixed 0x0f), and a
// move or store marked IMM runs with the guard forced to always (GHDL:
// tests/cosim/regressions/agreed/move_fields_rtl_reading).
TEST(RtlPolicy, MoveFieldsTheDecodeStageIgnoresRun) {
    const std::string sass =
        std::string(test::kTidTimes4) + "MOV R2, R10;\nIADD32I R3, R10, 0x200;\nGST.U32 global14[R3], R2;\nRET;\n";
    const isa::AssembleResult r = isa::assemble(sass, "t.sass");
    ASSERT_TRUE(r.ok());
    std::vector<std::uint32_t> words = r.words;
    ASSERT_EQ(words.size(), 12u);  // I2I, SHL, MOV, IADD32I, GST, RET: 64 bits each
    words[5] ^= 1u << 17;          // MOV: bit 49
    words[9] |= 3u;                // GST: marker IMM
    CoreRun rtl;
    rtl.words = words;
    ASSERT_TRUE(rtl.run_words(launch(32)));
    for (std::uint32_t t = 0; t < 32; ++t) EXPECT_EQ(rtl.u32(0x200 + 4 * t), 4 * t) << t;
    CoreRun off(with([](core::RtlPolicy& p) { p.unknown_words = false; }));
    off.words = words;
    EXPECT_FALSE(off.run_words(launch(32)));
}

// GMEM_ADDR_SIZE = 18: an address past the memory keeps its low 18 bits (loads and stores).
TEST(RtlPolicy, GlobalAddressKeepsEighteenBits) {
    const std::string sass = std::string(test::kTidTimes4) +
                             "IADD32I R1, R10, 0x40100;\nGLD.U32 R2, global14[R1];\n"
                             "IADD32I R3, R10, 0xc0200;\nGST.U32 global14[R3], R2;\nRET;\n";
    CoreRun rtl;
    for (std::uint32_t t = 0; t < 32; ++t) rtl.set_u32(0x100 + 4 * t, 0xabc00000u + t);
    ASSERT_TRUE(rtl.run(sass, launch(32)));
    for (std::uint32_t t = 0; t < 32; ++t) EXPECT_EQ(rtl.u32(0x200 + 4 * t), 0xabc00000u + t) << t;
    EXPECT_EQ(rtl.sm.rtl_events.global_wraps, 64u);
    CoreRun g80(g80_config());
    EXPECT_FALSE(g80.run(sass, launch(32)));
    EXPECT_EQ(g80.error.kind, core::KernelErrorKind::OutOfRangeAccess);
}

// SHMEM_ADDR_SIZE = 14: an R2G and a g[] read past 16 KiB wrap into the shared memory.
TEST(RtlPolicy, SharedAddressKeepsFourteenBits) {
    const char* sass = R"(
        MVI R1, 0x1234abcd;
        MVI R2, 0x4040;
        R2A A1, R2, 0x0;
        R2G.U32.U32 g[A1+0x0], R1;
        MVI R3, 0x40;
        R2A A2, R3, 0x0;
        MOV R4, g[A2+0x0];
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1)));
    EXPECT_EQ(rtl.sm.reg(0, 4, 0), 0x1234abcdu);
    EXPECT_EQ(rtl.sm.rtl_events.shared_wraps, 32u);  // the partial warp runs all 32 lanes (full_partial_warps)
    CoreRun g80(g80_config());
    EXPECT_FALSE(g80.run(sass, launch(1)));
    EXPECT_EQ(g80.error.kind, core::KernelErrorKind::OutOfRangeAccess);
}

// block_scheduler.vhd has no register limit: 8 warps x 80 registers (640 > 512 slots) run,
// warp 7's registers alias warp 0's R48 up (warp_id_calc.vhd: base = q * regs mod 512).
TEST(RtlPolicy, OverAllocatedLaunchAliasesRegisters) {
    const std::string sass = std::string(test::kTidTimes4) + "GST.U32 global14[R10], R10;\nRET;\n";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(256, 1, 80)));
    for (std::uint32_t t = 0; t < 256; ++t) EXPECT_EQ(rtl.u32(4 * t), 4 * t) << t;
    EXPECT_EQ(rtl.sm.rtl_events.register_alias, 1u);
    EXPECT_EQ(rtl.sm.warp(7).reg_base, 560u);
    EXPECT_EQ(rtl.sm.registers().slot_of(rtl.sm.warp(7).reg_base, 0), 48u);
    CoreRun g80(g80_config());
    EXPECT_FALSE(g80.run(sass, launch(256, 1, 80)));
    EXPECT_EQ(g80.error.kind, core::KernelErrorKind::InvalidLaunch);
}

}  // namespace

// Issue 24's nvcc words on the core (RTL results: tests/core/golden/nvcc_words). FMAD with a
// bank in 54-57 and no constant operand: bit 54 makes FlexGripPlus read the second source
// from c[][bits 16-22]; NVIDIA reads the register.
TEST(RtlPolicy, FmadBankBitReadsTheSecondSourceFromConstantMemory) {
    const char* sass =
        "MVI R1, 0x40800000;\nMVI R2, 0x3fc00000;\nFMAD R1, R1, R1, R2;  /* 0x00408780e0010205 */\nRET;\n";
    core::LaunchConfig l = launch(32);
    l.const_mem = {0, 0, 0, 0, 0x00, 0x00, 0x40, 0x40};  // c[][1] = 3.0
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, l));
    EXPECT_EQ(rtl.sm.reg(0, 1, 0), 0x41580000u);  // 4 * 3 + 1.5
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, l));
    EXPECT_EQ(g80.sm.reg(0, 1, 0), 0x418c0000u);  // 4 * 4 + 1.5
}

// SYSMEM_ADDR_SIZE = 18: the fetch reads the system memory at PC bits 17..2 (the warp pool keeps
// the whole PC); measured on the Verilated RTL: a flip of a warp's PC bit 18-31 or 0-1 is masked.
TEST(RtlPolicy, FetchKeepsPcBitsSeventeenToTwo) {
    const char* sass = "MVI R1, 0x5;\nBRA 0x40018;\nMVI R1, 0x7;\nMVI R2, 0x9;\nRET;\n";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(32)));
    EXPECT_EQ(rtl.sm.reg(0, 1, 0), 5u);  // 0x40010 is skipped: the branch landed at 0x18
    EXPECT_EQ(rtl.sm.reg(0, 2, 0), 9u);
    EXPECT_EQ(rtl.sm.rtl_events.pc_wraps, 2u);  // MVI R2 and RET at 0x4001x
    EXPECT_NE(rtl.sm.rtl_events.first.find("PC 0x00040018 fetched at 0x00018"), std::string::npos)
        << rtl.sm.rtl_events.first;
    for (const core::SmCoreConfig& cfg :
         {g80_config(), with([](core::RtlPolicy& p) { p.instruction_address_bits = 0; })}) {
        CoreRun stop(cfg);
        EXPECT_FALSE(stop.run(sass, launch(32)));
        EXPECT_EQ(stop.error.kind, core::KernelErrorKind::IllegalInstruction);
    }
}

// The all-zero word (op 0x0 sub 0) is no SM_1.0 instruction; FlexGripPlus runs it as a 4-byte
// no-op (four of them before VectorAdd_float's GST: same memory, PC + 4 each, on the Verilated
// RTL), and a warp past the program runs into the instruction memory's zeros the same way.
TEST(RtlPolicy, ZeroWordRunsAsANoOp) {
    CoreRun rtl;
    const isa::AssembleResult r = isa::assemble("MVI R1, 0x5;\nMVI R2, 0x9;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    rtl.words = r.words;
    rtl.words.insert(rtl.words.begin() + 2, {0u, 0u, 0u});  // three zero words after MVI R1
    ASSERT_TRUE(rtl.run_words(launch(32)));
    EXPECT_EQ(rtl.sm.reg(0, 1, 0), 5u);
    EXPECT_EQ(rtl.sm.reg(0, 2, 0), 9u);
    CoreRun g80(g80_config());
    g80.words = rtl.words;
    EXPECT_FALSE(g80.run_words(launch(32)));
    EXPECT_EQ(g80.error.kind, core::KernelErrorKind::IllegalInstruction);
    // Past the program: zeros up to 2^18 bytes, then the program again (the PC wraps), for ever.
    CoreRun runs_on;
    const isa::AssembleResult past = isa::assemble("MVI R1, 0x5;\nBRA 0x100;\n", "t.sass");
    ASSERT_TRUE(past.ok());
    runs_on.words = past.words;
    EXPECT_FALSE(runs_on.run_words(launch(32), 2000));
    EXPECT_EQ(runs_on.error.kind, core::KernelErrorKind::Watchdog);
    EXPECT_GT(runs_on.sm.rtl_events.pc_wraps, 1000u);
}

// A 64-bit word whose second half lies past the program (a PC flipped onto RET.END's second
// word, 0x00000781, on the Verilated RTL): FlexGripPlus's fetch reads the zero word after it,
// runs the pair (a MOV-class word without an operation) and runs on into the zeros, for ever.
// Under g80 it is an illegal instruction; without the instruction-address reading, a truncated one.
TEST(RtlPolicy, SecondHalfPastTheProgramIsTheZeroWord) {
    const isa::AssembleResult r = isa::assemble("MVI R1, 0x5;\nMVI R2, 0x9;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    CoreRun rtl;
    rtl.words.assign(r.words.begin(), r.words.end() - 2);  // without the RET
    rtl.words.push_back(0x00000781u);
    EXPECT_FALSE(rtl.run_words(launch(32), 2000));
    EXPECT_EQ(rtl.error.kind, core::KernelErrorKind::Watchdog);
    EXPECT_EQ(rtl.sm.reg(0, 2, 0), 9u);
    for (const core::SmCoreConfig& cfg :
         {g80_config(), with([](core::RtlPolicy& p) { p.instruction_address_bits = 0; })}) {
        CoreRun stop(cfg);
        stop.words = rtl.words;
        EXPECT_FALSE(stop.run_words(launch(32)));
        EXPECT_EQ(stop.error.kind, core::KernelErrorKind::IllegalInstruction);
    }
}

// FlexGripPlus's decode stage reads each field at its position and checks no other bit: an
// IADD word with a bit no field of its format describes runs as the IADD (counted, reported
// once); under g80 it is an illegal instruction. The bit is found, not assumed: the first one
// whose flip the SM_1.0 table refuses as a reserved field.
TEST(RtlPolicy, UndescribedBitsAreIgnored) {
    const isa::AssembleResult r = isa::assemble("MVI R1, 0x5;\nIADD R2, R1, R1;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    const std::size_t at = 2;  // IADD's first word (MVI is 64-bit)
    ASSERT_EQ(r.words[at] & 1u, 1u) << "a 64-bit IADD";
    const isa::Instruction clean = isa::decode(r.words[at], r.words[at + 1], 8);
    int bit = -1;
    for (int b = 0; b < 64 && bit < 0; ++b) {
        std::uint32_t lo = r.words[at], hi = r.words[at + 1];
        (b < 32 ? lo : hi) ^= 1u << (b % 32);
        const isa::Instruction strict = isa::decode(lo, hi, 8);
        const isa::Instruction loose = isa::decode(lo, hi, 8, isa::UndescribedBits::Ignored);
        if (strict.illegal_reason == isa::IllegalReason::ReservedField &&
            isa::disassemble(loose) == isa::disassemble(clean))
            bit = b;
    }
    ASSERT_GE(bit, 0) << "no undescribed bit in " << isa::disassemble(clean);
    CoreRun rtl;
    rtl.words = r.words;
    rtl.words[at + std::size_t(bit / 32)] ^= 1u << (bit % 32);
    ASSERT_TRUE(rtl.run_words(launch(32))) << "bit " << bit;
    EXPECT_EQ(rtl.sm.reg(0, 2, 0), 10u);
    EXPECT_EQ(rtl.program.undescribed_words(), 1u);
    EXPECT_NE(rtl.program.first_undescribed().find("PC 0x0008: "), std::string::npos)
        << rtl.program.first_undescribed();
    CoreRun g80(g80_config());
    g80.words = rtl.words;
    EXPECT_FALSE(g80.run_words(launch(32)));
    EXPECT_EQ(g80.error.kind, core::KernelErrorKind::IllegalInstruction);
    EXPECT_EQ(g80.program.undescribed_words(), 0u);
}

// FMUL sub-op 2: no ALU decode on FlexGripPlus, the scalar processor writes 0 (flags: Z only);
// g80 (and the policy off) read it as an FMUL.
TEST(RtlPolicy, FmulSubop2WritesZeroOnTheRtl) {
    const char* sass = "MVI R1, 0x40000000;\nMVI R2, 0x40400000;\nFMUL.SUB2 R0, R1, R2;\nRET;\n";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(32)));
    EXPECT_EQ(rtl.sm.reg(0, 0, 7), 0u);
    CoreRun off(with([](core::RtlPolicy& p) { p.undecoded_fp_subop = false; }));
    ASSERT_TRUE(off.run(sass, launch(32)));
    EXPECT_EQ(off.sm.reg(0, 0, 7), 0x40c00000u);
}

// g[Ak+=off] on I2I and R2G (bit 25): FlexGripPlus never increments Ak, R2G writes g[Ak] and
// I2I reads g[Ak+off]; g80 accesses g[Ak] and then adds off (in units of the type) to Ak.
TEST(RtlPolicy, SharedPostIncrementIsNotPerformedOnTheRtl) {
    const char* sass = R"(
        MVI R5, 0x100;
        MVI R6, 0x84838281;
        R2A A2, R5;
        R2G.U32.U32 g[A2+0x0], R6;
        R2A A1, R5;
        MVI R1, 0xaaaaaaaa;
        I2I.S16.S16.BEXT R1L, g [A1+=0x1].U8;
        A2R R7, A1;
        MVI R0, 0x1234c3a5;
        R2G.U8.U16 g[A1+=0x2], R0L;
        A2R R8, A1;
        MOV R9, g [A2+0x0];
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(1)));
    EXPECT_EQ(rtl.sm.reg(0, 1, 0), 0xaaaaff82u);  // the byte at A1 + 1
    EXPECT_EQ(rtl.sm.reg(0, 7, 0), 0x100u);
    EXPECT_EQ(rtl.sm.reg(0, 8, 0), 0x100u);
    EXPECT_EQ(rtl.sm.reg(0, 9, 0), 0x848382a5u);  // written at A1 + 0
    CoreRun g80(g80_config());
    ASSERT_TRUE(g80.run(sass, launch(1)));
    EXPECT_EQ(g80.sm.reg(0, 1, 0), 0xaaaaff81u);  // the byte at A1, then A1 += 1
    EXPECT_EQ(g80.sm.reg(0, 7, 0), 0x101u);
    EXPECT_EQ(g80.sm.reg(0, 8, 0), 0x103u);
    EXPECT_EQ(g80.sm.reg(0, 9, 0), 0x8483a581u);  // written at 0x101
}

// pipeline_decode.vhd makes every word with bit 1 set a FLOW instruction (opcode 0xf excepted:
// NOP), and branch_exec_unit.vhd knows only BRA, CAL, RET, PBK, BRK, BAR and SSY; on any other
// flow opcode it never raises the done that pipeline_execute.vhd's FLOW_EXEC waits for, so the
// SM stops issuing and the kernel never ends (Hang on the Verilated RTL for every such
// instruction-word flip). Under rtl the model stops at once with a `Stalled` error naming the
// word; under g80 KIL runs, TRAP and the unknown opcodes are illegal instructions.
TEST(RtlPolicy, FlowOpcodeTheBranchUnitLacksStallsTheSm) {
    for (std::uint32_t op = 0; op < 16; ++op) {
        const bool known =
            op == 0x1 || op == 0x2 || op == 0x3 || op == 0x4 || op == 0x5 || op == 0x8 || op == 0xa || op == 0xf;
        EXPECT_EQ(core::stalls_branch_unit(op << 28 | 0x3u), !known) << op;
        EXPECT_FALSE(core::stalls_branch_unit(op << 28 | 0x1u)) << op;  // bit 1 clear: no flow word
    }
    const isa::AssembleResult r = isa::assemble("MVI R1, 0x5;\nKIL;\nMVI R1, 0x6;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    CoreRun rtl;
    rtl.words = r.words;
    EXPECT_FALSE(rtl.run_words(launch(32)));
    EXPECT_EQ(rtl.error.kind, core::KernelErrorKind::Stalled);
    EXPECT_EQ(rtl.error.pc, 8u);
    EXPECT_NE(rtl.error.describe().find("never"), std::string::npos) << rtl.error.describe();
    CoreRun g80(g80_config());
    g80.words = r.words;
    EXPECT_TRUE(g80.run_words(launch(32)));  // KIL ends every thread
    EXPECT_EQ(g80.sm.reg(0, 1, 0), 5u);
    CoreRun off(with([](core::RtlPolicy& p) { p.unknown_flow_stalls = false; }));
    off.words = r.words;
    EXPECT_TRUE(off.run_words(launch(32)));
}

// pipeline_read.vhd (CHECK_JOIN): a join (.S) whose warp stack is empty pops nothing and sets the
// warp's current mask and the instruction's mask to the warp's initial mask, so the instruction
// runs for every thread whatever its guard, returned threads included, and they run on.
// tests/cosim/kernels/join_empty_stack.sass is this kernel on the RTL (ctest -L rtl): memory and
// every commit match. Under g80 the join is a stack underflow.
TEST(RtlPolicy, JoinOnAnEmptyStackRunsForTheInitialMask) {
    const char* sass = R"(
        I2I.U32.U16 R1, R0L;
        MVI R3, 0x1;
        MVI R2, 0x10;
        ISET.C0 o[0x7f], R1, R2, GE;
        RET C0.NE;
        MVI R4, 0x7;
        MOV.S R3 (C0.NE), R2;
        MOV R5, R3;
        RET;
    )";
    CoreRun rtl;
    ASSERT_TRUE(rtl.run(sass, launch(32)));
    for (std::uint32_t lane : {0u, 15u, 16u, 31u}) {
        EXPECT_EQ(rtl.sm.reg(0, 3, lane), 0x10u) << lane;  // the guard fails in every live thread
        EXPECT_EQ(rtl.sm.reg(0, 5, lane), 0x10u) << lane;  // returned threads 16-31 run on
        EXPECT_EQ(rtl.sm.reg(0, 4, lane), lane < 16 ? 7u : 0u) << lane;
    }
    CoreRun g80(g80_config());
    EXPECT_FALSE(g80.run(sass, launch(32)));
    EXPECT_EQ(g80.error.kind, core::KernelErrorKind::StackUnderflow);
}

// Words the SM_1.0 table lacks, as pipeline_decode.vhd reads them (RTL results:
// tests/cosim/regressions/agreed/unknown_words_rtl_reading): IADD and RET with a sub-op run as
// IADD and RET, opcodes 0x8/0x5/0x7 write nothing. Counted with the undescribed words; under
// g80 the first is an illegal instruction.
TEST(RtlPolicy, UnknownWordsRunAsTheDecodeStageReadsThem) {
    const isa::AssembleResult r = isa::assemble(
        "MVI R3, 0x5;\nMVI R1, 0x2;\nIADD R4, R1, R3;\nMVI R3, 0x9;\nMVI R3, 0xa;\nMVI R3, 0xb;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    std::vector<std::uint32_t> words = r.words;
    words[5] |= 0x20000000u;                              // IADD sub-op 1
    words[6] = (words[6] & 0x0fffffffu) | 0x80000000u;    // MVI R3 -> opcode 0x8
    words[8] = (words[8] & 0x0fffffffu) | 0x50000000u;    // opcode 0x5
    words[10] = (words[10] & 0x0fffffffu) | 0x70000000u;  // opcode 0x7
    words[13] |= 0x40000000u;                             // RET sub-op 2
    CoreRun rtl;
    rtl.words = words;
    ASSERT_TRUE(rtl.run_words(launch(32)));
    EXPECT_EQ(rtl.sm.reg(0, 4, 3), 7u);
    EXPECT_EQ(rtl.sm.reg(0, 3, 3), 5u);
    EXPECT_EQ(rtl.program.undescribed_words(), 5u);
    EXPECT_NE(rtl.program.first_undescribed().find("IADD R4, R1, R3"), std::string::npos)
        << rtl.program.first_undescribed();
    expect_illegal_under_g80(words, 0x10u);
}

// Opcode 0xa words the table lacks run as the decode stage's CVT (RTL results:
// tests/cosim/regressions/agreed/cvt_class_words_rtl_reading): a 32-bit word as I2I.U16.U16 of
// its own length, a word marked IMM with its sub-op (1 negates), sub-op 5 as sub-op 0.
TEST(RtlPolicy, CvtClassWordsRunAsTheDecodeStageReadsThem) {
    const isa::AssembleResult r =
        isa::assemble("MVI R3, 0x40f39208;\nMOV R4, R3;\nMOV R5, R3;\nMOV R6, R3;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    std::vector<std::uint32_t> words = r.words;
    words[2] = 0xa0c00f20u;  // R4L = R3H (bits 8, 22 and 23 read by no field)
    words[3] = 0xa0000c24u;  // R4H = R3L
    words[4] = 0xa0c00e29u;  // marked IMM, sub-op 1: R5L = -R3H
    words[5] = 0x30000003u;
    words[6] = 0xa0000e19u;  // marker 0, sub-op 5, bit 58: R6 = R3H
    words[7] = 0xa4000780u;
    CoreRun rtl;
    rtl.words = words;
    ASSERT_TRUE(rtl.run_words(launch(32)));
    EXPECT_EQ(rtl.sm.reg(0, 4, 7), 0x920840f3u);
    EXPECT_EQ(rtl.sm.reg(0, 5, 7), 0x0000bf0du);  // R5 was not written before
    EXPECT_EQ(rtl.sm.reg(0, 6, 7), 0x000040f3u);
    EXPECT_EQ(rtl.program.undescribed_words(), 4u);
    expect_illegal_under_g80(words, 0x8u);
}

// A fault that clears bit 0 of a 64-bit I2I leaves its upper half in the fetch latch, from which
// the decode stage reads the CVT's sub-op, bit 58 and types: the word is the same I2I, 4 bytes
// long (the Verilated RTL: Masked for such flips of VectorAdd_float's, exp's and multiwarp's I2I).
TEST(RtlPolicy, ShortCvtWordReadsTheLatchUpperHalf) {
    const core::RtlPolicy rtl;
    const isa::Instruction in_latch = core::decode_short_in_long_latch(rtl, 0xa0000004u, 0x04000780u, 0x8);
    EXPECT_EQ(isa::disassemble(in_latch), "I2I.U32.U16 R1, R0L");
    EXPECT_EQ(in_latch.size_bytes(), 4u);
    const isa::Instruction alone = core::decode_under(rtl, 0xa0000004u, 0u, 0x8, false);
    EXPECT_EQ(isa::disassemble(alone), "I2I.U16.U16 R0H, R0L");
}

// A fault in the upper half of a 32-bit FADD32's fetch latch: the decode stage reads the sub-op
// from bits 61-63 whatever the length, and 0xb with sub-op 1 has no ALU operation, so the word
// writes 0 to its destination (the Verilated RTL: SDC for VectorAdd_float's FADD32 with bit 61
// flipped). Bits no field of the word reads leave it an FADD32.
TEST(RtlPolicy, ShortWordTakesItsSubOpFromTheLatch) {
    const core::RtlPolicy rtl;
    const isa::Instruction plain = core::decode_under(rtl, 0xb0000204u, 0u, 0x38, false);
    EXPECT_EQ(isa::disassemble(plain), "FADD32 R1, R1, R0");
    const isa::Instruction sub1 = core::decode_under(rtl, 0xb0000204u, 0x20000000u, 0x38, false);
    EXPECT_EQ(sub1.op, isa::Opcode::FMUL);
    EXPECT_EQ(sub1.sub_op, 2u);
    EXPECT_EQ(sub1.dst.reg, 1u);
    EXPECT_EQ(core::form_info(sub1).exec, core::UnitId::SP);  // the scalar processor's 0
    const isa::Instruction other = core::decode_under(rtl, 0xb0000204u, 0x00000100u, 0x38, false);
    EXPECT_EQ(isa::disassemble(other), "FADD32 R1, R1, R0");
    core::RtlPolicy off = rtl;
    off.unknown_words = false;
    EXPECT_EQ(core::decode_under(off, 0xb0000204u, 0x20000000u, 0x38, false).op, isa::Opcode::FADD);
}

// 64-bit words marked IMM read their destination from bits 2-8 but for IMAD/IMUL (RTL results:
// tests/cosim/regressions/agreed/immediate_destination_rtl_reading): bit 8 of IADD32I R4 makes it
// write R68, of FMAD32I R7 write and add R71, of IMUL32I nothing. Under g80 bit 8 is a reserved
// field.
TEST(RtlPolicy, ImmediateFormsReadASevenBitDestination) {
    const core::RtlPolicy rtl;
    const isa::Instruction iadd = core::decode_under(rtl, 0x20118611u | 0x100u, 0x00000003u, 0x40, false);
    EXPECT_EQ(isa::disassemble(iadd), "IADD32I R68, R3, 0x11");
    const isa::Instruction fmad = core::decode_under(rtl, 0xe000061du | 0x100u, 0x04000003u, 0x58, false);
    EXPECT_EQ(isa::disassemble(fmad), "FMAD32I R71, R3, 0x40000000, R71");
    const core::RtlPolicy g80 = core::RtlPolicy::preset(core::Semantics::G80);
    EXPECT_TRUE(core::decode_under(g80, 0x20118611u | 0x100u, 0x00000003u, 0x40, false).is_illegal());
    // IMUL32I's bit 8 is nvcc's copy of the .S16 sign, which the RTL reads from bit 15 alone
    // (tests/cosim/regressions/agreed/imul_immediate_bit8_rtl_reading).
    const isa::Instruction imul = core::decode_under(rtl, 0x40110c11u | 0x100u, 0x00000003u, 0x30, false);
    EXPECT_EQ(isa::disassemble(imul), "IMUL32I.U16.U16 R4, R3L, 0x11");
    const isa::Instruction imul_s16 = core::decode_under(rtl, 0x40118d15u & ~0x100u, 0x00000003u, 0x38, false);
    EXPECT_EQ(isa::disassemble(imul_s16), "IMUL32I.S16.S16 R5, R3L, 0x11");
    EXPECT_TRUE(core::decode_under(g80, 0x40110c11u | 0x100u, 0x00000003u, 0x30, false).is_illegal());
}

// GLD/GST with bit 52 take their register field, shifted by the access size, as the address
// (RTL results: tests/cosim/regressions/agreed/global_address_field_rtl_reading). Off, bit 52 is
// ignored and the register's value addresses.
TEST(RtlPolicy, GlobalAccessWithBit52AddressesItsField) {
    const isa::AssembleResult r = isa::assemble(
        "MVI R8, 0x100;\nMVI R3, 0x77;\nGST.U32 global14[R8], R3;\nGST.U16 global14[R9], R3;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    std::vector<std::uint32_t> words = r.words;
    words[5] |= 1u << 20;  // bit 52 of both stores
    words[7] |= 1u << 20;
    CoreRun rtl;
    rtl.words = words;
    ASSERT_TRUE(rtl.run_words(launch(32)));
    EXPECT_EQ(rtl.u32(0x20), 0x77u);      // 8 << 2
    EXPECT_EQ(rtl.u32(0x10), 0x770000u);  // 9 << 1 = 18: the upper half of word 0x10
    EXPECT_EQ(rtl.u32(0x100), 0u);
    CoreRun off(with([](core::RtlPolicy& p) { p.field_as_immediate = false; }));
    off.words = words;
    ASSERT_TRUE(off.run_words(launch(32)));
    EXPECT_EQ(off.u32(0x100), 0x77u);
}

// MVC's constant type is bits 46-48 (RTL results: tests/cosim/regressions/agreed/
// mvc_type_bits_rtl_reading): bits 49-51 change nothing, and a code of 4-7 (bit 48) stalls the SM
// (GHDL: no instruction completes), reported as a pipeline stall, not an illegal instruction.
TEST(RtlPolicy, MvcReadsItsTypeFromThreeBits) {
    const core::RtlPolicy rtl;
    const isa::Instruction plain = core::decode_under(rtl, 0x10000011u, 0x2400c780u, 0x0, false);
    const isa::Instruction bits49to51 = core::decode_under(rtl, 0x10000011u, 0x2400c780u | 7u << 17, 0x0, false);
    EXPECT_EQ(isa::disassemble(bits49to51), isa::disassemble(plain));
    const isa::Instruction typeless = core::decode_under(rtl, 0x10004205u, 0x2023c780u, 0x0, false);
    EXPECT_EQ(typeless.illegal_reason, isa::IllegalReason::UnitStalls);
    const isa::AssembleResult r = isa::assemble("MOV.U16 R0H, g [0x1].U16;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    CoreRun stall;
    stall.words = r.words;
    stall.words[1] |= 1u << 29;  // sub-op 1: an MVC with the MOV's type bits 46-49 (0xf)
    EXPECT_FALSE(stall.run_words(launch(32)));
    EXPECT_EQ(stall.error.kind, core::KernelErrorKind::Stalled);
}

// 32-bit flow words read the latch's zero upper half (RTL results: tests/cosim/regressions/
// agreed/short_flow_words_rtl_reading): BRA's condition 0 never branches, CAL calls and returns to
// the word after it.
TEST(RtlPolicy, ShortFlowWordsReadAZeroGuard) {
    const isa::AssembleResult r =
        isa::assemble("MVI R4, 0x1;\nMOV R6, R4;\nMVI R4, 0x5;\nMVI R5, 0x6;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    std::vector<std::uint32_t> words = r.words;
    words[2] = 0x10000000u | (0x18u << 9) | 2u;  // 0x08: BRA 0x18 (over MVI R4, 0x5): not taken
    words[3] = 0x20000000u | (0x20u << 9) | 2u;  // 0x0c: CAL 0x20 (the RET), back to 0x10
    CoreRun rtl;
    rtl.words = words;
    ASSERT_TRUE(rtl.run_words(launch(32)));
    EXPECT_EQ(rtl.sm.reg(0, 4, 0), 5u);
    EXPECT_EQ(rtl.sm.reg(0, 5, 0), 6u);
    expect_illegal_under_g80(words, 0x8u);
}

// IMAD with sub-op 2 computes as IMAD.U16 (RTL results: tests/cosim/regressions/agreed/
// imad_sub_op_rtl_reading), also where a 16-bit half is negative as S16; sub-op 5 stays illegal.
TEST(RtlPolicy, ImadSubOp2IsTheU16Form) {
    const isa::AssembleResult r =
        isa::assemble("MVI R3, 0x9208c0f3;\nIMAD.U16 R4, R3L, R3H, R3;\nIMAD.U16 R6, R3L, R3H, R3;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    std::vector<std::uint32_t> words = r.words;
    words[5] = (words[5] & 0x1fffffffu) | 2u << 29;  // R6's IMAD: sub-op 2
    CoreRun rtl;
    rtl.words = words;
    ASSERT_TRUE(rtl.run_words(launch(32)));
    EXPECT_EQ(rtl.sm.reg(0, 6, 3), rtl.sm.reg(0, 4, 3));
    EXPECT_EQ(rtl.sm.reg(0, 4, 3), 0xc0f3u * 0x9208u + 0x9208c0f3u);
    words[5] = (words[5] & 0x1fffffffu) | 5u << 29;
    CoreRun sub5;
    sub5.words = words;
    EXPECT_FALSE(sub5.run_words(launch(32)));
}

// 64-bit ALU words whose operation the decode stage lacks write 0 (the scalar processor's
// result, as FMUL.SUB2), and opcode 0xf is a no-op (RTL results:
// tests/cosim/regressions/agreed/unknown_alu_words_rtl_reading).
TEST(RtlPolicy, AluWordsWithoutAnOperationWriteZero) {
    const isa::AssembleResult r =
        isa::assemble("MVI R1, 0x3;\nMVI R4, 0x7;\nMVI R5, 0x7;\nFADD R4, R1, R1;\nMVI R5, 0x9;\nRET;\n", "t.sass");
    ASSERT_TRUE(r.ok());
    std::vector<std::uint32_t> words = r.words;
    words[7] = (words[7] & 0x1fffffffu) | 0x40000000u;  // FADD sub-op 2
    words[8] = (words[8] & 0x0fffffffu) | 0xf0000000u;  // MVI R5 -> opcode 0xf
    CoreRun rtl;
    rtl.words = words;
    ASSERT_TRUE(rtl.run_words(launch(32)));
    EXPECT_EQ(rtl.sm.reg(0, 4, 5), 0u);
    EXPECT_EQ(rtl.sm.reg(0, 5, 5), 7u);
    expect_illegal_under_g80(words, 0x18u);
}
