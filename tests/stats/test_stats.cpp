// Statistics and trace writers on a synthetic kernel: 2 warps, an SP op, a global load, a
// divergent branch, a barrier.
#include <fgtlm/core/units/unit_table.hpp>
#include <fgtlm/isa/instruction.hpp>
#include <fgtlm/params/registry.hpp>
#include <fgtlm/stats/instrumentation.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>

using namespace fgtlm;

namespace {

std::string tmp(const std::string& name) { return std::string(FGTLM_TEST_TMP_DIR) + "/" + name; }

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct Kernel {
    isa::Instruction iadd, gld, bra, bar, ret;
    Kernel() {
        iadd.op = isa::Opcode::IADD;
        iadd.form = isa::Form::Short;
        iadd.address = 0x0;
        gld.op = isa::Opcode::GLD;
        gld.address = 0x4;
        bra.op = isa::Opcode::BRA;
        bra.address = 0xc;
        bar.op = isa::Opcode::BAR;
        bar.address = 0x14;
        ret.op = isa::Opcode::RET;
        ret.address = 0x1c;
    }
    // Runs the kernel on `obs`; every record is also committed with dst values = lane index.
    void run(stats::Instrumentation& obs) {
        core::LaunchConfig launch;
        launch.block[0] = 64;
        obs.begin_kernel(launch);
        obs.timing().on_block_start(0, 0);  // the SM's timing interface hears of it first
        obs.on_block_start(0, 0);
        std::uint32_t values[32];
        for (std::uint32_t i = 0; i < 32; ++i) values[i] = i;
        auto issue = [&](const isa::Instruction& inst, core::UnitId unit, std::uint32_t warp, auto&& tweak) {
            core::IssueRecord r;
            r.inst = &inst;
            r.pc = inst.address;
            r.warp = r.warp_slot = warp;
            r.unit = unit;
            r.flags = core::form_info(inst).flags;  // what core::Program caches at decode
            r.active_mask = r.issue_mask = 0xffffffffu;
            tweak(r);
            obs.timing().on_issue(r);
            obs.on_issue(r);
            obs.on_commit(r, values);
        };
        auto none = [](core::IssueRecord&) {};
        for (std::uint32_t w = 0; w < 2; ++w)
            issue(iadd, core::UnitId::SP, w, [](core::IssueRecord& r) { r.dst_reg = 1; r.src_regs = {2, 3, 0xff}; });
        for (std::uint32_t w = 0; w < 2; ++w)
            issue(gld, core::UnitId::Memory, w, [](core::IssueRecord& r) {
                r.dst_reg = 2;
                r.mem.space = core::MemSpace::Global;
                r.mem.access_bytes = 4;
                r.mem.transactions = 32;
                r.mem.bytes = 128;
            });
        issue(bra, core::UnitId::Branch, 0, [](core::IssueRecord& r) {
            r.diverged = true;
            r.branch_taken = true;
            r.stack_depth = 1;
        });
        issue(bra, core::UnitId::Branch, 1, none);
        for (std::uint32_t w = 0; w < 2; ++w)
            issue(bar, core::UnitId::Branch, w, [](core::IssueRecord& r) { r.barrier = true; });
        obs.timing().on_block_end(0, 0);
        obs.on_block_end(0, 0);  // the core reports the end before the last instructions
        for (std::uint32_t w = 0; w < 2; ++w)
            issue(ret, core::UnitId::Branch, w, [](core::IssueRecord& r) {
                r.warp_done = true;
                r.active_mask = 0x0000ffffu;
            });
    }
};

params::Registry registry() {
    params::Registry reg;
    timing::declare_timing_params(reg);
    return reg;
}

}  // namespace

TEST(Stats, JsonHasTheRequiredFigures) {
    auto reg = registry();
    stats::InstrumentationOptions opt;
    opt.stats_path = tmp("stats.json");
    stats::Instrumentation inst(reg, opt);
    Kernel k;
    k.run(inst);
    inst.end_kernel(0.5, "", {{"bundle", "synthetic"}});
    const auto j = nlohmann::json::parse(slurp(opt.stats_path));
    EXPECT_EQ(j["bundle"], "synthetic");
    EXPECT_EQ(j["warp_instructions"], 10);
    EXPECT_EQ(j["thread_instructions"], 8 * 32 + 2 * 16);
    EXPECT_EQ(j["kernel_cycles"], inst.timing().kernel_cycles());
    EXPECT_GT(j["kernel_cycles"].get<std::uint64_t>(), 0u);
    EXPECT_DOUBLE_EQ(j["sim_wall_seconds"].get<double>(), 0.5);
    EXPECT_EQ(j["memory"]["global"]["load_instructions"], 2);
    EXPECT_EQ(j["memory"]["global"]["bytes"], 256);
    EXPECT_EQ(j["divergence"]["divergent_branches"], 1);
    EXPECT_EQ(j["divergence"]["branches"], 2);
    EXPECT_EQ(j["divergence"]["barriers"], 2);
    EXPECT_EQ(j["divergence"]["max_stack_depth"], 1);
    EXPECT_EQ(j["instructions_by_opcode"]["BAR"], 2);
    ASSERT_EQ(j["blocks"].size(), 1u);
    // The block ends with its last instruction, even though on_block_end came earlier.
    EXPECT_EQ(j["blocks"][0]["end"].get<std::uint64_t>(), inst.timing().sm_stats(0).last_complete);
    const double sp = j["unit_busy_fraction"]["sp"].get<double>();
    EXPECT_GT(sp, 0.0);
    EXPECT_LE(sp, 1.0);
    EXPECT_GT(j["memory_controller_busy_fraction"]["global"].get<double>(), 0.0);
    std::uint64_t series = 0;
    for (const auto& v : j["timeseries"]["warp_instructions"]) series += v.get<std::uint64_t>();
    EXPECT_EQ(series, 10u);
    const std::string text = inst.stats().summary();
    EXPECT_NE(text.find("kernel cycles"), std::string::npos);
    EXPECT_NE(text.find("IPC"), std::string::npos);
}

