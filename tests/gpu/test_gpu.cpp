// The SystemC GPU: GpuTop + Sm pipeline over TLM, in one simulation: conformance kernels on
// 1 SM, 2 SMs and without DMI; errors, watchdog, abort and recovery; interrupt; observers,
// the timing hook and the stage chain.
#include <gtest/gtest.h>

#include <filesystem>

#include <systemc>

#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/checker.hpp>

#include "../conformance_run.hpp"

namespace {

using namespace fgtlm;
using test::conformance_bundle;
using test::run_image;
namespace fs = std::filesystem;

struct Systems {
    // `one` keeps the model's memory checks (the RTL preset otherwise wraps addresses and
    // reads misaligned words byte by byte: core.rtl.*), so its error test has errors to see;
    // kernels that never hit a check run the same either way.
    gpu::StandaloneSystem one{"one", [] {
        gpu::SystemConfig c;
        c.gpu.sm.core.rtl.misaligned = core::Misaligned::Fault;
        c.gpu.sm.core.rtl.global_address_bits = 0;
        return c;
    }()};
    gpu::StandaloneSystem two{"two", [] { gpu::SystemConfig c; c.gpu.num_sms = 2; return c; }()};
    gpu::StandaloneSystem slow{"slow", [] {
        gpu::SystemConfig c;
        c.dmi = false;
        c.global_read_latency = sc_core::sc_time(20, sc_core::SC_NS);
        return c;
    }()};
    sc_core::sc_signal<bool> irq{"irq"};
    Systems() { one.gpu.irq.bind(irq); }
};
Systems* g = nullptr;

bool passes(gpu::StandaloneSystem& s, const loaders::KernelImage& img) {
    const auto& sh = s.undefined_shadow();
    const loaders::CheckReport r =
        loaders::check_global(img, s.global.data(), s.global.size(), sh.empty() ? nullptr : sh.data());
    if (!r.pass()) ADD_FAILURE() << loaders::format_report(img.name, r, 8);
    return r.pass();
}

loaders::KernelImage from_sass(const std::string& sass, std::uint16_t threads, std::uint16_t blocks = 1) {
    loaders::KernelImage img;
    const isa::AssembleResult r = isa::assemble(sass, "t.sass");
    EXPECT_TRUE(r.ok());
    img.program = r.words;
    img.launch.block[0] = threads;
    img.launch.grid[0] = blocks;
    img.launch.regs_per_thread = 16;
    img.launch.blocks_per_sm = 8;
    img.global_init.assign(4096, 0);
    return img;
}

const char* kStoreTid = R"(
    I2I.U32.U16 R1, R0L;
    SHL R10, R1, 0x2;
    IADD32I R2, R1, 0x100;
    GST.U32 global14[R10], R2;
    RET;
)";

TEST(Gpu, ConformanceKernelsOnOneSm) {
    for (const char* name :
         {"VectorAdd_integer", "VectorAdd_float", "Reduction", "MxM_naive_float", "VectorAdd_float-multiblock"}) {
        const auto img = conformance_bundle(name);
        const core::KernelResult r = run_image(g->one, img);
        ASSERT_TRUE(r.error.ok()) << r.error.describe();
        EXPECT_TRUE(passes(g->one, img)) << name;
        // fixed-mode default: 32 / 8 lanes = 4 cycles per warp instruction.
        EXPECT_EQ(r.cycles, 4 * r.warp_instructions) << name;
    }
}

TEST(Gpu, TwoSmsGiveTheSameResultsForRaceFreeKernels) {
    for (const char* name : {"VectorAdd_integer", "Reduction", "MxM_naive_float"}) {
        const auto img = conformance_bundle(name);
        ASSERT_TRUE(run_image(g->two, img).error.ok());
        EXPECT_TRUE(passes(g->two, img)) << name;
    }
    // Many blocks spread over both SMs.
    auto img = from_sass(kStoreTid, 64, 16);
    const core::KernelResult r = run_image(g->two, img);
    ASSERT_TRUE(r.error.ok());
    EXPECT_EQ(r.warp_instructions, 16u * 2u * 5u);
    EXPECT_EQ(g->two.read_u32(4 * 63), 0x100u + 63u);
}

TEST(Gpu, WithoutDmiEveryAccessUsesBTransport) {
    const auto img = conformance_bundle("Reduction");
    const core::KernelResult r = run_image(g->slow, img);
    ASSERT_TRUE(r.error.ok());
    EXPECT_TRUE(passes(g->slow, img));
    EXPECT_GT(g->slow.gpu.sm(0).global.slow_accesses, 0u);
    // Slow-path latency (20 ns = 2 cycles per read) is added to the kernel time.
    EXPECT_GT(r.cycles, 4 * r.warp_instructions);
    struct Latency : core::ExecutionObserver {
        std::uint64_t cycles = 0;
        void on_issue(const core::IssueRecord& rec) override { cycles += rec.mem.latency_cycles; }
    } lat;
    g->slow.gpu.add_observer(&lat);
    const core::KernelResult r2 = run_image(g->slow, img);
    EXPECT_EQ(r2.cycles, 4 * r2.warp_instructions + lat.cycles);
    EXPECT_EQ(lat.cycles % 2, 0u);
    EXPECT_GT(lat.cycles, 0u);
}

