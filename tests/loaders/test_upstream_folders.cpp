// FlexGripPlus application folders in the upstream shape: every conformance bundle written
// back as an upstream folder (three layouts, TP_configuration.vhd present or absent) loads to
// the bundle's own launch, program, memory and golden words, and `fgtlm run --flexgrip
// --check` passes on each; the RTL's own testbench folder (RTL/TB) loads and runs.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include <unistd.h>

#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/testbench_loader.hpp>

#include "../flexgrip_dir.hpp"
#include "upstream_folder.hpp"

namespace {

namespace fs = std::filesystem;
using namespace fgtlm::loaders;
using fgtlm::test::UpstreamLayout;

const fs::path kCorpus = fs::path(FGTLM_DATA_DIR) / "conformance";

fs::path temp_root() { return fs::temp_directory_path() / ("fgtlm_upstream_" + std::to_string(::getpid())); }
struct TempCleanup : ::testing::Environment {
    void TearDown() override { fs::remove_all(temp_root()); }
};
const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new TempCleanup);

// Runs a command, returns its exit status and its standard output + error.
std::pair<int, std::string> run(const std::string& cmd) {
    std::string out;
    FILE* p = ::popen((cmd + " 2>&1").c_str(), "r");
    if (p == nullptr) return {-1, "popen failed"};
    std::array<char, 4096> buf{};
    while (std::fgets(buf.data(), int(buf.size()), p) != nullptr) out += buf.data();
    const int st = ::pclose(p);
    return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

void expect_same(const KernelImage& tb, const KernelImage& b) {
    EXPECT_EQ(tb.program, b.program);
    for (int i = 0; i < 2; ++i) EXPECT_EQ(tb.launch.grid[i], b.launch.grid[i]);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(tb.launch.block[i], b.launch.block[i]);
    EXPECT_EQ(tb.launch.regs_per_thread, b.launch.regs_per_thread);
    EXPECT_EQ(tb.launch.shared_bytes, b.launch.shared_bytes);
    EXPECT_EQ(tb.launch.blocks_per_sm, b.launch.blocks_per_sm);
    EXPECT_EQ(tb.launch.params, b.launch.params);
    EXPECT_EQ(tb.launch.const_mem, b.launch.const_mem);
    EXPECT_EQ(tb.cores, b.cores);
    EXPECT_EQ(tb.global_init, b.global_init);
    ASSERT_EQ(tb.global_init_undefined.size(), b.global_init_undefined.size());
    for (std::size_t i = 0; i < b.global_init_undefined.size(); ++i) {
        EXPECT_EQ(tb.global_init_undefined[i].addr, b.global_init_undefined[i].addr);
        EXPECT_EQ(tb.global_init_undefined[i].len, b.global_init_undefined[i].len);
    }
    ASSERT_EQ(tb.expected.size(), 1u);
    EXPECT_EQ(tb.expected[0].words, b.expected[0].words);
    EXPECT_EQ(tb.dump.len, b.dump.len);
    EXPECT_TRUE(tb.warnings.empty()) << tb.warnings.front();
}

struct Case {
    const char* layout_name;
    UpstreamLayout layout;
    bool with_config;
};
constexpr Case kCases[] = {
    {"flat_config", UpstreamLayout::Flat, true},
    {"flat_implied", UpstreamLayout::Flat, false},
    {"vhdl_sub", UpstreamLayout::VhdlSub, false},
    {"testbench_split", UpstreamLayout::Testbench, true},
};

std::vector<std::string> bundles() {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(kCorpus))
        if (is_bundle(e.path())) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

TEST(UpstreamFolders, EveryBundleInEveryLayoutLoadsAsTheBundle) {
    const auto names = bundles();
    ASSERT_EQ(names.size(), 8u);
    for (const std::string& name : names) {
        const KernelImage b = load_bundle(kCorpus / name);
        for (const Case& c : kCases) {
            SCOPED_TRACE(name + " " + c.layout_name);
            const fs::path app = temp_root() / c.layout_name / name;
            fgtlm::test::write_upstream_folder(b, app, c.layout, c.with_config);
            TestbenchOptions opt;
            opt.search_root = app;
            expect_same(load_testbench(app, opt), b);
        }
    }
}

// The whole path a user takes: `fgtlm run --flexgrip APP --check` on each bundle written as an
// upstream folder (TP_configuration present for odd bundles, absent for even ones, so both
// rules run every kernel once).
TEST(UpstreamFolders, EveryBundleRunsAndPassesThroughFgtlmRun) {
    const auto names = bundles();
    for (std::size_t i = 0; i < names.size(); ++i) {
        SCOPED_TRACE(names[i]);
        const KernelImage b = load_bundle(kCorpus / names[i]);
        const fs::path app = temp_root() / "run" / names[i];
        fgtlm::test::write_upstream_folder(b, app, i % 2 ? UpstreamLayout::Flat : UpstreamLayout::VhdlSub, i % 2 == 1);
        const auto [rc, out] = run(std::string(FGTLM_EXE) + " run --flexgrip '" + app.string() + "' --check");
        EXPECT_EQ(rc, 0) << out;
        EXPECT_NE(out.find("PASS " + names[i]), std::string::npos) << out;
    }
}

// The FlexGripPlus testbench's own application (RTL/TB: configuration/pick_bench.vhd with its
// `BENCH_APP : string := "TP"`, TP/TP_instructions.vhd, TP/TP_configuration.vhd).
TEST(UpstreamFolders, RtlTestbenchFolderLoads) {
    FGTLM_SKIP_WITHOUT_FLEXGRIP();
    const fs::path tb = fgtlm::test::flexgrip_dir() / "RTL" / "TB";
    const KernelImage img = load_testbench(tb);
    EXPECT_EQ(img.program.size(), 130u);  // TP_INSTRUCTIONS
    EXPECT_EQ(img.program[0], 0x10004205u);
    EXPECT_EQ(img.program[129], 0x00000780u);
    EXPECT_EQ(img.launch.block[0], 64);
    EXPECT_EQ(img.launch.grid[0], 1);
    EXPECT_EQ(img.launch.regs_per_thread, 16u);
    EXPECT_EQ(img.launch.shared_bytes, 44u);
    EXPECT_EQ(img.cores, 8u);
    // TP_configuration.vhd's kernel_regs_default (BENCH_KREG15 .. BENCH_KREG0, last = index 0)
    // shadows the package's own array: parameter i is BENCH_KREGi.
    const std::vector<std::uint32_t> params{1, 0, 0x1000, 0x2000, 0x10, 0, 0x600, 9, 9, 8};
    EXPECT_EQ(img.launch.params, params);
    ASSERT_EQ(img.launch.const_mem.size(), 32u);
    EXPECT_EQ(img.launch.const_mem[2], 0x80);
    EXPECT_EQ(img.launch.const_mem[3], 0x7e);
    EXPECT_EQ(img.dump.len, 4u * 2114u);
    EXPECT_EQ(img.global_init.size(), 8192u);  // TB/TP/global_mem.mif lines
}

TEST(UpstreamFolders, RtlTestbenchFolderRuns) {
    FGTLM_SKIP_WITHOUT_FLEXGRIP();
    const fs::path tb = fgtlm::test::flexgrip_dir() / "RTL" / "TB";
    const fs::path log = temp_root() / "tb_rdata.log";
    fs::create_directories(log.parent_path());
    const auto [rc, out] =
        run(std::string(FGTLM_EXE) + " run --flexgrip '" + tb.string() + "' --rdata-log '" + log.string() + "'");
    EXPECT_EQ(rc, 0) << out;
    EXPECT_EQ(out.find("error"), std::string::npos) << out;
    EXPECT_EQ(fs::file_size(log), 2114u * 15u);  // "AAAAA DDDDDDDD\n" per word
}

}  // namespace

