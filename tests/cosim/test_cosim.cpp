// Co-simulation parts that need no GHDL: commit-trace reader/differ, the RTL event
// normalizer, the random kernel generator, the compile-order reader, the source patches and
// the RTL result cache's key and store.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>

#include <unistd.h>

#include "../flexgrip_dir.hpp"

#include <fgtlm/cosim/commit_diff.hpp>
#include <fgtlm/cosim/random_kernel.hpp>
#include <fgtlm/cosim/rtl_build.hpp>
#include <fgtlm/cosim/rtl_policy_params.hpp>
#include <fgtlm/cosim/rtl_result_cache.hpp>
#include <fgtlm/cosim/rtl_run.hpp>
#include <fgtlm/loaders/testbench_writer.hpp>

#include "rtl_commit_trace.hpp"
#include "rtl_patches.hpp"

namespace {

namespace fs = std::filesystem;
using namespace fgtlm::cosim;

fs::path scratch(const std::string& name) {
    const fs::path d = fs::temp_directory_path() / ("fgtlm_cosim_test_" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d / name;
}

fs::path write(const std::string& name, const std::string& text) {
    const fs::path p = scratch(name);
    std::ofstream(p) << text;
    return p;
}

// Normalises a raw RTL trace of one 32-thread block on 8 cores into commit records.
auto normalize_one_warp_8_cores(const std::string& raw, const std::string& raw_name, const std::string& out_name) {
    const auto in = write(raw_name, raw);
    const auto out = scratch(out_name);
    fgtlm::loaders::KernelImage img;
    img.cores = 8;
    img.launch.block[0] = 32;
    img.launch.blocks_per_sm = 1;
    normalize_rtl_commit_trace(in, out, img);
    return read_commit_trace(out);
}

// 32 lane values first, first+1, ... ('-' outside mask).
std::string lanes(std::uint32_t first, std::uint32_t mask = 0xffffffff) {
    std::string s;
    char buf[16];
    for (std::uint32_t l = 0; l < 32; ++l) {
        if ((mask >> l) & 1u) {
            std::snprintf(buf, sizeof buf, " %08x", first + l);
            s += buf;
        } else {
            s += " -";
        }
    }
    return s;
}

const std::string kHeader = "# fgtlm commit trace v1\n# cycle sm block warp pc mask | disassembly | destination\n";

TEST(CommitDiff, IdenticalStreamsAgreeWhateverTheCycles) {
    const auto a = write("a.txt", kHeader + "10 0 0 0 0000 ffffffff | I2I.U32.S32 R8, |R3| | R8 =" + lanes(0) + "\n" +
                                      "20 0 0 0 0008 ffffffff | RET |\n");
    const auto b = write("b.txt", kHeader + "99 0 0 0 0000 ffffffff | I2I.U32.S32 R8, |R3| | R8 =" + lanes(0) + "\n" +
                                      "120 0 0 0 0008 ffffffff | RET |\n");
    const CommitDiff d = diff_commit_traces(read_commit_trace(a), read_commit_trace(b));
    EXPECT_FALSE(d.first.has_value());
    EXPECT_EQ(d.compared, 2u);
    EXPECT_EQ(read_commit_trace(a)[0].text, "I2I.U32.S32 R8, |R3|");
}

TEST(CommitDiff, NamesTheFirstDifferingLaneWithBothValues) {
    const auto a =
        write("c.txt", kHeader + "10 0 0 1 0010 0000ffff | IADD R1, R2, R3 | R1 =" + lanes(5, 0xffff) + "\n");
    std::string other = lanes(5, 0xffff);
    other.replace(9 * 3 + 1, 8, "deadbeef");  // lane 3
    const auto b = write("d.txt", kHeader + "12 0 0 1 0010 0000ffff | IADD R1, R2, R3 | R1 =" + other + "\n");
    const CommitDiff d = diff_commit_traces(read_commit_trace(a), read_commit_trace(b));
    ASSERT_TRUE(d.first.has_value());
    EXPECT_EQ(d.first->what, "R1 lane 3");
    EXPECT_EQ(d.first->rtl_value, "00000008");
    EXPECT_EQ(d.first->model_value, "deadbeef");
    EXPECT_EQ(d.first->warp, 1u);
    EXPECT_EQ(d.first->pc, 0x10u);
    EXPECT_EQ(d.first->rtl_cycle, 10u);
}

TEST(CommitDiff, MaskAndMissingCommitsAreDivergences) {
    const auto a = write("e.txt", kHeader + "10 0 0 0 0000 ffffffff | SSY 0x20 |\n20 0 0 0 0008 ffffffff | RET |\n");
    const auto b = write("f.txt", kHeader + "10 0 0 0 0000 0000ffff | SSY 0x20 |\n");
    CommitDiff d = diff_commit_traces(read_commit_trace(a), read_commit_trace(b));
    ASSERT_TRUE(d.first.has_value());
    EXPECT_EQ(d.first->what, "active mask");
    const auto c = write("g.txt", kHeader + "10 0 0 0 0000 ffffffff | SSY 0x20 |\n");
    d = diff_commit_traces(read_commit_trace(a), read_commit_trace(c));
    ASSERT_TRUE(d.first.has_value());
    EXPECT_EQ(d.first->what, "commit missing in the model");
    EXPECT_EQ(d.first->pc, 8u);
}

TEST(CommitDiff, MalformedLineNamesFileAndLine) {
    const auto a = write("h.txt", kHeader + "10 0 0 0 0000 ffffffff | IADD R1, R2, R3 | R1 = 1 2 3\n");
    try {
        read_commit_trace(a);
        FAIL() << "accepted a line with 3 lane values";
    } catch (const CosimError& e) {
        EXPECT_NE(std::string(e.what()).find("h.txt:3"), std::string::npos) << e.what();
    }
}

// Every number of a commit-trace line goes through io's checked parser: a 20-digit, negative,
// empty or junk field is an error naming the file, the line and the field (issue 27; it was a
// bare std::stoul, and istream's >> took "-1" for 2^64-1).
const char* const kHostileFields[] = {"99999999999999999999", "-1", "", "zz"};

std::string cosim_error(const std::function<void()>& f) {
    try {
        f();
    } catch (const CosimError& e) {
        return e.what();
    }
    return "accepted";
}

TEST(CommitDiff, HostileNumberFieldsAreNamed) {
    const char* const names[] = {"cycle", "sm", "block", "warp", "pc", "mask"};
    for (int field = 0; field < 7; ++field) {
        for (const char* bad : kHostileFields) {
            std::string f[7] = {"10", "0", "0", "0", "0000", "ffffffff", "00000001"};
            f[field] = bad;
            SCOPED_TRACE(std::to_string(field) + " = '" + bad + "'");
            const std::string line = f[0] + " " + f[1] + " " + f[2] + " " + f[3] + " " + f[4] + " " + f[5] +
                                     " | MOV R1, R0 | R1 = " + f[6] + lanes(1).substr(9);
            const auto a = write("hostile.txt", kHeader + line + "\n");
            const std::string why = cosim_error([&] { read_commit_trace(a); });
            EXPECT_NE(why.find("hostile.txt:3: "), std::string::npos) << why;
            if (*bad == 0) continue;  // an empty field is a missing one: the line's shape is named
            EXPECT_NE(why.find(field < 6 ? std::string(names[field]) + ": " : "lane 0 value: "), std::string::npos)
                << why;
        }
    }
}

TEST(RtlCommitTrace, HostileNumberFieldsAreNamed) {
    // F cycle warp pass pc words mask; G cycle core:pass:value
    const char* const names[] = {"cycle", "warp", "pass", "pc", "words", "mask", "core", "pass"};
    for (int field = 0; field < 8; ++field) {
        for (const char* bad : kHostileFields) {
            std::string f[8] = {"10", "00", "0", "00000000", "0400078020000205", "FFFFFFFF", "0", "0"};
            f[field] = bad;
            SCOPED_TRACE(std::to_string(field) + " = '" + bad + "'");
            const std::string raw = "B 1\nF " + f[0] + " " + f[1] + " " + f[2] + " " + f[3] + " " + f[4] + " " + f[5] +
                                    "\nE 11 00 0 FFFFFFFF\nG 12 " + f[6] + ":" + f[7] + ":00000001\n";
            const std::string why = cosim_error([&] { normalize_one_warp_8_cores(raw, "raw_bad.txt", "n.txt"); });
            EXPECT_NE(why.find(field < 6 ? "raw_bad.txt:2: " : "raw_bad.txt:4: "), std::string::npos) << why;
            if (*bad == 0) continue;  // a missing field: "short F record" or "expected core:pass:value"
            EXPECT_NE(why.find(std::string(names[field]) + ": "), std::string::npos) << why;
        }
    }
}

TEST(RtlCommitTrace, PassesOfEightCoresBecomeOneWarpInstruction) {
    // IADD32 R1, R1, R0 (short word 0x20008204? use a long IADD: lo 0x20000205 hi 0x04000780 = IADD R1, R1, R0),
    // four passes of 8 cores, thread = pass * 8 + core, value = 0x100 + thread.
    std::string raw = "B 1\n";
    for (int pass = 0; pass < 4; ++pass) {
        raw += "F 10 00 " + std::to_string(pass) + " 00000000 0400078020000205 FFFFFFFF\n";
        raw += "E 11 00 " + std::to_string(pass) + " FFFFFFFF\nG 12";
        for (int core = 0; core < 8; ++core) {
            char item[32];
            std::snprintf(item, sizeof item, " %d:%d:%08X", core, pass, 0x100 + pass * 8 + core);
            raw += item;
        }
        raw += "\nW " + std::to_string(13 + pass) + " 00 " + std::to_string(pass) + "\n";
    }
    const auto recs = normalize_one_warp_8_cores(raw, "raw.txt", "norm.txt");
    ASSERT_EQ(recs.size(), 1u);
    EXPECT_EQ(recs[0].cycle, 16u);
    EXPECT_EQ(recs[0].mask, 0xffffffffu);
    EXPECT_EQ(recs[0].dst, "R1");
    EXPECT_EQ(recs[0].text, "IADD R1, R1, R0");
    for (std::uint32_t t = 0; t < 32; ++t) EXPECT_EQ(recs[0].values[t], 0x100u + t) << "thread " << t;
}

// The RTL writes a half destination of ISET whole, by its raw field (R3L = field 6 = R6):
// the normalised trace names that register and shows the whole value.
TEST(RtlCommitTrace, HalfDestinationWrittenWholeIsNamedByField) {
    // ISET.U16 R3L, R1L, R2L, LE = lo 0x30040419 hi 0x6000c780
    std::string raw = "B 1\n";
    for (int pass = 0; pass < 4; ++pass) {
        raw += "F 10 00 " + std::to_string(pass) + " 00000000 6000C78030040419 FFFFFFFF\n";
        raw += "E 11 00 " + std::to_string(pass) + " FFFFFFFF\nG 12";
        for (int core = 0; core < 8; ++core)
            raw += " " + std::to_string(core) + ":" + std::to_string(pass) + ":FFFFFFFF";
        raw += "\nW " + std::to_string(13 + pass) + " 00 " + std::to_string(pass) + "\n";
    }
    const auto recs = normalize_one_warp_8_cores(raw, "raw_half.txt", "norm_half.txt");
    ASSERT_EQ(recs.size(), 1u);
    EXPECT_EQ(recs[0].text, "ISET.U16 R3L, R1L, R2L, LE");
    EXPECT_EQ(recs[0].dst, "R6");
    EXPECT_EQ(recs[0].values[31], 0xffffffffu);
}

TEST(RandomKernel, SameSeedSameKernelAndEveryKernelAssembles) {
    EXPECT_EQ(generate_kernel(42).sass(), generate_kernel(42).sass());
    EXPECT_NE(generate_kernel(42).sass(), generate_kernel(43).sass());
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const RandomKernel k = generate_kernel(seed);
        fgtlm::loaders::KernelImage img;
        ASSERT_NO_THROW(img = k.image()) << k.sass();
        EXPECT_NO_THROW(fgtlm::loaders::validate_for_testbench(img)) << k.name;
        EXPECT_GE(k.items.size(), 6u);
    }
}

// Seeds 1..300 with `opt`: every kernel assembles and passes the testbench checks; `all`
// gets their texts (for the tests that look for forms).
void generate_300_kernels(const GeneratorOptions& opt, std::string& all) {
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const RandomKernel k = generate_kernel(seed, opt);
        fgtlm::loaders::KernelImage img;
        ASSERT_NO_THROW(img = k.image()) << k.sass();
        EXPECT_NO_THROW(fgtlm::loaders::validate_for_testbench(img)) << k.name;
        all += k.sass();
    }
}

