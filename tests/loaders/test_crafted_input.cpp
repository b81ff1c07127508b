// Crafted input (issue 27): nesting that once overflowed the stack, sizes that once allocated
// gigabytes before any check, FIFOs that blocked, and messages that echoed raw input. Each
// case must end in a LoadError naming the file and the problem, quickly.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/cubin_loader.hpp>
#include <fgtlm/loaders/testbench_loader.hpp>

#include "../scratch_dir.hpp"
#include "load_error_text.hpp"

namespace {

namespace fs = std::filesystem;
using namespace fgtlm::loaders;

const fs::path kCorpus = fs::path(FGTLM_DATA_DIR) / "conformance";

using namespace fgtlm::test::scratch;  // temp_dir, write (tests/scratch_dir.hpp)

using fgtlm::test::what_of;  // load_error_text.hpp

// A copy of VectorAdd_integer to spoil one file of.
fs::path bundle_copy(const std::string& name) {
    const fs::path d = temp_dir(name);
    for (const char* f : {"program.hex", "launch.json", "global_init.bin", "expected.json"})
        fs::copy_file(kCorpus / "VectorAdd_integer" / f, d / f);
    return d;
}

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(CraftedBundle, DeepNestingInLaunchJsonIsAnError) {
    const fs::path d = bundle_copy("deep_launch");
    write(d / "launch.json", "{\"grid\": " + nested(200000) + "}");
    const std::string w = what_of([&] { load_bundle(d); });
    EXPECT_NE(w.find("launch.json"), std::string::npos) << w;
    EXPECT_NE(w.find("grid[0]: must be an unsigned integer, got an array of 1 element"), std::string::npos) << w;
}

TEST(CraftedBundle, DeepNestingInExpectedJsonIsAnError) {
    const fs::path d = bundle_copy("deep_expected");
    write(d / "expected.json", "{\"ranges\": " + nested(200000) + "}");
    const std::string w = what_of([&] { load_bundle(d); });
    EXPECT_NE(w.find("expected.json"), std::string::npos) << w;
    EXPECT_NE(w.find("got an array of 1 element"), std::string::npos) << w;
}

TEST(CraftedBundle, DeepNestingInTexturesIsAnError) {
    const fs::path d = temp_dir("deep_textures");
    write(d / "t.json", "{\"textures\": " + nested(200000) + "}");
    KernelImage img;
    const std::string w = what_of([&] { load_texture_section(d / "t.json", img); });
    EXPECT_NE(w.find("t.json"), std::string::npos) << w;
    EXPECT_NE(w.find("must be an object, got an array of 1 element"), std::string::npos) << w;
}

TEST(CraftedBundle, NumberOverflowNamesTheFile) {
    const fs::path d = bundle_copy("overflow");
    write(d / "launch.json", "{\"grid\": [1e400, 1]}");
    const std::string w = what_of([&] { load_bundle(d); });
    EXPECT_NE(w.find("launch.json: invalid JSON"), std::string::npos) << w;
    EXPECT_NE(w.find("1e400"), std::string::npos) << w;
    write(d / "c.json", "{\"kernels\": [1e400]}");
    const std::string c = what_of([&] { load_cubin_json(d / "c.json"); });
    EXPECT_NE(c.find("c.json: not JSON"), std::string::npos) << c;
}

TEST(CraftedBundle, FifoInputsAreRefusedWithoutBlocking) {
    for (const char* f : {"launch.json", "global_init.bin", "expected.json"}) {
        const fs::path d = bundle_copy(std::string("fifo_") + f);
        fs::remove(d / f);
        ASSERT_EQ(::mkfifo((d / f).c_str(), 0600), 0);
        const std::string w = what_of([&] { load_bundle(d); });
        EXPECT_NE(w.find(std::string(f) + ": not a regular file"), std::string::npos) << w;
    }
}

TEST(CraftedBundle, EmptyProgramHexHasNoInstructions) {
    const fs::path d = bundle_copy("empty_program");
    write(d / "program.hex", "# only a comment\n\n");
    const std::string w = what_of([&] { load_bundle(d); });
    EXPECT_NE(w.find("program.hex: no instructions"), std::string::npos) << w;
}

TEST(CraftedBundle, EchoedInputIsEscapedAndCut) {
    const fs::path d = bundle_copy("escape_program");
    write(d / "program.hex", "0x10004205\n\x1b]0;pwned\x07" + std::string(1 << 20, 'z') + "\n");
    const std::string w = what_of([&] { load_bundle(d); });
    EXPECT_NE(w.find("program.hex:2"), std::string::npos) << w;
    EXPECT_NE(w.find("\\x1b]0;pwned\\x07"), std::string::npos) << w;
    EXPECT_EQ(w.find('\x1b'), std::string::npos);
    EXPECT_LT(w.size(), 400u) << "a 1 MB line must be cut";
}

// A minimal FlexGripPlus folder whose pick_bench.vhd carries `extra`.
fs::path testbench_with(const std::string& name, const std::string& extra) {
    const fs::path d = temp_dir(name);
    write(d / "TP_instructions.vhd", "when 0 => instruction_out <= x\"10004205\";\n");
    write(d / "pick_bench.vhd",
          "constant BENCH_K_BLKX : integer := 32;\nconstant BENCH_KERNEL_GPRS : integer := 4;\n" + extra);
    return d;
}

std::string testbench_error(const fs::path& d) {
    return what_of([&] { load_testbench(d, {8, 8, d}); });
}

TEST(CraftedTestbench, DeepParenthesesAreAnError) {
    const fs::path d = testbench_with(
        "parens", "constant X : integer := " + std::string(100000, '(') + "1" + std::string(100000, ')') + ";\n");
    const std::string w = testbench_error(d);
    EXPECT_NE(w.find("pick_bench.vhd:3"), std::string::npos) << w;
    EXPECT_NE(w.find("nested deeper than"), std::string::npos) << w;
}

TEST(CraftedTestbench, MillionUnaryMinusIsAnError) {
    std::string minus;
    for (int i = 0; i < 1000000; ++i) minus += "- ";  // "--" would start a comment
    const fs::path d = testbench_with("minus", "constant X : integer := " + minus + "1;\n");
    const std::string w = testbench_error(d);
    EXPECT_NE(w.find("pick_bench.vhd:3: expression nested deeper than 200 levels"), std::string::npos) << w;
}

TEST(CraftedTestbench, ShallowNestingStillEvaluates) {
    const fs::path d = testbench_with("shallow", "constant BENCH_K_GRDX : integer := ((((- - 3))));\n");
    EXPECT_EQ(load_testbench(d, {8, 8, d}).launch.grid[0], 3);
}

TEST(CraftedTestbench, HugeNestedAggregateIsCheckedBeforeAllocating) {
    const fs::path d = testbench_with(
        "huge_aggregate", "constant X : std_logic_vector(65535 downto 0) := (others => (others => '0'));\n");
    const std::string w = testbench_error(d);
    EXPECT_NE(w.find("pick_bench.vhd:3"), std::string::npos) << w;
    EXPECT_NE(w.find("value too large"), std::string::npos) << w;
}

TEST(CraftedTestbench, DoublingConstantsAreCheckedBeforeAllocating) {
    std::string extra = "constant C0 : t := (0, 1);\n";
    for (int i = 1; i <= 40; ++i)
        extra += "constant C" + std::to_string(i) + " : t := (C" + std::to_string(i - 1) + ", C" +
                 std::to_string(i - 1) + ");\n";
    const std::string w = testbench_error(testbench_with("doubling", extra));
    EXPECT_NE(w.find("value too large"), std::string::npos) << w;
    std::string strings = "constant S0 : string := \"TP\";\n";
    for (int i = 1; i <= 40; ++i)
        strings += "constant S" + std::to_string(i) + " : string := S" + std::to_string(i - 1) + " & S" +
                   std::to_string(i - 1) + ";\n";
    const std::string s = testbench_error(testbench_with("doubling_strings", strings));
    EXPECT_NE(s.find("value too large"), std::string::npos) << s;
}

TEST(CraftedTestbench, HugeBlankTpLineIsScannedWithoutRegex) {
    const fs::path d = testbench_with("blank_tp", "");
    write(d / "TP_instructions.vhd",
          "when 0 => instruction_out <= x\"10004205\";\nwhen" + std::string(4 << 20, ' ') + "\n");
    EXPECT_EQ(load_testbench(d, {8, 8, d}).program.size(), 1u);
}

TEST(CraftedTestbench, TpScannerKeepsTheFormat) {
    const fs::path d = testbench_with("tp_format", "");
    write(d / "TP_instructions.vhd",
          "WHEN 0=>o<=X\"1000_4205\" ; when 1 => o <= x\"00000001\";-- c\n"
          "awhen 2 => o <= x\"00000002\";\nwhen 3 => o <= y\"00000003\";\nwhen 4 => <= x\"00000004\";\n");
    const KernelImage img = load_testbench(d, {8, 8, d});
    ASSERT_EQ(img.program.size(), 2u);
    EXPECT_EQ(img.program[0], 0x10004205u);
    EXPECT_EQ(img.program[1], 1u);
}

TEST(CraftedTestbench, RepeatedDuplicateWarningsAreCapped) {
    const fs::path d = testbench_with("dups", "");
    std::string tp;
    for (int i = 0; i < 10000; ++i) tp += "when 0 => instruction_out <= x\"10004205\";\n";
    write(d / "TP_instructions.vhd", tp);
    const KernelImage img = load_testbench(d, {8, 8, d});
    EXPECT_LE(img.warnings.size(), 30u);
    std::size_t listed = 0, more = 0;
    for (const std::string& w : img.warnings) {
        listed += w.find(": duplicate word index 0 (first definition kept)") != std::string::npos;
        more += w.find("more duplicate word indexes (first definitions kept), not listed") != std::string::npos;
    }
    EXPECT_EQ(listed, 20u);
    EXPECT_EQ(more, 1u);
}

// A launch limit broken by a VHDL constant is reported with the constant and its file.
TEST(CraftedTestbench, LaunchOriginNamesTheConstants) {
    const fs::path d = temp_dir("origin");
    write(d / "TP_instructions.vhd", "when 0 => instruction_out <= x\"10004205\";\n");
    write(d / "pick_bench.vhd",
          "constant BENCH_K_BLKX : integer := 1024;\nconstant BENCH_KERNEL_GPRS : integer := 4;\n");
    const KernelImage img = load_testbench(d, {8, 8, d});
    EXPECT_NE(img.launch_origin.find("pick_bench.vhd: BENCH_K_BLKX = 1024 (line 1), BENCH_KERNEL_GPRS = 4 (line 2)"),
              std::string::npos)
        << img.launch_origin;
}

TEST(CraftedRdataLog, HugeHexLineIsAnErrorNotACrash) {
    const fs::path d = temp_dir("rdata_huge");
    write(d / "a.log", std::string(2 << 20, 'f') + "\n");
    const std::string w = what_of([&] { read_rdata_log(d / "a.log"); });
    EXPECT_NE(w.find("a.log:1: expected `AAAAA DDDDDDDD`"), std::string::npos) << w;
    EXPECT_LT(w.size(), 400u);
    write(d / "b.log", std::string(2 << 20, 'f') + " 00000000\n");
    const std::string b = what_of([&] { read_rdata_log(d / "b.log"); });
    EXPECT_NE(b.find("b.log:1: address"), std::string::npos) << b;
    EXPECT_NE(b.find("does not fit in 32 bits"), std::string::npos) << b;
}

TEST(CraftedRdataLog, AddressBeyond32BitsIsAnError) {
    const fs::path d = temp_dir("rdata_wide");
    write(d / "a.log", "100000000 00000001\n");
    const std::string w = what_of([&] { read_rdata_log(d / "a.log"); });
    EXPECT_NE(w.find("a.log:1: address 100000000 does not fit in 32 bits"), std::string::npos) << w;
    write(d / "b.log", "  0000000000000010\t0000ABCD \n");
    const ExpectedRange r = read_rdata_log(d / "b.log");
    EXPECT_EQ(r.addr, 0x10u);
    ASSERT_EQ(r.words.size(), 1u);
    EXPECT_EQ(r.words[0], 0xabcdu);
}

}  // namespace
