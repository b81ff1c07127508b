// models/rtl: the lock-step comparator (plain C++) and the FlexGripPlus RTL driven through
// RtlBackend (the Verilated netlist, and GHDL clock by clock), checked against what GHDL
// produced for a conformance bundle and against each other, probe by probe.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/checker.hpp>
#include <fgtlm/rtl/lockstep.hpp>
#include <fgtlm/rtl/rtl_backend.hpp>

namespace {

using namespace fgtlm;

rtl::LockstepCommit commit(std::uint32_t slot, std::uint32_t pc, std::uint32_t next_pc, std::uint32_t mask = ~0u) {
    rtl::LockstepCommit c;
    c.slot = slot;
    c.pc = pc;
    c.next_pc = next_pc;
    c.mask = mask;
    return c;
}

TEST(CommitComparator, MatchesPerWarpSlotWhateverTheInterleaving) {
    rtl::CommitComparator cmp;
    // TLM: slot 0 runs 0x00 -> 0x08 -> 0x10 (last), slot 1 runs 0x00 (last).
    EXPECT_TRUE(cmp.push_tlm(commit(0, 0x00, 0)));
    EXPECT_TRUE(cmp.push_tlm(commit(0, 0x08, 0)));
    auto last1 = commit(1, 0x00, 0);
    last1.next_pc_known = false;
    EXPECT_TRUE(cmp.push_tlm(last1));
    auto last0 = commit(0, 0x10, 0);
    last0.next_pc_known = false;
    EXPECT_TRUE(cmp.push_tlm(last0));
    // RTL: next PCs, slots interleaved differently; a warp's last commit is FINISHED.
    auto finished = [](rtl::LockstepCommit c) {
        c.finished = true;
        return c;
    };
    EXPECT_TRUE(cmp.push_rtl(finished(commit(1, 0, 0x08))));
    EXPECT_TRUE(cmp.push_rtl(commit(0, 0, 0x08)));
    EXPECT_TRUE(cmp.push_rtl(commit(0, 0, 0x10)));
    EXPECT_TRUE(cmp.push_rtl(finished(commit(0, 0, 0x18))));
    EXPECT_FALSE(cmp.divergence().has_value());
    EXPECT_EQ(cmp.compared(), 4u);
    EXPECT_FALSE(cmp.unmatched().has_value());
}

TEST(CommitComparator, SkipsTheRtlTailAfterAnEndMarkedInstruction) {
    // The TLM warp ends at an end-marked GST; the RTL runs on to the RET and finishes there.
    rtl::CommitComparator cmp;
    EXPECT_TRUE(cmp.push_tlm(commit(0, 0x38, 0)));
    auto gst = commit(0, 0x40, 0);
    gst.next_pc_known = false;
    EXPECT_TRUE(cmp.push_tlm(gst));
    EXPECT_TRUE(cmp.push_rtl(commit(0, 0, 0x40)));
    EXPECT_TRUE(cmp.push_rtl(commit(0, 0, 0x48)));
    auto ret = commit(0, 0, 0x50, 0);
    ret.finished = true;
    EXPECT_TRUE(cmp.push_rtl(ret));
    EXPECT_FALSE(cmp.divergence().has_value());
    EXPECT_EQ(cmp.compared(), 2u);
    EXPECT_EQ(cmp.rtl_tail_commits(), 1u);
    EXPECT_FALSE(cmp.unmatched().has_value());
}

TEST(CommitComparator, ReportsTheFirstNextPcDivergence) {
    rtl::CommitComparator cmp;
    EXPECT_TRUE(cmp.push_tlm(commit(2, 0x40, 0)));
    EXPECT_TRUE(cmp.push_tlm(commit(2, 0x60, 0)));  // branch taken to 0x60
    EXPECT_FALSE(cmp.push_rtl(commit(2, 0, 0x48)));  // the RTL fell through
    ASSERT_TRUE(cmp.divergence().has_value());
    EXPECT_NE(cmp.divergence()->find("warp slot 2"), std::string::npos) << *cmp.divergence();
    EXPECT_NE(cmp.divergence()->find("TLM 0x0060, RTL 0x0048"), std::string::npos) << *cmp.divergence();
}

TEST(CommitComparator, ReportsRegisterValueAndMaskDivergences) {
    rtl::CommitComparator cmp;
    auto t = commit(0, 0x10, 0);
    t.has_value = true;
    t.dest = 7;
    t.value_mask = 0x3;
    t.values[0] = 1;
    t.values[1] = 2;
    auto r = commit(0, 0, 0x18);
    r.has_value = true;
    r.dest = 7;
    r.values[0] = 1;
    r.values[1] = 0x7f800000;
    r.values[2] = 99;  // thread 2 did not write: not compared
    EXPECT_TRUE(cmp.push_tlm(t));
    EXPECT_TRUE(cmp.push_tlm(commit(0, 0x18, 0)));
    EXPECT_FALSE(cmp.push_rtl(r));
    ASSERT_TRUE(cmp.divergence().has_value());
    EXPECT_NE(cmp.divergence()->find("R7 of thread 1: TLM 0x00000002, RTL 0x7f800000"), std::string::npos)
        << *cmp.divergence();

    rtl::CommitComparator masks;
    EXPECT_TRUE(masks.push_tlm(commit(0, 0x10, 0, 0xffff)));
    EXPECT_TRUE(masks.push_tlm(commit(0, 0x18, 0)));
    EXPECT_FALSE(masks.push_rtl(commit(0, 0, 0x18, 0xffffffff)));
    EXPECT_NE(masks.divergence()->find("warp mask: TLM 0x0000ffff, RTL 0xffffffff"), std::string::npos);
}

TEST(CommitComparator, ReportsInstructionsOnlyOneSideCommitted) {
    rtl::CommitComparator cmp;
    EXPECT_TRUE(cmp.push_tlm(commit(0, 0x00, 0)));
    EXPECT_TRUE(cmp.push_tlm(commit(0, 0x08, 0)));
    EXPECT_TRUE(cmp.push_rtl(commit(0, 0, 0x08)));
    ASSERT_TRUE(cmp.unmatched().has_value());
    EXPECT_NE(cmp.unmatched()->find("warp slot 0"), std::string::npos);
}

// Runs a bundle on a fresh or reused backend; returns the kernel cycles, fills `mem`.
std::uint64_t run_bundle(rtl::RtlBackend& gpu, const loaders::KernelImage& img, std::vector<std::uint8_t>& mem) {
    gpu.reset();
    gpu.load_program(img.program);
    mem.assign(rtl::kGlobalBytes, 0);
    std::copy_n(img.global_init.begin(), std::min<std::size_t>(img.global_init.size(), mem.size()), mem.begin());
    gpu.write_global(0, mem);
    gpu.configure(img.launch);
    gpu.start();
    while (!gpu.step())
        if (gpu.kernel_cycles() > 1'000'000) return 0;
    gpu.read_global(0, mem);
    return gpu.kernel_cycles();
}

TEST(RtlBackend, VectorAddFloatIsCycleExactAgainstGhdlAndRunsTwice) {
    const auto img = loaders::load_bundle(std::string(FGTLM_DATA_DIR) + "/conformance/VectorAdd_float");
    ASSERT_EQ(img.cores, rtl::RtlBackend::verilated_cores());
    rtl::RtlBackend gpu;
    std::vector<std::uint8_t> mem;
    EXPECT_EQ(run_bundle(gpu, img, mem), img.rtl_kernel_cycles);  // 2039, GHDL's count
    const auto report = loaders::check_global(img, mem.data(), mem.size(), nullptr);
    EXPECT_TRUE(report.pass()) << loaders::format_report(img.name, report);
    EXPECT_GT(report.compared, 3000u);
    EXPECT_EQ(gpu.commit_count(), 12u);  // warp instructions of the one warp
    // A second launch on the same model (reset between launches) behaves identically.
    EXPECT_EQ(run_bundle(gpu, img, mem), img.rtl_kernel_cycles);
    EXPECT_TRUE(loaders::check_global(img, mem.data(), mem.size(), nullptr).pass());
}

TEST(RtlBackend, RejectsOutOfRangeMemoryAccessesClearly) {
    rtl::RtlBackend gpu;
    std::vector<std::uint8_t> bytes(16);
    EXPECT_THROW(gpu.write_global(rtl::kGlobalBytes - 8, bytes), std::out_of_range);
    EXPECT_THROW(gpu.read_global(rtl::kGlobalBytes, bytes), std::out_of_range);
    EXPECT_THROW(gpu.write_const(rtl::kConstBytes - 1, bytes), std::out_of_range);
}

// Every commit and execute-stage result pass of a run, as comparable text.
std::vector<std::string> probe_log(rtl::RtlBackend& gpu, const loaders::KernelImage& img) {
    gpu.capture_results(true);
    gpu.reset();
    gpu.load_program(img.program);
    std::vector<std::uint8_t> mem(rtl::kGlobalBytes, 0);
    std::copy_n(img.global_init.begin(), std::min<std::size_t>(img.global_init.size(), mem.size()), mem.begin());
    gpu.write_global(0, mem);
    gpu.configure(img.launch);
    gpu.start();
    std::vector<std::string> log;
    while (!gpu.step() && gpu.kernel_cycles() < 1'000'000) {
        std::ostringstream s;
        if (gpu.committed()) {
            const auto& c = gpu.last_commit();
            s << c.cycle << " W " << c.warp << ' ' << c.lane_pass << ' ' << c.next_pc << ' ' << c.mask << ' '
              << c.warp_state;
        }
        if (gpu.has_result()) {
            const auto& r = gpu.last_result();
            s << " E " << r.warp << ' ' << r.lane_pass << ' ' << r.instr_mask << ' ' << r.dest << ' '
              << r.dest_mem_type;
            for (std::uint32_t c = 0; c < gpu.cores(); ++c) s << ' ' << r.values[c];
        }
        if (!s.str().empty()) log.push_back(s.str());
    }
    return log;
}

rtl::RtlBackendOptions ghdl() {
    rtl::RtlBackendOptions o;
    o.kind = rtl::RtlBackendKind::Ghdl;
    return o;
}

// GHDL simulating the VHDL (exact by construction): GHDL's cycles and memory, twice on one
// simulation, memory contents surviving a load / clock / read-back round trip.
TEST(RtlBackendGhdl, VectorAddFloatIsCycleExactAndRunsTwice) {
    const auto img = loaders::load_bundle(std::string(FGTLM_DATA_DIR) + "/conformance/VectorAdd_float");
    rtl::RtlBackend gpu(ghdl());
    EXPECT_EQ(gpu.kind(), rtl::RtlBackendKind::Ghdl);
    std::vector<std::uint8_t> mem;
    EXPECT_EQ(run_bundle(gpu, img, mem), img.rtl_kernel_cycles);
    EXPECT_TRUE(loaders::check_global(img, mem.data(), mem.size(), nullptr).pass());
    EXPECT_EQ(gpu.commit_count(), 12u);
    EXPECT_EQ(run_bundle(gpu, img, mem), img.rtl_kernel_cycles);
    EXPECT_TRUE(loaders::check_global(img, mem.data(), mem.size(), nullptr).pass());
    // A pattern written into the RTL's memory, clocked (reset) and read back from the RTL.
    std::vector<std::uint8_t> pattern(rtl::kGlobalBytes), back(rtl::kGlobalBytes);
    for (std::size_t i = 0; i < pattern.size(); ++i) pattern[i] = std::uint8_t(i * 7 + (i >> 8));
    gpu.write_global(0, pattern);
    gpu.reset();
    gpu.read_global(0, back);
    EXPECT_EQ(back, pattern);
}

// The Verilated netlist and GHDL's simulation of the VHDL agree on every commit and every
// execute-stage result pass, cycle by cycle (the netlist's fidelity, checked at the probes).
TEST(RtlBackendGhdl, VerilatedNetlistMatchesGhdlProbeByProbe) {
    const auto img = loaders::load_bundle(std::string(FGTLM_DATA_DIR) + "/conformance/exp");
    rtl::RtlBackend verilated, simulated(ghdl());
    const auto a = probe_log(verilated, img), b = probe_log(simulated, img);
    ASSERT_GT(a.size(), 100u);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], b[i]) << "probe record " << i;
    EXPECT_EQ(verilated.kernel_cycles(), simulated.kernel_cycles());
}