// --int-forms: every kernel assembles, and the integer forms are there.
TEST(RandomKernel, IntegerFormsAssemble) {
    GeneratorOptions opt;
    opt.int_forms = true;
    EXPECT_NE(generate_kernel(42, opt).sass(), generate_kernel(42).sass());
    std::string all;
    ASSERT_NO_FATAL_FAILURE(generate_300_kernels(opt, all));
    for (const char* form : {"IMIN", "IMAX.S16", "IADD.CARRY1", "IMAD.S16.CARRY1", "ISET.U16", "SHR.S16",
                             "IMUL.S24.S24", "IMUL32I.S16.S16", "IADD32I R"})
        EXPECT_NE(all.find(form), std::string::npos) << form;
}

// --float-mix: every kernel assembles, and the float forms with memory operands do appear.
TEST(RandomKernel, FloatMixAssemblesAndHasMemoryOperandForms) {
    GeneratorOptions opt;
    opt.float_mix = true;
    std::string all;
    ASSERT_NO_FATAL_FAILURE(generate_300_kernels(opt, all));
    for (const char* form :
         {"FMAD32I R", "FADD32I R", "c[0x0][", "c[0x3][", "FADD.C0 ", "FSET.C0 o[0x7f], g [", "IMUL.U16.U16 R"})
        EXPECT_NE(all.find(form), std::string::npos) << form;
}

