// The findings of a hostile probe of `fgtlm` (issue 16), one test each: every bad input ends
// with a message that names the file, field or option, exit status 1 or 2, within seconds and
// without allocating gigabytes. Each runs the real executable as a user would.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kBundle = fs::path(FGTLM_DATA_DIR) / "conformance" / "VectorAdd_integer";

fs::path temp_root() { return fs::temp_directory_path() / ("fgtlm_bad_inputs_" + std::to_string(::getpid())); }
struct TempCleanup : ::testing::Environment {
    void TearDown() override { fs::remove_all(temp_root()); }
};
const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new TempCleanup);

fs::path temp_dir(const std::string& name) {
    const fs::path d = temp_root() / name;
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

struct Result {
    int rc = -1;
    std::string out;  // stdout + stderr
};

// Runs `fgtlm ARGS` (stdout and stderr together).
Result fgtlm(const std::string& args) {
    Result r;
    FILE* p = ::popen((std::string(FGTLM_EXE) + " " + args + " 2>&1").c_str(), "r");
    if (p == nullptr) return r;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    const int st = ::pclose(p);
    r.rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

std::string q(const fs::path& p) { return "'" + p.string() + "'"; }

// A copy of VectorAdd_integer whose launch.json is edited by `edit`.
fs::path bundle_with(const std::string& name, const std::function<void(json&)>& edit) {
    const fs::path d = temp_dir(name);
    fs::copy(kBundle, d, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    json L = json::parse(std::ifstream(d / "launch.json"));
    edit(L);
    write(d / "launch.json", L.dump());
    return d;
}

#define EXPECT_HAS(haystack, needle) EXPECT_NE((haystack).find(needle), std::string::npos) << (haystack)

TEST(LaunchJson, WrongTypesAndRangesNameTheField) {
    struct Case {
        const char* name;
        std::function<void(json&)> edit;
        const char* message;
    };
    const Case cases[] = {
        {"grid_wraps", [](json& L) { L["grid"] = {4294967297ull, 1}; },
         "launch.json: grid[0]: 4294967297 is above the maximum 65535"},
        {"grid_float", [](json& L) { L["grid"] = {1.7, 1}; },
         "launch.json: grid[0]: must be an unsigned integer, got 1.7 (number)"},
        {"grid_string", [](json& L) { L["grid"] = "1,1"; }, "launch.json: grid: must be an array"},
        {"block_negative", [](json& L) { L["block"] = {-32, 1, 1}; },
         "launch.json: block[0]: must be an unsigned integer"},
        {"regs_string", [](json& L) { L["regs_per_thread"] = "5"; },
         "launch.json: regs_per_thread: must be an unsigned integer, got \"5\" (string)"},
        {"shared_float", [](json& L) { L["shared_bytes"] = 44.5; },
         "launch.json: shared_bytes: must be an unsigned integer"},
        {"params_string", [](json& L) { L["params"] = {"0x0"}; },
         "launch.json: params[0]: must be an unsigned integer"},
        {"cores_null", [](json& L) { L["cores"] = nullptr; },
         "launch.json: cores: must be an unsigned integer, got null"},
        {"cmem_number", [](json& L) { L["const_mem_hex"] = 5; }, "launch.json: const_mem_hex: must be a string"},
        {"dump_words", [](json& L) { L["dump"]["words"] = "many"; }, "launch.json: words: must be an unsigned integer"},
        {"undefined_shape", [](json& L) { L["global_init_undefined"] = {{1}}; },
         "launch.json: global_init_undefined[0]: must be [addr, len]"},
        {"global_zero", [](json& L) { L["global_mem_bytes"] = 0; },
         "launch.json: global_mem_bytes: 0 must be a positive multiple of 4"},
        {"global_huge", [](json& L) { L["global_mem_bytes"] = 1ull << 40; },
         "launch.json: global_mem_bytes: 1099511627776 is above the maximum"},
        {"code_base_3", [](json& L) { L["code_base"] = 3; }, "invalid launch: code_base must be a multiple of 4"},
        {"block_wraps", [](json& L) { L["block"] = {65026, 33025, 2}; }, "invalid launch: block of 4294967300 threads"},
        {"shared_huge", [](json& L) { L["shared_bytes"] = 4294967295u; },
         "invalid launch: shared_bytes 4294967295 exceeds the SM's 16384"},
        {"blocks_per_core_huge", [](json& L) { L["blocks_per_core"] = 4294967295u; },
         "invalid launch: blocks_per_sm 4294967295 exceeds"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        const Result r = fgtlm("run " + q(bundle_with(c.name, c.edit)) + " --check");
        EXPECT_EQ(r.rc, 2);
        EXPECT_HAS(r.out, c.message);
        EXPECT_EQ(r.out.find("json.exception"), std::string::npos) << r.out;
    }
}

TEST(LaunchJson, ExpectedWordsOfTheWrongTypeNameTheirPlace) {
    const fs::path d = bundle_with("expected_type", [](json&) {});
    write(d / "expected.json", R"({"ranges": [{"addr": 0, "words": ["0x00000000", 5]}]})");
    const Result r = fgtlm("run " + q(d) + " --check");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "expected.json: ranges[0].words[1]: must be a hex string or null, got 5 (number)");
}

TEST(LaunchJson, OversizedGlobalImageIsAnError) {
    const fs::path d = bundle_with("global_big", [](json& L) {
        L["global_mem_bytes"] = 4096;
        L["dump"]["words"] = 16;
    });
    const Result r = fgtlm("run " + q(d));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "global_init.bin: 8192 bytes: larger than the global memory (global_mem_bytes 4096)");
}

// The 65535 x 65535 grid is valid; it must run (until the watchdog) without the stats
// collector allocating a record per block up front (137 GB).
TEST(RunOptions, LargestGridRunsIntoTheWatchdogWithoutAllocating) {
    const fs::path d = bundle_with("grid_max", [](json& L) { L["grid"] = {65535, 65535}; });
    const Result r =
        fgtlm("run " + q(d) + " --mode calibrated --stats " + q(temp_root() / "grid_max.json") +
              " --max-instructions 2000");
    EXPECT_EQ(r.rc, 1);
    EXPECT_HAS(r.out, "watchdog expired");
}

fs::path sass(const std::string& name, const std::string& text) {
    const fs::path p = temp_dir("sass_" + name) / (name + ".sass");
    write(p, text);
    return p;
}

TEST(RunOptions, SassLaunchOptionsAreRangeChecked) {
    const fs::path k = sass("ret", "RET;\n");
    Result r = fgtlm("run " + q(k) + " --grid 70000");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "--grid: 70000 is out of range (1..65535)");
    r = fgtlm("run " + q(k) + " --block 65026,33025,2");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "block of 4294967300 threads");
    r = fgtlm("run " + q(k) + " --shared 4294967295");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "shared_bytes 4294967295 exceeds");
    r = fgtlm("run " + q(k) + " --blocks-per-sm 4294967295");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "blocks_per_sm 4294967295 exceeds");
    r = fgtlm("run " + q(k) + " --max-instructions 0");
    EXPECT_NE(r.rc, 0);
    EXPECT_HAS(r.out, "--max-instructions: 0 is out of range");
    // No global image at all: runs (the sanitizer build checks there is no memcpy from null).
    r = fgtlm("run " + q(k));
    EXPECT_EQ(r.rc, 0) << r.out;
}