TEST(Stats, LtAndAtDiffer) {
    auto reg = registry();
    stats::Instrumentation at(reg, {});
    stats::InstrumentationOptions lt_opt;
    lt_opt.mode = timing::Mode::Fixed;
    stats::Instrumentation lt(reg, lt_opt);
    Kernel k;
    k.run(at);
    k.run(lt);
    EXPECT_EQ(lt.timing().kernel_cycles(), 10u * 4u);  // 32/8 cycles per warp instruction
    EXPECT_GT(at.timing().kernel_cycles(), lt.timing().kernel_cycles());
}

// Issue 27: an issue past bucket 2048 of the first interval (a long kernel launch) met series
// vectors of 256 buckets: the merge read and filled out of range (SIGSEGV).
TEST(Stats, LateFirstIssueKeepsTheSeries) {
    for (const std::int64_t launch : {131072, 200000, 1000000}) {
        auto reg = registry();
        reg.set("gpu.kernel_launch_cycles", launch, "test");
        stats::Instrumentation at(reg, {});
        Kernel k;
        k.run(at);
        const nlohmann::json j = at.stats().to_json();
        std::uint64_t series = 0;
        for (const auto& v : j["timeseries"]["warp_instructions"]) series += v.get<std::uint64_t>();
        EXPECT_EQ(series, 10u) << launch;
        EXPECT_LE(j["timeseries"]["warp_instructions"].size(), 2048u);
        EXPECT_GT(at.timing().kernel_cycles(), std::uint64_t(launch));
    }
}

// Issue 27: a record per executed block (~1 KB of JSON each) grew without bound on a large
// grid; past kMaxBlockRecords blocks are only counted.
TEST(Stats, PerBlockRecordsAreBounded) {
    auto reg = registry();
    stats::Instrumentation at(reg, {});
    core::LaunchConfig launch;
    launch.grid[0] = 65535;
    launch.grid[1] = 65535;
    launch.block[0] = 32;
    at.begin_kernel(launch);
    const std::uint32_t limit = stats::StatsCollector::kMaxBlockRecords;
    for (const std::uint32_t b : {0u, limit - 1, limit, limit + 5, 4'000'000'000u}) {
        at.timing().on_block_start(0, b);
        at.on_block_start(0, b);
    }
    EXPECT_EQ(at.stats().blocks().size(), std::size_t(limit));
    const nlohmann::json j = at.stats().to_json();
    EXPECT_EQ(j["blocks"].size(), 2u);
    EXPECT_EQ(j["blocks_omitted"], 3u);
}

TEST(Stats, CommitTraceLines) {
    auto reg = registry();
    stats::InstrumentationOptions opt;
    opt.commit_path = tmp("commit.txt");
    stats::Instrumentation inst(reg, opt);
    Kernel k;
    k.run(inst);
    inst.end_kernel(0, "");
    std::ifstream in(opt.commit_path);
    std::string line;
    std::vector<std::string> lines;
    while (std::getline(in, line))
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    ASSERT_EQ(lines.size(), 10u);
    // "<cycle> 0 0 0 0000 ffffffff | ... | R1 = 00000000 00000001 ..."
    EXPECT_NE(lines[0].find(" 0 0 0 0000 ffffffff | "), std::string::npos) << lines[0];
    EXPECT_NE(lines[0].find("| R1 = 00000000 00000001"), std::string::npos) << lines[0];
    // RET with 16 active lanes: no destination, mask printed.
    EXPECT_NE(lines[9].find(" 0000ffff | "), std::string::npos) << lines[9];
    // Cycle column is the write-back cycle, non-decreasing for one warp.
    EXPECT_LT(std::stoull(lines[0]), std::stoull(lines[2]));
}

TEST(Stats, TimelineIsValidTraceEventJson) {
    auto reg = registry();
    stats::InstrumentationOptions opt;
    opt.timeline_path = tmp("timeline.json");
    stats::Instrumentation inst(reg, opt);
    Kernel k;
    k.run(inst);
    inst.end_kernel(0, "");
    const auto j = nlohmann::json::parse(slurp(opt.timeline_path));
    ASSERT_TRUE(j["traceEvents"].is_array());
    int instructions = 0, memory = 0, metadata = 0, barrier = 0;
    for (const auto& e : j["traceEvents"]) {
        if (e["ph"] == "M") ++metadata;
        if (e.value("cat", "") == "inst") ++instructions;
        if (e.value("cat", "") == "memory") ++memory;
        if (e.value("cat", "") == "barrier") ++barrier;
    }
    EXPECT_EQ(instructions, 10);
    EXPECT_EQ(memory, 2);
    EXPECT_GE(barrier, 1);  // warp 0 reached the barrier first
    EXPECT_GT(metadata, 0);
}

TEST(Stats, BadOutputPathIsReported) {
    auto reg = registry();
    stats::InstrumentationOptions opt;
    opt.commit_path = "/nonexistent-dir/x.txt";
    try {
        stats::Instrumentation inst(reg, opt);
        FAIL() << "expected an error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent-dir/x.txt"), std::string::npos);
    }
}