TEST(RtlBuild, CompileOrderOfTheFlexgripCheckout) {
    FGTLM_SKIP_WITHOUT_FLEXGRIP();
    const fs::path rtl = fgtlm::test::flexgrip_dir();
    const auto files = compile_order(rtl);
    EXPECT_EQ(files.size(), 121u);
    EXPECT_EQ(files.front().filename(), "pick_bench.vhd");
    EXPECT_EQ(files.back().filename(), "tb_top_level.vhd");
}

TEST(RtlBuild, NotAFlexGripFolderIsNamed) {
    try {
        compile_order(scratch("nothing"));
        FAIL();
    } catch (const CosimError& e) {
        EXPECT_NE(std::string(e.what()).find("not a FlexGripPlus folder"), std::string::npos);
    }
}

TEST(RtlPatches, MissingAnchorsNameTheFile) {
    EXPECT_THROW(patch_dp_ram("entity other is end;", "x/dp_ram.vhd"), CosimError);
    EXPECT_THROW(patch_streaming_multiprocessor("nothing", "x/sm.vhd"), CosimError);
    const std::string tb = patch_testbench("architecture a of tb is\nbegin\nend;\n", "tb.vhd");
    EXPECT_NE(tb.find("uFgtlmMonitor : entity work.fgtlm_monitor"), std::string::npos);
    EXPECT_LT(tb.find("uFgtlmMonitor"), tb.rfind("end;"));
}

}  // namespace