// An endless kernel ends at the default watchdog (2e7 warp instructions) in seconds.
TEST(RunOptions, DefaultWatchdogEndsAnEndlessKernelInSeconds) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "a wall-clock bound: 2e7 instructions take about 2 minutes in the ASan Debug build";
#endif
    const auto t0 = std::chrono::steady_clock::now();
    const Result r = fgtlm("run " + q(sass("loop", "loop:\nBRA loop;\n")) + " --block 32");
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_EQ(r.rc, 1);
    EXPECT_HAS(r.out, "watchdog expired at PC 0x0000");
    EXPECT_HAS(r.out, "more than 20000000 warp instructions");
    EXPECT_LT(s, 120.0);  // about 7 s on one core of a release build; far more under ASan
}

TEST(Files, DirectoryGivenForAFileIsNamed) {
    const fs::path dir = temp_dir("a_directory");
    Result r = fgtlm("asm " + q(dir));
    EXPECT_EQ(r.rc, 1);
    EXPECT_HAS(r.out, dir.string() + ": error: is a directory, not a file");
    r = fgtlm("disasm " + q(dir));
    EXPECT_EQ(r.rc, 1);
    EXPECT_HAS(r.out, "is a directory, not a file");
    r = fgtlm("run " + q(sass("ret2", "RET;\n")) + " --global-init " + q(dir));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, dir.string() + ": is a directory, not a file");
    for (const Result& x : {fgtlm("asm " + q(dir)), r})
        EXPECT_EQ(x.out.find("basic_filebuf"), std::string::npos) << x.out;
    // A bundle whose program.hex is a directory.
    const fs::path b = bundle_with("hex_dir", [](json&) {});
    fs::remove(b / "program.hex");
    fs::create_directory(b / "program.hex");
    r = fgtlm("run " + q(b));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "program.hex: not a regular file");
}

TEST(Files, ConfigNumberBeyondInt64IsNamed) {
    const fs::path d = temp_dir("config");
    write(d / "c.json", R"({"sm": {"sp_lanes": 1e300}})");
    const Result r = fgtlm("run " + q(kBundle) + " --config " + q(d / "c.json"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "sm.sp_lanes");
    EXPECT_HAS(r.out, "does not fit in a 64-bit integer");
    EXPECT_EQ(r.out.find("-9223372036854775808"), std::string::npos) << r.out;
}

TEST(Files, CheckReportsWordsOutsideMemory) {
    const fs::path d = bundle_with("outside", [](json&) {});
    write(d / "expected.json", R"({"ranges": [{"addr": 262140, "words": [null, "0x12345678"]}]})");
    const Result r = fgtlm("run " + q(d) + " --check");
    EXPECT_EQ(r.rc, 1);
    EXPECT_HAS(r.out, "0x40000: expected 0x12345678, but the address is outside the 262144-byte global memory");
}

// A large binary file given to `fgtlm asm`: a capped list, bytes escaped, never raw.
TEST(Files, AsmOnJunkCapsAndEscapesErrors) {
    std::string junk;
    for (int i = 0; i < 5000; ++i) junk += std::string("\x01\xff\x9b[2J junk") + char('a' + i % 26) + "\n";
    const fs::path p = temp_dir("junk") / "junk.bin";
    write(p, junk);
    const Result r = fgtlm("asm " + q(p));
    EXPECT_EQ(r.rc, 1);
    EXPECT_HAS(r.out, "... and 4950 more errors");
    EXPECT_HAS(r.out, "\\x01\\xff\\x9b[2J");
    for (const char c : r.out) EXPECT_TRUE(c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7f)) << int(c);
    EXPECT_LT(r.out.size(), 20000u);
}

