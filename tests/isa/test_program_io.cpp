// program.hex and raw binary reading/writing.
#include <fgtlm/isa/program_io.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace fgtlm::isa {
namespace {

TEST(ProgramIo, ParsesCorpusFormat) {
    const auto w = parse_program_hex(
        "0x10004205  # MOV.U16 R0H, g [0x1].U16;\n0x0023C780\n\n# only a comment\n2102e800\r\n", "p.hex");
    ASSERT_EQ(w.size(), 3u);
    EXPECT_EQ(w[0], 0x10004205u);
    EXPECT_EQ(w[1], 0x0023c780u);
    EXPECT_EQ(w[2], 0x2102e800u);
}

TEST(ProgramIo, ErrorsNameFileAndLine) {
    try {
        (void)parse_program_hex("0x1\n0x2\n0xZZ\n", "bad.hex");
        FAIL() << "no error";
    } catch (const ProgramIoError& e) {
        EXPECT_NE(std::string(e.what()).find("bad.hex:3:"), std::string::npos) << e.what();
    }
    EXPECT_THROW((void)parse_program_hex("0x123456789\n", "f"), ProgramIoError);
    EXPECT_THROW((void)parse_program_hex("0x\n", "f"), ProgramIoError);
    EXPECT_THROW((void)read_program_hex("/nonexistent/program.hex"), ProgramIoError);
}

TEST(ProgramIo, FormatHasTextComments) {
    const std::vector<std::uint32_t> w{0x10004205, 0x0023c780, 0x2102e800, 0x2102ea0c};
    const std::string s = format_program_hex(w);
    EXPECT_EQ(s,
              "0x10004205  # MOV.U16 R0H, g [0x1].U16;\n0x0023C780\n"
              "0x2102E800  # IADD32 R0, g [0x4], R2;\n0x2102EA0C  # IADD32 R3, g [0x5], R2;\n");
    EXPECT_EQ(parse_program_hex(s, "x"), w);
}

TEST(ProgramIo, FileRoundTrips) {
    const auto dir = std::filesystem::temp_directory_path() / ("fgtlm_isa_io_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::vector<std::uint32_t> w{0x30000003, 0x00000781, 0xdeadbeef};
    write_program_hex(dir / "p.hex", w);
    EXPECT_EQ(read_program_hex(dir / "p.hex"), w);
    write_program_binary(dir / "p.bin", w);
    EXPECT_EQ(std::filesystem::file_size(dir / "p.bin"), 12u);
    EXPECT_EQ(read_program_binary(dir / "p.bin"), w);
    {
        std::ifstream f(dir / "p.bin", std::ios::binary);
        char b0 = 0;
        f.read(&b0, 1);
        EXPECT_EQ(static_cast<unsigned char>(b0), 0x03);  // little-endian
    }
    std::ofstream(dir / "odd.bin", std::ios::binary) << "abcde";
    EXPECT_THROW((void)read_program_binary(dir / "odd.bin"), ProgramIoError);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace fgtlm::isa