namespace {

RtlBuild fake_build(const std::string& key) {
    RtlBuild b;
    b.key = key;
    b.cores = 8;
    b.rtl_dir = scratch("no_rtl");  // no RTL/system_mem.mif: an empty one
    return b;
}

std::string key_of(const RtlBuild& b, const fgtlm::loaders::KernelImage& img, const RtlRunOptions& o = {}) {
    return rtl_run_key(b.key, rtl_run_inputs(b, img, o));
}

TEST(RtlResultCache, KeyCoversEveryRunInputAndTheBuild) {
    const RtlBuild b = fake_build("0123456789abcdef");
    const auto img = generate_kernel(5).image();
    const std::string k = key_of(b, img);
    EXPECT_EQ(k.size(), 32u);
    EXPECT_EQ(k, key_of(b, generate_kernel(5).image()));        // same launch, same key
    EXPECT_NE(k, key_of(fake_build("0123456789abcdee"), img));  // another build (RTL sources, GHDL, VHDL)
    auto mem = img;
    mem.global_init.at(8) ^= 1u;  // one bit of global_mem.mif
    EXPECT_NE(k, key_of(b, mem));
    auto prog = img;
    prog.program.back() ^= 0x100u;  // one instruction word
    EXPECT_NE(k, key_of(b, prog));
    auto launch = img;
    launch.launch.params.at(0) += 4;  // TP_configuration: a parameter
    EXPECT_NE(k, key_of(b, launch));
    RtlRunOptions limit;
    limit.max_cycles = 1000;  // the simulator's stop time
    EXPECT_NE(k, key_of(b, img, limit));
    RtlRunOptions readback;
    readback.fast_dump = false;  // launch flags
    EXPECT_NE(k, key_of(b, img, readback));
    // Not inputs of the simulation: the wall-clock limit and the cache folder.
    RtlRunOptions other;
    other.timeout_seconds = 5;
    other.result_cache = scratch("elsewhere");
    EXPECT_EQ(k, key_of(b, img, other));
    auto cores16 = img;
    cores16.cores = 16;  // the launch must fit the build
    EXPECT_THROW(rtl_run_inputs(b, cores16, {}), CosimError);
}

TEST(RtlResultCache, StoredOutputsAreRestoredIntoAnotherRunFolder) {
    const fs::path cache = scratch("runs"), a = scratch("run_a"), b = scratch("run_b");
    fs::remove_all(cache);
    fs::create_directories(a);
    fs::create_directories(b);
    std::ofstream(a / "fgtlm_result.txt") << "kernel_cycles 1234\n";
    std::ofstream(a / "fgtlm_gmem.log") << "00000 0000002A\n";
    std::ofstream(a / "fgtlm_launch.txt") << "not an output\n";
    std::ofstream(b / "fgtlm_commit.raw") << "stale output of another run\n";
    const std::string key(32, 'a');
    EXPECT_FALSE(restore_rtl_run(cache, key, b).has_value());
    EXPECT_TRUE(fs::exists(b / "fgtlm_commit.raw"));  // a miss leaves the folder alone
    ASSERT_TRUE(store_rtl_run(cache, {key, 12.5, 0}, "buildkey", a));
    EXPECT_FALSE(fs::exists(cache / key / "fgtlm_launch.txt"));
    const auto hit = restore_rtl_run(cache, key, b);
    ASSERT_TRUE(hit.has_value());
    EXPECT_DOUBLE_EQ(hit->wall_seconds, 12.5);
    const RtlResult r = read_rtl_outputs(b);
    EXPECT_TRUE(r.kernel_done);
    EXPECT_EQ(r.kernel_cycles, 1234u);
    ASSERT_EQ(r.memory.words.size(), 1u);
    EXPECT_EQ(r.memory.words[0], 42u);
    EXPECT_FALSE(fs::exists(b / "fgtlm_commit.raw"));  // outputs the cached run did not have are gone
    // A damaged entry is a miss, not an error.
    std::ofstream(cache / key / "info.json") << "{ not json";
    EXPECT_FALSE(restore_rtl_run(cache, key, b).has_value());
}

}  // namespace

