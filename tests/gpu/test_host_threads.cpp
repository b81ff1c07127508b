// gpu.host_threads: a 16-SM GPU whose SMs run on 2 host threads gives the one-thread run's
// results, cycles, counters and final SM state, also for kernels whose blocks race on global
// memory (read what other blocks write), and the same on every run (docs/host-threads.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <systemc>

#include <fgtlm/faults/core_access.hpp>
#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>

#include "../conformance_run.hpp"

namespace {

using namespace fgtlm;
namespace fs = std::filesystem;

gpu::SystemConfig sixteen_sms(std::uint32_t host_threads) {
    gpu::SystemConfig c;
    c.gpu.num_sms = 16;
    c.gpu.host_threads = host_threads;
    return c;
}

// host_threads = 1 with speculate_at_once: every quantum speculative, validated in the worst case.
gpu::SystemConfig speculating_at_once() {
    gpu::SystemConfig c = sixteen_sms(1);
    c.gpu.speculate_at_once = true;
    return c;
}

struct Systems {
    gpu::StandaloneSystem serial{"serial", sixteen_sms(1)};
    gpu::StandaloneSystem threads{"threads", sixteen_sms(2)};
    // Every speculative quantum runs before the quanta it must be checked against.
    gpu::StandaloneSystem eager{"eager", speculating_at_once()};
};
Systems* g = nullptr;

// Everything a kernel leaves behind that the two runs must agree on.
struct Outcome {
    core::KernelResult result;
    std::vector<std::uint8_t> global;
    std::vector<std::uint64_t> sm_counts;  // per SM: cycles, warp and thread instructions
    std::vector<std::uint32_t> registers;  // every SM's register file
    std::vector<std::uint8_t> shared;      // every SM's shared memory
};

// Registers and shared memory survive kernels (as on FlexGripPlus): every run starts from
// power-up state, so systems with different histories compare.
void power_up(gpu::StandaloneSystem& s) {
    for (std::uint32_t i = 0; i < s.gpu.num_sms(); ++i) faults::CoreAccess::clear_state(s.gpu.sm(i).core());
}

Outcome run(gpu::StandaloneSystem& s, const loaders::KernelImage& img) {
    power_up(s);
    s.load_global(img.global_init);  // no undefined-value tracking: fgtlm run without --check
    s.load_program(img.program);
    Outcome o;
    o.result = s.run(img.launch);
    o.global.assign(s.global.data(), s.global.data() + s.global.size());
    for (std::uint32_t i = 0; i < s.gpu.num_sms(); ++i) {
        core::SmCore& c = s.gpu.sm(i).core();
        o.sm_counts.insert(o.sm_counts.end(), {s.gpu.sm(i).cycles(), c.warp_instructions, c.thread_instructions});
        o.registers.insert(o.registers.end(), c.registers().gprs().begin(), c.registers().gprs().end());
        o.shared.insert(o.shared.end(), c.shared(), c.shared() + c.shared_size());
    }
    return o;
}

void expect_same(const Outcome& a, const Outcome& b, const std::string& what) {
    EXPECT_EQ(a.result.error.describe(), b.result.error.describe()) << what;
    EXPECT_EQ(a.result.cycles, b.result.cycles) << what;
    EXPECT_EQ(a.result.warp_instructions, b.result.warp_instructions) << what;
    EXPECT_EQ(a.result.thread_instructions, b.result.thread_instructions) << what;
    EXPECT_EQ(a.result.rtl_events.global_wraps, b.result.rtl_events.global_wraps) << what;
    EXPECT_EQ(a.result.rtl_events.first, b.result.rtl_events.first) << what;
    EXPECT_TRUE(a.global == b.global) << what << ": global memory differs";
    EXPECT_EQ(a.sm_counts, b.sm_counts) << what;
    EXPECT_TRUE(a.registers == b.registers) << what << ": register files differ";
    EXPECT_TRUE(a.shared == b.shared) << what << ": shared memories differ";
}

loaders::KernelImage from_sass(std::string sass, std::uint16_t blocks, std::uint16_t threads,
                               const std::string& iterations) {
    sass.replace(sass.find("ITER"), 4, iterations);
    loaders::KernelImage img;
    const isa::AssembleResult r = isa::assemble(sass, "t.sass");
    EXPECT_TRUE(r.ok());
    img.program = r.words;
    img.launch.grid[0] = blocks;
    img.launch.block[0] = threads;
    img.launch.regs_per_thread = 16;
    return img;
}

// gtid = blockIdx.x * blockDim.x + threadIdx.x; a float/integer loop, one word per thread.
const char* kLoop = R"(
    MOV.U16 R0H, g [0x1].U16;
    I2I.U32.U16 R1, R0L;
    IMAD.U16 R0, g [0x6].U16, R0H, R1;
    I2F.F32.U32 R3, R1;
    FMUL32I R3, R3, 0x3b800000;
    FADD32I R3, R3, 0x3f000000;
    MVI R4, 0x3f800000;
    MVI R5, 0x0;
    MVI R6, 0x0;
    MVI R7, ITER;
    IADD32I R8, R0, 0x3039;
loop:
    FMAD R4, R4, R3, R3;
    FMUL32I R9, R4, 0x3e800000;
    FADD R5, R5, R9;
    FMUL32I R4, R4, 0x3f000000;
    IMAD.U16 R8, R8L, R8H, R8;
    SHL R10, R8, 0x5;
    LOP.XOR R8, R8, R10;
    IADD32I R6, R6, 0x1;
    ISET.C0 o[0x7f], R6, R7, NE;
    BRA C0.NE, loop;
    IADD R5, R5, R8;
    SHL R11, R0, 0x2;
    GST.U32 global14[R11], R5;
    RET;
)";