// FlexGripPlus folders with index typos: an error at once, not a million warnings.
TEST(Testbench, HugeWordIndexIsAnErrorNotAHang) {
    const fs::path d = temp_dir("tb_index");
    write(d / "pick_bench.vhd",
          "package pick_bench is\n  constant BENCH_K_BLKX : integer := 32;\n"
          "  constant BENCH_KERNEL_GPRS : integer := 4;\nend;\n");
    for (const char* idx : {"4294967295", "99999999"}) {
        write(d / "TP_instructions.vhd",
              std::string(
                  "when 0 => instruction_out <= x\"30000003\";\nwhen 1 => instruction_out <= x\"00000780\";\nwhen ") +
                  idx + " => instruction_out <= x\"30000003\";\n");
        const auto t0 = std::chrono::steady_clock::now();
        const Result r = fgtlm("run --flexgrip " + q(d));
        EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 10.0);
        EXPECT_EQ(r.rc, 2);
        EXPECT_HAS(r.out, "TP_instructions.vhd:3: word index " + std::string(idx) +
                              " is beyond the instruction memory (16384 words)");
    }
    // A real gap is one warning for the whole range.
    write(d / "TP_instructions.vhd",
          "when 0 => instruction_out <= x\"30000003\";\nwhen 1 => instruction_out <= x\"00000780\";\n"
          "when 9000 => instruction_out <= x\"30000003\";\nwhen 9001 => instruction_out <= x\"00000780\";\n");
    const Result r = fgtlm("run --flexgrip " + q(d));
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_HAS(r.out, "words 2..8999 missing (gap), loaded as 0");
    EXPECT_LT(r.out.size(), 2000u);
}

}  // namespace

namespace {

// A FlexGripPlus folder with one instruction and the given pick_bench.vhd.
fs::path flexgrip_with(const std::string& name, const std::string& pick) {
    const fs::path d = temp_dir(name);
    write(d / "TP_instructions.vhd",
          "when 0 => instruction_out <= x\"30000003\";\nwhen 1 => instruction_out <= x\"00000780\";\n");
    write(d / "pick_bench.vhd", pick);
    return d;
}

}  // namespace

// Issue 27: a limit broken by a VHDL constant names the constant and its file, and the lane
// count of a FlexGripPlus folder is not called a bundle's.
TEST(Testbench, LaunchLimitsNameTheConstant) {
    const fs::path d = flexgrip_with("big_block", "constant BENCH_K_BLKX : integer := 4096;\n"
                                                  "constant BENCH_KERNEL_GPRS : integer := 4;\n");
    Result r = fgtlm("run --flexgrip " + q(d));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "invalid launch: block of 4096 threads");
    EXPECT_HAS(r.out, "the launch comes from " + (d / "pick_bench.vhd").string() + ": BENCH_K_BLKX = 4096 (line 1)");
    const fs::path c = flexgrip_with("many_cores", "constant BENCH_K_BLKX : integer := 32;\n"
                                                   "constant BENCH_KERNEL_GPRS : integer := 4;\n"
                                                   "constant BENCH_CORES : integer := 64;\n");
    r = fgtlm("run --flexgrip " + q(c));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "FlexGripPlus folder (BENCH_CORES of pick_bench.vhd): parameter 'sm.sp_lanes'");
    EXPECT_EQ(r.out.find("bundle:"), std::string::npos) << r.out;
}

// Issue 27: with --vcd the default watchdog is 1e6 warp instructions, so an endless kernel
// stops in seconds with a waveform of tens of megabytes instead of 756 MB after a minute.
TEST(RunOptions, EndlessKernelWithVcdStopsEarly) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "a wall-clock bound, meaningless under ASan";
#endif
    const fs::path vcd = temp_dir("vcd") / "loop.vcd";
    const Result r = fgtlm("run " + q(sass("vcd_loop", "loop:\nBRA loop;\n")) + " --block 32 --vcd " + q(vcd));
    EXPECT_EQ(r.rc, 1);
    EXPECT_HAS(r.out, "more than 1000000 warp instructions");
    ASSERT_TRUE(fs::exists(vcd)) << r.out;
    EXPECT_LT(fs::file_size(vcd), 100u << 20);
}