// `fgtlm params -p core.semantics=g80` lists what a run would use: the g80 preset's values,
// except a core.rtl.* that was set, which keeps its own value and source.
TEST(RtlPolicyParams, ListingShowsThePresetsValues) {
    fgtlm::params::Registry reg;
    fgtlm::cosim::declare_rtl_policy_params(reg);
    reg.apply_override("core.semantics=g80");
    reg.apply_override("core.rtl.constant_move=true");
    EXPECT_EQ(fgtlm::cosim::show_preset_values(reg), "");
    EXPECT_FALSE(reg.get_bool("core.rtl.register_fields"));
    EXPECT_EQ(reg.find("core.rtl.register_fields").source, "core.semantics=g80");
    EXPECT_TRUE(reg.get_bool("core.rtl.constant_move"));
    EXPECT_EQ(reg.find("core.rtl.constant_move").source, "-p");
    fgtlm::core::RtlPolicy resolved;
    EXPECT_EQ(fgtlm::cosim::resolve_rtl_policy(reg, resolved), "");
    const auto g80 = fgtlm::core::RtlPolicy::preset(fgtlm::core::Semantics::G80);
    EXPECT_EQ(resolved.register_fields, g80.register_fields);
    reg.apply_override("core.semantics=rtx");
    EXPECT_NE(fgtlm::cosim::show_preset_values(reg).find("core.semantics"), std::string::npos);
}