TEST(Gpu, ErrorsEndTheKernelAndTheNextOneRuns) {
    auto bad = from_sass("MVI R1, 0x3;\nGLD.U32 R2, global14[R1];\nRET;\n", 32);
    core::KernelResult r = run_image(g->one, bad);
    EXPECT_EQ(r.error.kind, core::KernelErrorKind::MisalignedAccess);
    EXPECT_EQ(r.error.pc, 8u);
    EXPECT_TRUE(g->one.gpu.irq_pending());
    EXPECT_TRUE(g->irq.read());
    auto oob = from_sass("MVI R1, 0x40000;\nGLD.U32 R2, global14[R1];\nRET;\n", 32);
    r = run_image(g->one, oob);
    EXPECT_EQ(r.error.kind, core::KernelErrorKind::OutOfRangeAccess);  // TLM address error
    EXPECT_EQ(r.error.address, 0x40000u);
    auto good = from_sass(kStoreTid, 32);
    r = run_image(g->one, good);
    ASSERT_TRUE(r.error.ok()) << r.error.describe();
    EXPECT_EQ(g->one.read_u32(4 * 31), 0x100u + 31u);
    g->one.gpu.clear_irq();
    EXPECT_FALSE(g->one.gpu.irq_pending());
}

TEST(Gpu, WatchdogStopsARunawayKernel) {
    auto spin = from_sass("loop:\nBRA loop;\nRET;\n", 32);
    g->one.gpu.set_watchdog(1000, 0);
    const core::KernelResult r = run_image(g->one, spin);
    g->one.gpu.set_watchdog(0, 0);
    EXPECT_EQ(r.error.kind, core::KernelErrorKind::Watchdog);
    EXPECT_LE(r.warp_instructions, 1001u);
}

TEST(Gpu, HostAbort) {
    auto spin = from_sass("loop:\nBRA loop;\nRET;\n", 32);
    g->one.load_global(spin.global_init);
    g->one.load_program(spin.program);
    g->one.gpu.start(spin.launch);
    sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_MS));
    EXPECT_TRUE(g->one.gpu.busy());
    g->one.gpu.abort();
    sc_core::sc_start();
    EXPECT_FALSE(g->one.gpu.busy());
    EXPECT_EQ(g->one.gpu.result().error.kind, core::KernelErrorKind::Aborted);
}

TEST(Gpu, InvalidLaunchCompletesImmediately) {
    auto img = from_sass(kStoreTid, 32);
    img.launch.regs_per_thread = 0;
    const core::KernelResult r = run_image(g->one, img);
    EXPECT_EQ(r.error.kind, core::KernelErrorKind::InvalidLaunch);
    EXPECT_FALSE(g->one.gpu.busy());
}

TEST(Gpu, ReloadedProgramIsSeen) {
    auto a = from_sass("MVI R2, 0x1;\nMVI R1, 0x0;\nGST.U32 global14[R1], R2;\nRET;\n", 1);
    auto b = from_sass("MVI R2, 0x2;\nMVI R1, 0x0;\nGST.U32 global14[R1], R2;\nRET;\n", 1);
    ASSERT_TRUE(run_image(g->one, a).error.ok());
    EXPECT_EQ(g->one.read_u32(0), 1u);
    ASSERT_TRUE(run_image(g->one, b).error.ok());
    EXPECT_EQ(g->one.read_u32(0), 2u);
}

struct CountingObserver : core::ExecutionObserver {
    std::uint64_t issues = 0, commits = 0, blocks_started = 0, blocks_ended = 0, global_ops = 0, threads = 0;
    int kernels_begun = 0, kernels_ended = 0;
    void on_kernel_begin(const core::LaunchConfig&) override { ++kernels_begun; }
    void on_kernel_end(const core::KernelResult&) override { ++kernels_ended; }
    void on_block_start(std::uint32_t, std::uint32_t) override { ++blocks_started; }
    void on_block_end(std::uint32_t, std::uint32_t) override { ++blocks_ended; }
    void on_issue(const core::IssueRecord& r) override {
        ++issues;
        threads += std::uint32_t(__builtin_popcount(r.active_mask));
        if (r.mem.space == core::MemSpace::Global) ++global_ops;
        EXPECT_NE(r.inst, nullptr);
    }
    void on_commit(const core::IssueRecord&, const std::uint32_t*) override { ++commits; }
};

