// Issue 27 (first half): valid input that crashed or lost results, campaigns that counted
// bogus records, numbers that wrapped and checks that passed vacuously. Each case runs the
// real executable as a user would and fails on the code before the fix.
#include "tool_runner.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>
#include <sys/stat.h>

namespace {

using namespace tool_test;
using nlohmann::json;

const fs::path kConformance = fs::path(FGTLM_DATA_DIR) / "conformance";
const fs::path kBundle = kConformance / "VectorAdd_integer";

fs::path bundle_with(const std::string& name, const std::function<void(const fs::path&)>& edit) {
    const fs::path d = temp_dir(name);
    fs::copy(kBundle, d, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    edit(d);
    return d;
}

// 1. An early issue past cycle 131072 crashed the statistics' time series (SIGSEGV).
TEST(ValidInput, LongLatenciesDoNotCrashTheStatistics) {
    for (const char* p : {"gpu.kernel_launch_cycles=131072", "mem.global_latency_cycles=200000",
                          "sm.block_launch_cycles=200000", "sm.fetch_cycles=1000000"}) {
        SCOPED_TRACE(p);
        const Result r = fgtlm("run " + q(kBundle) + " --check -p " + p);
        EXPECT_EQ(r.rc, 0) << r.out;
        EXPECT_HAS(r.out, "PASS");
    }
}

// 2. --vcd PATH never replaces a symlink or an unrelated PATH.vcd; a full device is an error.
TEST(ValidInput, VcdKeepsSymlinksAndUnrelatedFiles) {
    const fs::path d = temp_dir("vcd");
    write(d / "real.vcd", "old");
    fs::create_symlink("real.vcd", d / "link");
    write(d / "link.vcd", "unrelated");
    Result r = fgtlm("run " + q(kBundle) + " --vcd " + q(d / "link"));
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_TRUE(fs::is_symlink(d / "link"));
    EXPECT_HAS(slurp(d / "real.vcd"), "$enddefinitions");
    EXPECT_EQ(slurp(d / "link.vcd"), "unrelated");
    // A full device behind a link: the write error is named and the link (and the device) stay.
    // (Through a link, not /dev/full itself: the code before the fix renamed over the target.)
    fs::create_symlink("/dev/full", d / "full");
    r = fgtlm("run " + q(kBundle) + " --vcd " + q(d / "full"));
    EXPECT_NE(r.rc, 0);
    EXPECT_HAS(r.out, (d / "full").string() + ": write failed");
    EXPECT_TRUE(fs::is_symlink(d / "full"));
    struct stat st {};
    ASSERT_EQ(::stat("/dev/full", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
}

// 4. Every output written in full or the run fails naming it.
TEST(ValidInput, LostOutputsFailTheRun) {
    struct stat st {};
    if (::stat("/dev/full", &st) != 0 || !S_ISCHR(st.st_mode)) GTEST_SKIP() << "/dev/full is not a device";
    for (const char* opt : {"--trace-commit", "--trace-timeline", "--stats", "--dump-global", "--rdata-log"}) {
        SCOPED_TRACE(opt);
        const Result r = fgtlm("run " + q(kBundle) + " " + opt + " /dev/full");
        EXPECT_NE(r.rc, 0) << r.out;
        EXPECT_HAS(r.out, "/dev/full: write failed");
    }
    const fs::path d = temp_dir("asm_out");
    write(d / "k.sass", "RET;\n");
    Result r = fgtlm("asm " + q(d / "k.sass") + " -o /dev/full");
    EXPECT_NE(r.rc, 0);
    EXPECT_HAS(r.out, "/dev/full");
    r = run_exe(fgtlm_exe(), "asm " + q(d / "k.sass"), "2>&1 >/dev/full");
    EXPECT_NE(r.rc, 0);
    EXPECT_HAS(r.out, "standard output: write failed");
    r = run_exe(fgtlm_exe(), "disasm " + q(kBundle / "program.hex"), "2>&1 >/dev/full");
    EXPECT_NE(r.rc, 0);
    EXPECT_HAS(r.out, "standard output: write failed");
    r = fgtlm("inject " + q(kBundle) + " --count 3 --no-progress --summary-json /dev/full");
    EXPECT_NE(r.rc, 0);
    EXPECT_HAS(r.out, "/dev/full: write failed");
    // The compiler's MODULE file too (it was an unchecked ofstream).
    const fs::path ptx = fs::path(FGTLM_SOURCE_DIR) / "tests" / "compiler" / "ptx" / "two_kernels.ptx";
    r = fgtlm("ptxas " + q(ptx) + " -o /dev/full");
    EXPECT_NE(r.rc, 0);
    EXPECT_HAS(r.out, "/dev/full: write failed");
}

// 3. inf/nan for inject's real options meant 1, no hang limit, or a boost message.
TEST(Inject, RealOptionsRefuseNanAndInfinity) {
    for (const char* opt : {"--hang-factor", "--margin", "--confidence"}) {
        for (const char* v : {"inf", "nan", "-1"}) {
            SCOPED_TRACE(std::string(opt) + " " + v);
            const Result r = fgtlm("inject " + q(kBundle) + " --count 2 --no-progress " + opt + " " + v);
            EXPECT_EQ(r.rc, 2);
            EXPECT_HAS(r.out, std::string(opt) + ": ");
        }
    }
}

// Memory before the check: -1, 2^64 and 0 injections; a campaign file's count -1.
TEST(Inject, CountsAreCheckedBeforeAnythingIsAllocated) {
    for (const char* v : {"-1", "18446744073709551616", "0", "1e3", "20000001"}) {
        SCOPED_TRACE(v);
        const Result r = fgtlm("inject " + q(kBundle) + " --no-progress --count " + v);
        EXPECT_EQ(r.rc, 2);
        EXPECT_HAS(r.out, "--count: ");
    }
    const fs::path d = temp_dir("campaign_json");
    const std::pair<const char*, const char*> cases[] = {
        {R"({"count": -1})", "campaign description: count"},
        {R"({"count": 1e30})", "campaign description: count"},
        {R"({"count": 2.9})", "campaign description: count"},
        {R"({"seed": 1.5})", "campaign description: seed"},
        {R"({"seed": -1})", "campaign description: seed"},
        {R"({"target": {"grid": [-1]}})", "campaign description: target.grid[0]"},
        {R"({"target": {"grid": [70000]}})", "campaign description: target.grid[0]"},
        {R"({"hang_factor": "4"})", "campaign description: hang_factor"},
        {R"({"plans": [{"structure": "gpr", "count": -1}]})", "campaign description: plans[0].count"},
    };
    for (const auto& [text, message] : cases) {
        SCOPED_TRACE(text);
        write(d / "c.json", text);
        const Result r = fgtlm("inject " + q(kBundle) + " --no-progress --campaign " + q(d / "c.json"));
        EXPECT_EQ(r.rc, 2);
        EXPECT_HAS(r.out, message);
    }
}

// Two structures of 2^63 wrapped to 0 injections and exit 0.
TEST(Inject, PlanSizesDoNotWrap) {
    const fs::path d = temp_dir("plans_wrap");
    write(d / "c.json", R"({"plans": [{"structure": "gpr", "count": 9223372036854775808},)"
                        R"( {"structure": "pred", "count": 9223372036854775808}]})");
    Result r = fgtlm("inject " + q(kBundle) + " --no-progress --campaign " + q(d / "c.json"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "campaign description: plans[0].count");
    write(d / "c.json",
          R"({"plans": [{"structure": "gpr", "count": 15000000}, {"structure": "pred", "count": 15000000}]})");
    r = fgtlm("inject " + q(kBundle) + " --no-progress --campaign " + q(d / "c.json"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "the limit is 20000000");
}

// Resume: a duplicated record, an id beyond the campaign or a class nobody writes is refused.
TEST(Inject, ResumeRefusesBogusRecords) {
    const fs::path d = temp_dir("resume");
    const fs::path out = d / "r.jsonl";
    Result r = fgtlm("inject " + q(kBundle) + " --count 10 --no-progress --out " + q(out));
    ASSERT_EQ(r.rc, 0) << r.out;
    std::istringstream lines(slurp(out));
    std::string header, first;
    std::getline(lines, header);
    std::getline(lines, first);
    const auto rewrite = [&](const std::string& extra) { write(out, header + "\n" + extra + "\n"); };
    json beyond = json::parse(first);
    beyond["id"] = 10;
    json bogus = json::parse(first);
    bogus["class"] = "Bogus";
    const std::pair<std::string, const char*> cases[] = {
        {first + "\n" + first, "is recorded twice"},
        {beyond.dump(), "injection 10 is beyond the campaign's 10 injections"},
        {bogus.dump(), "\"class\" must be Masked, SDC, DUE or Hang"},
    };
    for (const auto& [records, message] : cases) {
        SCOPED_TRACE(message);
        rewrite(records);
        r = fgtlm("inject " + q(kBundle) + " --count 10 --no-progress --out " + q(out));
        EXPECT_NE(r.rc, 0);
        EXPECT_HAS(r.out, message);
        EXPECT_HAS(r.out, out.string() + ":");
    }
    rewrite(first);  // a genuine partial file resumes: 1 + 9 records, 10 in the summary
    r = fgtlm("inject " + q(kBundle) + " --count 10 --no-progress --out " + q(out) + " --summary-json " +
              q(d / "s.json"));
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_HAS(r.out, "resumed 1 records");
    EXPECT_EQ(json::parse(slurp(d / "s.json"))["injections"], 10);
}

// inject's .sass loader is run's: the same checks (grid range, memory image size, launch limits).
TEST(Inject, SassTargetsGetRunsChecks) {
    const fs::path d = temp_dir("inject_sass");
    write(d / "k.sass", "RET;\n");
    write(d / "big.bin", std::string(262145, '\0'));
    Result r = fgtlm("inject " + q(d / "k.sass") + " --grid 70000 --block 1 --count 1 --no-progress");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "--grid: ");
    r = fgtlm("inject " + q(d / "k.sass") + " --grid 1 --block 1 --count 1 --no-progress --global-init " +
              q(d / "big.bin"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "larger than the global memory");
}

// The golden run of an endless kernel stops at the watchdog (default 2e7 as `fgtlm run`).
TEST(Inject, GoldenRunHasAWatchdog) {
    const fs::path d = temp_dir("golden_loop");
    write(d / "loop.sass", "top: BRA top;\nRET;\n");
    const auto t0 = std::chrono::steady_clock::now();
    Result r = fgtlm("inject " + q(d / "loop.sass") +
                     " --grid 1 --block 32 --count 1 --no-progress "
                     "--max-instructions 100000");
    EXPECT_EQ(r.rc, 1);
    EXPECT_HAS(r.out, "does not finish in 100000 warp instructions");
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 30.0);
}

// A JSON syntax error names the file and where, in the input's terms: no nlohmann tag
// ("[json.exception.parse_error.101]") in launch.json, --config, --textures or a campaign file.
TEST(Messages, JsonSyntaxErrorsNameTheFileWithoutTheLibraryTag) {
    const fs::path d =
        bundle_with("json_syntax", [](const fs::path& b) { write(b / "launch.json", "{\"grid\": [1,"); });
    write(d / "bad.json", "{\"textures\": [");
    write(d / "k.sass", "RET;\n");
    const std::pair<std::string, std::string> cases[] = {
        {"run " + q(d), "launch.json: invalid JSON: parse error at line 1"},
        {"run " + q(kBundle) + " --config " + q(d / "bad.json"), "bad.json: invalid JSON: parse error at line 1"},
        {"run " + q(d / "k.sass") + " --grid 1 --block 1 --textures " + q(d / "bad.json"),
         "bad.json: invalid JSON: parse error at line 1"},
        {"inject " + q(kBundle) + " --no-progress --campaign " + q(d / "bad.json"),
         "bad.json: invalid JSON: parse error at line 1"},
    };
    for (const auto& [args, message] : cases) {
        SCOPED_TRACE(args);
        const Result r = fgtlm(args);
        EXPECT_EQ(r.rc, 2) << r.out;
        EXPECT_HAS(r.out, message);
        EXPECT_EQ(r.out.find("json.exception"), std::string::npos) << r.out;
    }
}

// Silent wraps and truncations of the run command.
TEST(SilentWrap, RunOptionsAreCheckedByName) {
    const std::pair<const char*, const char*> cases[] = {
        {"--cores 4294967297", "--cores: "},
        {"--cores -8", "--cores: "},
        {"--max-cycles -1", "--max-cycles: "},
        {"--max-report-lines -1", "--max-report-lines: "},
        {"-p sm.sp_lanes=--16", "sm.sp_lanes"},
        {"--cores 7", "FlexGripPlus has 8, 16 or 32 SP lanes"},
        {"-p sm.sp_lanes=3", "FlexGripPlus has 8, 16 or 32 SP lanes"},
    };
    for (const auto& [args, message] : cases) {
        SCOPED_TRACE(args);
        const Result r = fgtlm("run " + q(kBundle) + " " + args);
        EXPECT_EQ(r.rc, 2);
        EXPECT_HAS(r.out, message);
    }
    const fs::path d = temp_dir("sass_wrap");
    write(d / "k.sass", "RET;\n");
    Result r = fgtlm("run " + q(d / "k.sass") + " --grid 1 --block 1 --dump-words 1073741825");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "--dump-words: ");
    r = fgtlm("run " + q(d / "k.sass"));  // no --grid/--block: said, not silent
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_HAS(r.out, "no --grid given: gridDim 1");
    EXPECT_HAS(r.out, "no --block given");
    write(d / "bra.sass", "BRA 0x3;\nRET;\n");
    r = fgtlm("asm " + q(d / "bra.sass"));
    EXPECT_NE(r.rc, 0);
    EXPECT_HAS(r.out, "branch target 3 is not a multiple of 4");
}

TEST(SilentWrap, IsaExecSetValuesAreRangeChecked) {
    const fs::path d = temp_dir("isa_exec");
    write(d / "p.s", "s_add_u32 s0, s1, s2\n");
    for (const char* set : {"s1=0x1ffffffff", "scc=2", "s200=1", "m0=-1", "s1=1.5"}) {
        SCOPED_TRACE(set);
        const Result r = fgtlm("isa exec --isa gcn1.2 " + q(d / "p.s") + " --set " + set);
        EXPECT_EQ(r.rc, 2);
        EXPECT_HAS(r.out, "--set");
    }
}

// Bundles: dump.addr and expected words are exact; a check that compares nothing fails.
TEST(SilentWrap, BundleFieldsAndVacuousChecks) {
    fs::path d = bundle_with("dump_addr", [](const fs::path& b) {
        json L = json::parse(std::ifstream(b / "launch.json"));
        L["dump"] = {{"addr", 3}, {"words", 1}};
        write(b / "launch.json", L.dump());
    });
    Result r = fgtlm("run " + q(d) + " --check");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "dump.addr: 3 is not a multiple of 4");
    for (const char* word : {"-1", " 5", "+5"}) {
        SCOPED_TRACE(word);
        d = bundle_with("expected_sign", [&](const fs::path& b) {
            write(b / "expected.json", std::string(R"({"ranges": [{"addr": 0, "words": [")") + word + "\"]}]}");
        });
        r = fgtlm("run " + q(d) + " --check");
        EXPECT_EQ(r.rc, 2);
        EXPECT_HAS(r.out, "not a 32-bit hex word");
    }
    d = bundle_with("all_null", [](const fs::path& b) {
        write(b / "expected.json", R"({"ranges": [{"addr": 0, "words": [null, null]}]})");
    });
    r = fgtlm("run " + q(d) + " --check");
    EXPECT_EQ(r.rc, 1);
    EXPECT_HAS(r.out, "FAIL");
    EXPECT_HAS(r.out, "no words compared");
    d = bundle_with("all_undefined", [](const fs::path& b) {
        json L = json::parse(std::ifstream(b / "launch.json"));
        L["global_init_undefined"] = {{0, 262144}};
        write(b / "launch.json", L.dump());
    });
    r = fgtlm("run " + q(d) + " --check");
    EXPECT_EQ(r.rc, 1);
    EXPECT_HAS(r.out, "no words compared");
}

// A FlexGripPlus folder: register values, rdata-log addresses and duplicate constants.
fs::path flexgrip_app(const std::string& name, const std::string& config, const std::string& log) {
    const fs::path root = temp_dir(name);
    const fs::path d = root / "app";
    fs::create_directories(d);
    write(d / "pick_bench.vhd",
          "package pick_bench is\n  constant BENCH_K_BLKX : integer := 32;\n"
          "  constant BENCH_KERNEL_GPRS : integer := 4;\n  constant BENCH_KERNEL_PARAM_SIZE : integer := 1;\n"
          "  constant BENCH_CMEM_PARAM_SIZE : integer := 1;\nend;\n");
    write(d / "TP_instructions.vhd",
          "when 0 => instruction_out <= x\"30000003\";\nwhen 1 => instruction_out <= x\"00000780\";\n");
    if (!config.empty()) write(root / "TP_configuration.vhd", config);
    if (!log.empty()) write(d / "gpgpu_rdata.log", log);
    return d;
}

std::string tp_config(const std::string& kreg0, const std::string& creg0) {
    return "package TP_configuration is\n  constant kernel_regs_default : kernel_regs_array(15 downto 0) := (0 => " +
           kreg0 + ", others => x\"00000000\");\n  constant cmem_regs_default : cmem_array(63 downto 0) := (0 => " +
           creg0 + ", others => x\"00\");\nend;\n";
}

TEST(SilentWrap, FlexGripPlusValuesAreNotTruncated) {
    const std::pair<std::string, const char*> cases[] = {
        {tp_config("x\"100000000\"", "x\"00\""), "kernel_regs_default(0) = x\"100000000\" is not a 32-bit word"},
        {tp_config("-1", "x\"00\""), "kernel_regs_default(0) = -1 is not a 32-bit word"},
        {tp_config("x\"00000000\"", "\"100000000\""), "cmem_regs_default(0) = x\"100\" is not a byte"},
    };
    for (const auto& [config, message] : cases) {
        SCOPED_TRACE(message);
        const Result r = fgtlm("run --flexgrip " + q(flexgrip_app("tp_values", config, "")));
        EXPECT_EQ(r.rc, 2);
        EXPECT_HAS(r.out, message);
    }
    // The ancestor folder's TP_configuration.vhd is used, and said.
    const Result r = fgtlm("run --flexgrip " + q(flexgrip_app("tp_ancestor", tp_config("5", "x\"01\""), "")));
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_HAS(r.out, "TP_configuration.vhd of an ancestor folder used");
}

TEST(SilentWrap, RdataLogAddressesAreNotWrapped) {
    const std::pair<const char*, const char*> cases[] = {
        {"100000000 00000000\n", "address 100000000 does not fit in 32 bits"},
        {"12345678901234567890 00000000\n", "does not fit in 32 bits"},
        {"00003 00000000\n", "not a multiple of 4"},
    };
    for (const auto& [log, message] : cases) {
        SCOPED_TRACE(log);
        const Result r = fgtlm("run --flexgrip " + q(flexgrip_app("rdata", "", log)) + " --check");
        EXPECT_EQ(r.rc, 2);
        EXPECT_HAS(r.out, message);
    }
}

TEST(SilentWrap, VhdlConstantDeclaredTwiceIsAnError) {
    const fs::path d = flexgrip_app("dup_const", "", "");
    write(d / "pick_bench.vhd",
          "package pick_bench is\n  constant BENCH_K_BLKX : integer := 32;\n  constant BENCH_K_BLKX : integer := 64;\n"
          "  constant BENCH_KERNEL_GPRS : integer := 4;\nend;\n");
    const Result r = fgtlm("run --flexgrip " + q(d));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "pick_bench.vhd:3: constant bench_k_blkx is declared twice (first at line 2)");
}

}  // namespace