namespace {

// Constant expressions a typo or a probe can write: each a named error (file:line), never
// undefined behaviour (signed overflow, negative shifts), a hang (a huge exponent) or a
// multi-gigabyte aggregate.
TEST(UpstreamFolders, HostileConstantsGetNamedErrors) {
    const fs::path d = temp_root() / "hostile";
    fs::create_directories(d);
    std::ofstream(d / "TP_instructions.vhd")
        << "when 0 => instruction_out <= x\"30000003\";\nwhen 1 => instruction_out <= x\"00000780\";\n";
    const std::pair<const char*, const char*> cases[] = {
        {"constant BENCH_K_BLKX : integer := 99999999999999999999;", "does not fit in 64 bits"},
        {"constant BENCH_K_BLKX : integer := 4611686018427387904 * 4;", "arithmetic overflow"},
        {"constant BENCH_K_BLKX : integer := 2 ** 9999999999999;", "arithmetic overflow"},
        {"constant BENCH_K_BLKX : integer := 70000;", "BENCH_K_BLKX = 70000 is out of range (1..65535)"},
        {"constant BENCH_K_BLKX : integer := -32;", "BENCH_K_BLKX = -32 is out of range"},
        {"constant BENCH_K_BLKX : string := \"TP\";", "BENCH_K_BLKX must be a number"},
        {"constant BENCH_K_BLKX : std_logic_vector := to_unsigned(1, -3);", "width must be 1..64"},
        {"constant A : integer := 1; constant BENCH_K_BLKX : integer := (4000000000 => 1, others => 0);",
         "aggregate index must be"},
        {"constant BENCH_K_BLKX : integer := 37#1#;", "must be 2..16"},
        {"/* unterminated", "unterminated /* comment"},
    };
    for (const auto& [decl, message] : cases) {
        SCOPED_TRACE(decl);
        std::ofstream(d / "pick_bench.vhd") << "package pick_bench is\n  constant BENCH_KERNEL_GPRS : integer := 4;\n  "
                                            << decl << "\nend pick_bench;\n";
        std::string what = "no error";
        try {
            TestbenchOptions opt;
            opt.search_root = d;
            load_testbench(d, opt);
        } catch (const LoadError& e) {
            what = e.what();
        }
        EXPECT_NE(what.find("pick_bench.vhd:3"), std::string::npos) << what;
        EXPECT_NE(what.find(message), std::string::npos) << what;
    }
}

}  // namespace