// Every thread keeps reading the words of threads gtid+67 and gtid-67 (mod 4096: the next and
// the previous block, running at the same time on the neighbouring SMs) and writing its own:
// without atomics the result depends on the interleaving, which the model must still reproduce
// exactly (whatever order SystemC runs the SMs of one time step in).
const char* kRace = R"(
    MOV.U16 R0H, g [0x1].U16;
    I2I.U32.U16 R1, R0L;
    IMAD.U16 R0, g [0x6].U16, R0H, R1;
    SHL R2, R0, 0x2;
    MVI R9, 0xfff;
    IADD32I R3, R0, 0x43;
    LOP.AND R3, R3, R9;
    SHL R3, R3, 0x2;
    IADD32I R5, R0, 0xfbd;
    LOP.AND R5, R5, R9;
    SHL R5, R5, 0x2;
    MVI R6, 0x0;
    MVI R7, ITER;
loop:
    GLD.U32 R4, global14[R3];
    GLD.U32 R10, global14[R5];
    IADD R4, R4, R10;
    IADD R4, R4, R0;
    IADD32I R4, R4, 0x1;
    GST.U32 global14[R2], R4;
    IADD32I R6, R6, 0x1;
    ISET.C0 o[0x7f], R6, R7, NE;
    BRA C0.NE, loop;
    RET;
)";

TEST(HostThreads, ConformanceBundlesAsWithOneThread) {
    for (const char* name : {"VectorAdd_integer", "VectorAdd_float", "VectorAdd_float-multiblock", "Reduction",
                             "MxM_naive_float", "nn", "Log2-hard", "exp"}) {
        const auto img = test::conformance_bundle(name);
        const Outcome one = run(g->serial, img);
        const Outcome two = run(g->threads, img);
        EXPECT_EQ(g->threads.gpu.host_threads_refusal(), "") << name;
        expect_same(one, two, name);
    }
}

TEST(HostThreads, BigGridAsWithOneThread) {
    const auto img = from_sass(kLoop, 512, 32, "0x100");
    const Outcome one = run(g->serial, img);
    ASSERT_TRUE(one.result.error.ok()) << one.result.error.describe();
    expect_same(one, run(g->threads, img), "loop");
    const gpu::HostThreadCounts before = g->eager.gpu.host_thread_counts();
    expect_same(one, run(g->eager, img), "loop, speculating at once");
    EXPECT_GT(g->eager.gpu.host_thread_counts().speculated, before.speculated + 400);  // one per batch at least
    EXPECT_EQ(g->eager.gpu.host_thread_counts().replayed, before.replayed);            // no block reads another's words
}

TEST(HostThreads, RacingBlocksAsWithOneThreadOnEveryRun) {
    const auto img = from_sass(kRace, 64, 64, "0x5dc");
    const Outcome one = run(g->serial, img);
    const Outcome two = run(g->threads, img);
    const Outcome again = run(g->threads, img);
    ASSERT_TRUE(one.result.error.ok()) << one.result.error.describe();
    expect_same(one, two, "race");
    expect_same(one, again, "race, second run");
    // Quanta that read stale neighbours must be seen and replayed. (How many quanta a worker
    // takes on `threads` depends on the host's scheduling; `eager` speculates every one.)
    const gpu::HostThreadCounts before = g->eager.gpu.host_thread_counts();
    expect_same(one, run(g->eager, img), "race, speculating at once");
    EXPECT_GT(g->eager.gpu.host_thread_counts().replayed, before.replayed);
    EXPECT_GT(g->eager.gpu.host_thread_counts().speculated, before.speculated);
}

TEST(HostThreads, WatchdogStopsAtTheSameInstruction) {
    const auto img = from_sass(kRace, 64, 64, "0x5dc");
    for (auto* s : {&g->serial, &g->threads, &g->eager}) s->gpu.set_watchdog(123457, 0);
    const Outcome one = run(g->serial, img);
    const Outcome two = run(g->threads, img);
    const Outcome eager = run(g->eager, img);
    for (auto* s : {&g->serial, &g->threads, &g->eager}) s->gpu.set_watchdog(20'000'000, 0);
    EXPECT_EQ(one.result.error.kind, core::KernelErrorKind::Watchdog);
    expect_same(one, two, "watchdog");
    expect_same(one, eager, "watchdog, speculating at once");
}

TEST(HostThreads, AnObserverKeepsTheSmsOnTheSystemCThread) {
    struct Count : core::ExecutionObserver {
        std::uint64_t issued = 0;
        void on_issue(const core::IssueRecord&) override { ++issued; }
    };
    gpu::StandaloneSystem& s = g->threads;
    static Count count;  // observers stay attached: this test runs last
    s.gpu.add_observer(&count);
    const Outcome o = run(s, from_sass(kLoop, 32, 32, "0x10"));
    EXPECT_NE(s.gpu.host_threads_refusal().find("observer"), std::string::npos) << s.gpu.host_threads_refusal();
    EXPECT_EQ(count.issued, o.result.warp_instructions);
}

}  // namespace

int sc_main(int argc, char* argv[]) {
    ::testing::InitGoogleTest(&argc, argv);
    Systems systems;
    g = &systems;
    return RUN_ALL_TESTS();
}
