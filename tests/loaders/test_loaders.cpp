// Conformance bundle loader, FlexGripPlus testbench loader (VHDL constants, aggregates,
// precedence), .mif and rdata logs, and error messages naming file and line.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>

#include <unistd.h>

#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/checker.hpp>
#include <fgtlm/loaders/testbench_loader.hpp>

#include "../scratch_dir.hpp"
#include "load_error_text.hpp"

namespace {

namespace fs = std::filesystem;
using namespace fgtlm::loaders;

const fs::path kCorpus = fs::path(FGTLM_DATA_DIR) / "conformance";

using namespace fgtlm::test::scratch;  // temp_dir, write (tests/scratch_dir.hpp)

using fgtlm::test::what_of;  // load_error_text.hpp

TEST(Bundle, LoadsReduction) {
    const KernelImage img = load_bundle(kCorpus / "Reduction");
    EXPECT_EQ(img.name, "Reduction");
    EXPECT_EQ(img.program.size(), 136u);
    EXPECT_EQ(img.program[0], 0x10004205u);
    EXPECT_EQ(img.launch.block[0], 32);
    EXPECT_EQ(img.launch.regs_per_thread, 5u);
    EXPECT_EQ(img.launch.params, (std::vector<std::uint32_t>{0, 4096, 32, 32}));
    ASSERT_GE(img.launch.const_mem.size(), 4u);
    EXPECT_EQ(img.launch.const_mem[0], 0xff);
    EXPECT_EQ(img.launch.shared_block_stride(), 256u);
    EXPECT_EQ(img.cores, 8u);
    EXPECT_EQ(img.dump.len, 4u * 3074u);
    EXPECT_EQ(comparable_words(img), 3074u);
    EXPECT_EQ(img.rtl_kernel_cycles, 33704u);
}

// Undefined input ranges and null expected words (no bundle in tests/data has them any more:
// VectorAdd_integer with a range and a null written in).
TEST(Bundle, NullsAndUndefinedRanges) {
    const fs::path d = temp_dir("undefined_bundle");
    for (const char* f : {"program.hex", "global_init.bin"}) fs::copy_file(kCorpus / "VectorAdd_integer" / f, d / f);
    auto text = [](const fs::path& p) {
        std::ifstream in(p);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    std::string launch = text(kCorpus / "VectorAdd_integer" / "launch.json");
    const std::string no_ranges = "\"global_init_undefined\": []";
    ASSERT_NE(launch.find(no_ranges), std::string::npos);
    write(d / "launch.json", launch.replace(launch.find(no_ranges), no_ranges.size(),
                                            "\"global_init_undefined\": [[4144, 68], [4268, 4]]"));
    std::string expected = text(kCorpus / "VectorAdd_integer" / "expected.json");
    const std::size_t first = expected.find("\"0x");
    write(d / "expected.json", expected.replace(first, expected.find('"', first + 1) + 1 - first, "null"));
    const KernelImage img = load_bundle(d);
    ASSERT_EQ(img.global_init_undefined.size(), 2u);
    EXPECT_EQ(img.global_init_undefined[0].addr, 4144u);
    EXPECT_EQ(img.global_init_undefined[0].len, 68u);
    EXPECT_FALSE(img.expected[0].words[0].has_value());
    EXPECT_EQ(comparable_words(img), img.expected[0].words.size() - 1);
}

TEST(Bundle, ErrorsNameTheFile) {
    const fs::path d = temp_dir("bad_bundle");
    for (const char* f : {"program.hex", "global_init.bin", "expected.json"})
        fs::copy_file(kCorpus / "VectorAdd_integer" / f, d / f);
    write(d / "launch.json", "{\"grid\": [1, 1], \"block\": [32, 1, 1]}");
    EXPECT_NE(what_of([&] { load_bundle(d); }).find("launch.json: missing field \"regs_per_thread\""),
              std::string::npos);
    write(d / "launch.json", "{ not json");
    EXPECT_NE(what_of([&] { load_bundle(d); }).find("launch.json: invalid JSON"), std::string::npos);
    write(d / "program.hex", "0x10004205\n0x0023C780\nzz\n");
    const std::string w = what_of([&] { load_bundle(d); });
    EXPECT_NE(w.find("program.hex:3"), std::string::npos) << w;
}

// Writes a FlexGripPlus application folder equivalent to a bundle, so the testbench loader
// can be checked against the bundle loader.
void write_testbench(const KernelImage& b, const fs::path& dir, bool with_config) {
    std::string tp = "library ieee;\nuse ieee.std_logic_1164.all;\n\narchitecture arch of TP_instructions is\nbegin\n"
                     "  process(addr) begin\n    case addr is\n";
    for (std::size_t i = 0; i < b.program.size(); ++i) {
        char line[160];
        std::snprintf(line, sizeof line, "      when %zu => instruction_out <= x\"%08X\";%s\n", i, b.program[i],
                      i == 0 ? "  -- 0000  MOV.U16 R0H, g [0x1].U16; extra" : "");
        tp += line;
    }
    tp += "      when others => instruction_out <= x\"00000000\";\n    end case;\n  end process;\nend arch;\n";
    write(dir / "TP_instructions.vhd", tp);

    std::string pb = "package pick_bench is\n";
    pb += "  constant BENCH_K_BLKX : integer := " + std::to_string(b.launch.block[0]) + ";\n";
    pb += "  constant BENCH_K_BLKY : integer := " + std::to_string(b.launch.block[1]) + ";\n";
    pb += "  constant BENCH_K_BLKZ : integer := " + std::to_string(b.launch.block[2]) + ";\n";
    pb += "  constant BENCH_K_GRDX : integer := 2 * " + std::to_string(b.launch.grid[0]) + " - " +
          std::to_string(b.launch.grid[0]) + ";  -- an expression\n";
    pb += "  constant BENCH_K_GRDY : integer := " + std::to_string(b.launch.grid[1]) + ";\n";
    pb += "  constant BENCH_KERNEL_GPRS : integer := " + std::to_string(b.launch.regs_per_thread) + ";\n";
    pb += "  constant BENCH_KERNEL_SHMEM_SIZE : integer := 16#" + [&] {
        char h[16];
        std::snprintf(h, sizeof h, "%X", b.launch.shared_bytes);
        return std::string(h);
    }() + "#;\n";
    pb += "  constant BENCH_KERNEL_PARAM_SIZE : integer := " + std::to_string(b.launch.params.size()) + ";\n";
    pb += "  constant BENCH_CMEM_PARAM_SIZE : integer := 4;\n";
    pb += "  constant READ_DATA_SIZE : integer := " + std::to_string(b.dump.len / 4 - 1) + ";\n";
    if (!with_config) {
        for (std::size_t i = 0; i < b.launch.params.size(); ++i) {
            char line[128];
            std::snprintf(
                line, sizeof line,
                "  constant BENCH_KREG%zu : std_logic_vector(31 downto 0) := std_logic_vector(to_unsigned(%u, 32));\n",
                i, b.launch.params[i]);
            pb += line;
        }
        for (std::size_t i = 0; i < 4; ++i) {
            char line[96];
            std::snprintf(line, sizeof line,
                          "  constant BENCH_CMEMREG%zu : std_logic_vector(7 downto 0) := x\"%02X\";\n", i,
                          b.launch.const_mem[i]);
            pb += line;
        }
    }
    pb += "end pick_bench;\n";
    write(dir / "pick_bench.vhd", pb);

    if (with_config) {
        // In the parent folder, positional aggregates listed from index N down to 0.
        std::string cfg = "package TP_configuration is\n  constant PARAM0 : std_logic_vector(31 downto 0) := x\"" +
                          [&] {
                              char h[16];
                              std::snprintf(h, sizeof h, "%08X", b.launch.params[0]);
                              return std::string(h);
                          }() +
                          "\";\n  constant kernel_regs_default : kernel_regs_array(15 downto 0) := (\n";
        for (int i = 15; i >= 0; --i) {
            std::string v = "x\"00000000\"";
            if (i == 0) v = "PARAM0";
            else if (std::size_t(i) < b.launch.params.size())
                v = "std_logic_vector(to_unsigned(" + std::to_string(b.launch.params[std::size_t(i)]) + ", 32))";
            cfg += "    " + v + (i ? ",\n" : "\n");
        }
        cfg += "  );\n  constant cmem_regs_default : cmem_array(63 downto 0) := (\n    3 => x\"" + [&] {
            char h[8];
            std::snprintf(h, sizeof h, "%02X", b.launch.const_mem[3]);
            return std::string(h);
        }() + "\", 2 => x\"";
        char h[32];
        std::snprintf(h, sizeof h, "%02X\", 1 => x\"%02X\", 0 => x\"%02X\"", b.launch.const_mem[2],
                      b.launch.const_mem[1], b.launch.const_mem[0]);
        cfg += h;
        cfg += ", others => x\"00\");\nend TP_configuration;\n";
        write(dir.parent_path() / "TP_configuration.vhd", cfg);
    }

    std::ofstream mif(dir / "global_mem.mif");
    for (std::size_t i = 0; i < b.global_init.size(); ++i) {
        char line[8];
        std::snprintf(line, sizeof line, "%02X\n", b.global_init[i]);
        mif << line;
    }
    mif << "0\n";  // an undefined byte (RTL hread: 'U')
    mif.close();
    std::ofstream log(dir / "gpgpu_rdata.log");
    for (std::size_t j = 0; j < b.expected[0].words.size(); ++j) {
        char line[32];
        if (b.expected[0].words[j]) std::snprintf(line, sizeof line, "%05zX %08X\n", 4 * j, *b.expected[0].words[j]);
        else std::snprintf(line, sizeof line, "%05zX uuuuuuuu\n", 4 * j);
        log << line;
    }
}

void expect_same(const KernelImage& tb, const KernelImage& b) {
    EXPECT_EQ(tb.program, b.program);
    EXPECT_EQ(tb.launch.grid[0], b.launch.grid[0]);
    EXPECT_EQ(tb.launch.block[0], b.launch.block[0]);
    EXPECT_EQ(tb.launch.regs_per_thread, b.launch.regs_per_thread);
    EXPECT_EQ(tb.launch.shared_bytes, b.launch.shared_bytes);
    EXPECT_EQ(tb.launch.params, b.launch.params);
    EXPECT_EQ(std::vector<std::uint8_t>(tb.launch.const_mem.begin(), tb.launch.const_mem.begin() + 4),
              std::vector<std::uint8_t>(b.launch.const_mem.begin(), b.launch.const_mem.begin() + 4));
    ASSERT_EQ(tb.global_init.size(), b.global_init.size() + 1);
    EXPECT_TRUE(std::equal(b.global_init.begin(), b.global_init.end(), tb.global_init.begin()));
    ASSERT_EQ(tb.global_init_undefined.size(), 1u);
    EXPECT_EQ(tb.global_init_undefined[0].addr, b.global_init.size());
    ASSERT_EQ(tb.expected.size(), 1u);
    EXPECT_EQ(tb.expected[0].words, b.expected[0].words);
    EXPECT_EQ(tb.dump.len, b.dump.len);
}

TEST(Testbench, ImpliedConfigurationFromPickBench) {
    const KernelImage b = load_bundle(kCorpus / "VectorAdd_float-multiblock");
    const fs::path d = temp_dir("implied") / "app";
    fs::create_directories(d);
    write_testbench(b, d, false);
    TestbenchOptions opt;
    opt.search_root = d;
    expect_same(load_testbench(d, opt), b);
}

TEST(Testbench, ConfigurationInAnAncestorFolder) {
    const KernelImage b = load_bundle(kCorpus / "Reduction");
    const fs::path d = temp_dir("config") / "app";
    fs::create_directories(d);
    write_testbench(b, d, true);
    expect_same(load_testbench(d, {8, 8, d.parent_path()}), b);
}

TEST(Testbench, ErrorsNameFileAndLine) {
    const fs::path d = temp_dir("tb_errors");
    write(d / "TP_instructions.vhd", "when 0 => instruction_out <= x\"10004205\";\n");
    write(d / "pick_bench.vhd",
          "package p is\n  constant BENCH_K_BLKX : integer := 32;\n  constant BENCH_KERNEL_GPRS : integer := UNKNOWN + "
          "1;\nend p;\n");
    std::string w = what_of([&] { load_testbench(d, {8, 8, d}); });
    EXPECT_NE(w.find("pick_bench.vhd:3"), std::string::npos) << w;
    EXPECT_NE(w.find("unknown name 'unknown'"), std::string::npos) << w;
    write(d / "pick_bench.vhd", "package p is\n  constant BENCH_K_BLKX : integer := 32;\nend p;\n");
    w = what_of([&] { load_testbench(d, {8, 8, d}); });
    EXPECT_NE(w.find("missing constant BENCH_KERNEL_GPRS"), std::string::npos) << w;
    write(d / "TP_instructions.vhd", "when 0 => instruction_out <= x\"1000420\";\n");
    write(d / "pick_bench.vhd", "constant BENCH_K_BLKX : integer := 32;\nconstant BENCH_KERNEL_GPRS : integer := 4;\n");
    w = what_of([&] { load_testbench(d, {8, 8, d}); });
    EXPECT_NE(w.find("TP_instructions.vhd:1"), std::string::npos) << w;
}

TEST(Testbench, RdataLogFormat) {
    const fs::path d = temp_dir("log");
    write(d / "x.log", "00000 0000ABCD\n00004 uuuuuuuu\n00008 xxxxxxxx\n");
    const ExpectedRange r = read_rdata_log(d / "x.log");
    ASSERT_EQ(r.words.size(), 3u);
    EXPECT_EQ(r.words[0], 0xabcdu);
    EXPECT_FALSE(r.words[1]);
    EXPECT_FALSE(r.words[2]);
    write(d / "y.log", "00000 0000ABCD\n00008 00000000\n");
    EXPECT_NE(what_of([&] { read_rdata_log(d / "y.log"); }).find("y.log:2"), std::string::npos);
}

TEST(Checker, ReportsMismatchesAndSkipsUndefined) {
    KernelImage img;
    img.expected.push_back({0, {0x1u, std::nullopt, 0x3u, 0x4u}});
    std::vector<std::uint8_t> mem(16, 0);
    mem[0] = 1;
    mem[8] = 9;
    std::vector<std::uint8_t> shadow(16, 0);
    shadow[13] = 1;
    const CheckReport r = check_global(img, mem.data(), mem.size(), shadow.data());
    EXPECT_EQ(r.compared, 2u);
    EXPECT_EQ(r.skipped_null, 1u);
    EXPECT_EQ(r.skipped_undefined, 1u);
    ASSERT_EQ(r.mismatches.size(), 1u);
    EXPECT_EQ(r.mismatches[0].addr, 8u);
    const std::string text = format_report("k", r);
    EXPECT_NE(text.find("FAIL k: 1 words differ"), std::string::npos) << text;
    EXPECT_NE(text.find("0x00008: expected 0x00000003 got 0x00000009"), std::string::npos) << text;
}

}  // namespace
