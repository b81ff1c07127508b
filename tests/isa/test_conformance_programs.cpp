// Every conformance program decodes without Illegal instructions, and disassembling then
// assembling it gives back the same words (up to where the end marker sits).
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>
#include <fgtlm/isa/program_io.hpp>

#include <gtest/gtest.h>

#include <filesystem>

#include "vectors.hpp"

namespace fgtlm::isa {
namespace {

std::vector<std::filesystem::path> programs() {
    std::vector<std::filesystem::path> out;
    const std::filesystem::path dir = test::shared_dir() + "/conformance";
    if (!std::filesystem::exists(dir)) return out;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (std::filesystem::exists(e.path() / "program.hex")) out.push_back(e.path() / "program.hex");
    }
    std::sort(out.begin(), out.end());
    return out;
}

TEST(ConformancePrograms, DecodeWithoutIllegal) {
    const auto files = programs();
    ASSERT_GE(files.size(), 8u);
    for (const auto& f : files) {
        const auto words = read_program_hex(f);
        ASSERT_FALSE(words.empty()) << f;
        const auto prog = decode_program(words);
        for (const Instruction& in : prog) EXPECT_FALSE(in.is_illegal()) << f << ": " << describe_illegal(in);
        // The program ends with a RET (possibly an appended one after the end-marked instruction).
        EXPECT_EQ(prog.back().op, Opcode::RET) << f;
        bool has_end = false;
        for (const Instruction& in : prog) has_end = has_end || in.is_end();
        EXPECT_TRUE(has_end) << f;
    }
}

std::vector<std::uint32_t> clear_end_markers(std::vector<std::uint32_t> w) {
    for (const Instruction& in : decode_program(w)) {
        if (in.form == Form::Long && in.is_end()) w[in.address / 4 + 1] &= ~3u;
    }
    return w;
}

TEST(ConformancePrograms, DisassembleAssembleRoundTrip) {
    for (const auto& f : programs()) {
        const auto words = read_program_hex(f);
        const std::string text = listing(decode_program(words));
        const AssembleResult r = assemble(text, f.string());
        ASSERT_TRUE(r.ok()) << f << ": " << r.errors[0].str();
        // Bit-exact, end markers included (a marker before the appended RET prints as `.END`).
        EXPECT_EQ(r.words, words) << f;
        // Without the markers in the text the assembler still ends the program itself.
        const AssembleResult plain = assemble(listing(decode_program(clear_end_markers(words))), f.string());
        ASSERT_TRUE(plain.ok()) << f;
        EXPECT_TRUE(plain.instructions.back().is_end());
    }
}

TEST(ConformancePrograms, ListingLineFormat) {
    const Instruction in = decode(0xa0000005, 0x04000780, 8);
    EXPECT_EQ(listing_line(in), "        /*0008*/        I2I.U32.U16 R1, R0L;               /* 0x04000780a0000005 */");
    EXPECT_EQ(listing_line(decode(0x2102e800, 0, 0x20)),
              "        /*0020*/        IADD32 R0, g [0x4], R2;            /* 0x2102e800 */");
}

}  // namespace
}  // namespace fgtlm::isa
