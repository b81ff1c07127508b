// Every certain (encoding, text) pair of vectors.tsv, in both directions.
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>
#include <fgtlm/isa/encoder.hpp>

#include <gtest/gtest.h>

#include <cstdio>

#include "vectors.hpp"

namespace fgtlm::isa {
namespace {

std::string words(const test::Vector& v) {
    char buf[32];
    if (v.is_long) std::snprintf(buf, sizeof buf, "%08x %08x", v.hi, v.lo);
    else std::snprintf(buf, sizeof buf, "         %08x", v.lo);
    return buf;
}

// The end marker (01) is invisible in the text: compare with it cleared on both sides.
std::uint32_t without_end(std::uint32_t hi, bool is_long) {
    if (!is_long || (hi & 3u) != 1u) return hi;
    return hi & ~3u;
}

TEST(Vectors, LoadsTheFile) {
    const auto vs = test::load_vectors();
    EXPECT_GT(vs.size(), 500u);
}

TEST(Vectors, DecodeAndDisassembleEveryCertainVector) {
    std::string mismatches;
    int matched = 0;
    int total = 0;
    for (const auto& v : test::load_vectors()) {
        if (!v.certain) continue;
        ++total;
        const Instruction in = decode(v.lo, v.hi, 0);
        const std::string got = disassemble(in);
        if (got == v.text) {
            ++matched;
        } else {
            mismatches +=
                "  line " + std::to_string(v.line) + ": " + words(v) + " want [" + v.text + "] got [" + got + "]\n";
        }
    }
    std::printf("decode+disassemble: %d/%d certain vectors match\n", matched, total);
    EXPECT_EQ(matched, total) << mismatches;
}

TEST(Vectors, AssembleEveryCertainVector) {
    std::string mismatches;
    int matched = 0;
    int total = 0;
    for (const auto& v : test::load_vectors()) {
        if (!v.certain) continue;
        ++total;
        const ParsedInstruction p = parse_instruction(v.text);
        if (!p.ok()) {
            mismatches += "  line " + std::to_string(v.line) + ": [" + v.text + "] parse error at column " +
                          std::to_string(p.column) + ": " + p.error + "\n";
            continue;
        }
        const Encoding e = encode(p.inst);
        if (!e.ok()) {
            mismatches += "  line " + std::to_string(v.line) + ": [" + v.text + "] encode error: " + e.error + "\n";
            continue;
        }
        const bool same = e.lo == v.lo && without_end(e.hi, v.is_long) == without_end(v.hi, v.is_long) &&
                          p.inst.is_long() == v.is_long;
        // And back: the assembled words disassemble to the same text.
        const std::string back = disassemble(decode(e.lo, e.hi, 0));
        if (same && back == v.text) {
            ++matched;
        } else {
            char got[32];
            std::snprintf(got, sizeof got, "%08x %08x", e.hi, e.lo);
            mismatches += "  line " + std::to_string(v.line) + ": [" + v.text + "] want " + words(v) + " got " + got +
                          " (disassembles to [" + back + "])\n";
        }
    }
    std::printf("assemble: %d/%d certain vectors match\n", matched, total);
    EXPECT_EQ(matched, total) << mismatches;
}

// encode(decode(w)) == w for every vector the decoder accepts, uncertain ones included.
TEST(Vectors, EncodeInvertsDecode) {
    std::string mismatches;
    for (const auto& v : test::load_vectors()) {
        const Instruction in = decode(v.lo, v.hi, 0);
        if (in.is_illegal()) {
            if (v.certain) mismatches += "  line " + std::to_string(v.line) + ": certain vector decodes as illegal\n";
            continue;
        }
        const Encoding e = encode(in);
        if (!e.ok() || e.lo != v.lo || (v.is_long && e.hi != v.hi)) {
            mismatches +=
                "  line " + std::to_string(v.line) + ": " + words(v) + " re-encodes differently: " + e.error + "\n";
        }
    }
    EXPECT_TRUE(mismatches.empty()) << mismatches;
}

// The instruction fields the execution core relies on, for a few representative vectors.
TEST(Vectors, DecodedSemantics) {
    // IMAD.U16 R0, g [0x6].U16, R0H, R1
    Instruction in = decode(0x60014c01, 0x00204780, 0);
    ASSERT_EQ(in.op, Opcode::IMAD);
    EXPECT_EQ(in.dtype, DataType::U16);
    EXPECT_EQ(in.src[0].kind, OperandKind::Shared);
    EXPECT_EQ(in.src[0].type, DataType::U16);
    EXPECT_EQ(in.src[0].byte_offset(), 12u);
    EXPECT_EQ(in.src[1].kind, OperandKind::RegHi);
    EXPECT_EQ(in.src[2].kind, OperandKind::Reg);
    EXPECT_EQ(in.src[2].reg, 1);
    // IADD R10, -R10, R9 (op 0x3): negated first source.
    in = decode(0x30001429, 0x04024780, 0);
    ASSERT_EQ(in.op, Opcode::IADD);
    EXPECT_TRUE(in.src[0].negate);
    EXPECT_FALSE(in.src[1].negate);
    // IADD.CARRY1 R1, R1, R124
    in = decode(0x30400205, 0x041f1780, 0);
    EXPECT_TRUE(in.carry_in);
    EXPECT_EQ(in.carry_in_reg, 1);
    EXPECT_FALSE(in.is_guarded());
    EXPECT_EQ(in.src[1].reg, 124);
    // GLD.U32 R0 (C0.EQU), global14[R0]
    in = decode(0xd00e0001, 0x80c00500, 0);
    EXPECT_EQ(in.guard_cond, Condition::EQU);
    EXPECT_EQ(in.src[0].kind, OperandKind::Global);
    EXPECT_EQ(in.src[0].bank, 14);
    // ISET.S32.C0 o[0x7f], R0, R124, GT
    in = decode(0x307c01fd, 0x6c0107c8, 0);
    EXPECT_EQ(in.dst.kind, OperandKind::Output);
    EXPECT_TRUE(in.set_pred);
    EXPECT_EQ(in.cmp, CompareOp::GT);
    EXPECT_EQ(in.dtype, DataType::S32);
    // MVI R0, 0x3f000000 (immediate form)
    in = decode(0x10008001, 0x03f00003, 0);
    EXPECT_EQ(in.form, Form::Immediate);
    EXPECT_EQ(in.src[0].kind, OperandKind::Immediate);
    EXPECT_EQ(in.src[0].value, 0x3f000000u);
    // BRA C0.NE, 0x110 and the end marker on GST
    in = decode(0x10022003, 0x00000280, 0);
    EXPECT_EQ(in.target, 0x110u);
    EXPECT_EQ(in.guard_cond, Condition::NE);
    EXPECT_TRUE(decode(0xd00e0005, 0xa0c00781, 0).is_end());
    EXPECT_TRUE(decode(0xf0000001, 0xe0000002, 0).is_join());
    // MOV R0, g [A4+0x0]: address register with bit 34
    in = decode(0x1000c001, 0x0423c784, 0);
    EXPECT_EQ(in.src[0].areg, 4);
}

}  // namespace
}  // namespace fgtlm::isa