// The commit trace (traces/commit-trace.md) needs the fetch stage: GHDL back end only.
TEST(RtlBackendGhdl, CommitTraceOnlyFromGhdl) {
    rtl::RtlBackend verilated;
    std::ostringstream out;
    EXPECT_FALSE(verilated.can_trace());
    EXPECT_THROW(verilated.trace_commits(&out), std::logic_error);
    const auto img = loaders::load_bundle(std::string(FGTLM_DATA_DIR) + "/conformance/VectorAdd_float");
    rtl::RtlBackend gpu(ghdl());
    gpu.trace_commits(&out);
    std::vector<std::uint8_t> mem;
    EXPECT_EQ(run_bundle(gpu, img, mem), img.rtl_kernel_cycles);
    const std::string text = out.str();
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2 + 12);  // header + 12 warp instructions
    EXPECT_NE(text.find("0 0 0 0000 ffffffff | MOV.U16 R0H, g [0x1].U16 | R0H = 00000020"), std::string::npos);
}

TEST(RtlBackend, BackendNamesAreParsedOrRejectedClearly) {
    EXPECT_EQ(rtl::parse_backend_kind("ghdl"), rtl::RtlBackendKind::Ghdl);
    EXPECT_EQ(rtl::parse_backend_kind("verilator"), rtl::RtlBackendKind::Verilator);
    try {
        (void)rtl::parse_backend_kind("vcs");
        FAIL() << "vcs accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("'vcs': must be verilator or ghdl"), std::string::npos);
    }
}

}  // namespace

// fgtlm_rtl links SystemC (the engine and lock-step modules), whose main() calls sc_main.
int sc_main(int argc, char* argv[]) {
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