struct FixedCost : core::IssueCost {
    std::uint64_t on_issue(const core::IssueRecord& r) override { return r.unit == core::UnitId::Memory ? 10 : 3; }
};

// A timing interface that picks the highest-numbered ready warp and checks it hears of every
// block and instruction before the observers do.
struct PickHighest : core::IssueCost {
    std::uint64_t issues = 0, blocks = 0, picks = 0;
    std::vector<std::uint32_t> order;
    void on_block_start(std::uint32_t, std::uint32_t) override { ++blocks; }
    std::uint64_t on_issue(const core::IssueRecord& r) override {
        ++issues;
        order.push_back(r.warp_slot);
        return 2;
    }
    bool picks_warps() const override { return true; }
    std::uint32_t pick_warp(std::uint32_t, std::uint32_t ready, std::uint32_t) override {
        ++picks;
        return 31u - std::uint32_t(__builtin_clz(ready));
    }
};
struct SeesTimingFirst : core::ExecutionObserver {
    const PickHighest* cost = nullptr;
    std::uint64_t issues = 0, blocks = 0, bad = 0;
    void on_block_start(std::uint32_t, std::uint32_t) override { bad += cost->blocks != ++blocks; }
    void on_issue(const core::IssueRecord&) override { bad += cost->issues != ++issues; }
};

TEST(Gpu, TimingInterfaceComesFirstAndMayPickTheWarp) {
    static PickHighest cost;  // the GPU keeps its observers: they must outlive the test
    static SeesTimingFirst obs;
    obs.cost = &cost;
    g->one.gpu.add_observer(&obs);
    g->one.gpu.set_issue_cost(&cost);
    auto img = from_sass(kStoreTid, 128, 1);  // 4 warps of 5 instructions
    const core::KernelResult r = run_image(g->one, img);
    g->one.gpu.set_issue_cost(nullptr);
    ASSERT_TRUE(r.error.ok()) << r.error.describe();
    for (std::uint32_t t = 0; t < 128; ++t) EXPECT_EQ(g->one.read_u32(4 * t), 0x100u + t) << t;  // same results
    EXPECT_EQ(obs.bad, 0u);
    EXPECT_EQ(cost.issues, r.warp_instructions);
    EXPECT_EQ(cost.picks, r.warp_instructions);
    ASSERT_EQ(cost.order.size(), 20u);
    // Highest ready first: warp 3 runs to its end, then 2, 1, 0 (round-robin would interleave).
    for (std::size_t i = 0; i < 20; ++i) EXPECT_EQ(cost.order[i], 3u - i / 5) << i;
    EXPECT_EQ(r.cycles, 20u * 2u);
}

TEST(Gpu, ObserversTimingHookAndStageChain) {
    CountingObserver obs;
    FixedCost cost;
    g->two.gpu.add_observer(&obs);
    g->two.gpu.set_issue_cost(&cost);
    auto img = from_sass(kStoreTid, 64, 3);
    const std::uint64_t fetched_before = g->two.gpu.sm(0).fetch.transactions + g->two.gpu.sm(1).fetch.transactions;
    const core::KernelResult r = run_image(g->two, img);
    g->two.gpu.set_issue_cost(nullptr);
    ASSERT_TRUE(r.error.ok());
    EXPECT_EQ(obs.issues, r.warp_instructions);
    EXPECT_EQ(obs.commits, r.warp_instructions);
    EXPECT_EQ(obs.threads, r.thread_instructions);
    EXPECT_EQ(obs.blocks_started, 3u);
    EXPECT_EQ(obs.blocks_ended, 3u);
    EXPECT_EQ(obs.kernels_begun, 1);
    EXPECT_EQ(obs.kernels_ended, 1);
    EXPECT_EQ(obs.global_ops, 3u * 2u);
    const std::uint64_t fetched =
        g->two.gpu.sm(0).fetch.transactions + g->two.gpu.sm(1).fetch.transactions - fetched_before;
    EXPECT_EQ(fetched, r.warp_instructions);
    // Blocks are spread over the idle SMs: SM0 runs blocks 0-1 (4 warps), SM1 block 2, in
    // parallel; each warp costs 4 ALU x 3 + 1 GST x 10 cycles.
    EXPECT_EQ(r.cycles, 4u * (4u * 3u + 10u));
    EXPECT_EQ(g->two.gpu.sm(1).cycles(), 2u * (4u * 3u + 10u));
}

}  // namespace

int sc_main(int argc, char* argv[]) {
    ::testing::InitGoogleTest(&argc, argv);
    Systems systems;
    g = &systems;
    return RUN_ALL_TESTS();
}
