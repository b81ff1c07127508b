// bench_fgtlm: simulation speed of the GPU model on the conformance kernels.
// Kernels: every conformance bundle plus `alu_loop` (a synthetic uniform integer loop) and
// `mixed_loop` (issue 14's mixed integer/float loop).
// LT/<kernel>: the fixed mode alone. AT/<kernel> (names kept from before the modes were renamed):
// the same GPU with the calibrated timing model driving SystemC time plus the statistics collector
// (what `fgtlm run --mode calibrated --stats` runs, minus writing the JSON). One SystemC simulation holds two
// StandaloneSystems (fixed and calibrated modes) and runs every kernel repeatedly, re-loaded per iteration
// outside the timed region. Counters: simulated warp/thread instructions per second and
// simulated SM cycles per second (kernel_cycles: the kernel's SM cycles in that mode).
//
//   build-sm/bench_fgtlm [--benchmark_filter=MxM] [--benchmark_min_time=2]
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>
#include <vector>

#include <systemc>

#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/params/registry.hpp>
#include <fgtlm/stats/instrumentation.hpp>
#include <fgtlm/timing/timing_params.hpp>

namespace {

using namespace fgtlm;

gpu::StandaloneSystem* g_lt = nullptr;
gpu::StandaloneSystem* g_at = nullptr;

void run_bundle(benchmark::State& state, gpu::StandaloneSystem* system, const loaders::KernelImage& img) {
    std::vector<gpu::StandaloneSystem::UndefinedRange> undefined;  // tracking off: pure speed
    std::uint64_t warp = 0, thread = 0, cycles = 0, total_cycles = 0;
    for (auto _ : state) {
        state.PauseTiming();
        system->load_global(img.global_init, undefined);
        system->load_program(img.program, img.launch.code_base);
        state.ResumeTiming();
        const core::KernelResult r = system->run(img.launch);
        if (!r.error.ok()) {
            state.SkipWithError(r.error.describe().c_str());
            return;
        }
        warp += r.warp_instructions;
        thread += r.thread_instructions;
        cycles = r.cycles;
        total_cycles += r.cycles;
    }
    state.counters["warp_instr/s"] = benchmark::Counter(double(warp), benchmark::Counter::kIsRate);
    state.counters["thread_instr/s"] = benchmark::Counter(double(thread), benchmark::Counter::kIsRate);
    state.counters["sim_cycles/s"] = benchmark::Counter(double(total_cycles), benchmark::Counter::kIsRate);
    state.counters["kernel_cycles"] = double(cycles);
}

}  // namespace

int sc_main(int argc, char* argv[]) {
    gpu::SystemConfig cfg;
    cfg.gpu.sm.sp_lanes = 8;
    cfg.gpu.max_instructions = 0;
    gpu::StandaloneSystem lt_system("lt_system", cfg);
    g_lt = &lt_system;
    // calibrated timing model (8 lanes, 1 SM) + statistics, as `fgtlm run --mode calibrated`.
    params::Registry reg;
    timing::declare_timing_params(reg);
    reg.set("sm.sp_lanes", std::int64_t(cfg.gpu.sm.sp_lanes), "bench");
    stats::InstrumentationOptions io;
    io.mode = timing::Mode::Calibrated;
    stats::Instrumentation inst(reg, io);
    gpu::StandaloneSystem at_system("at_system", cfg);
    at_system.gpu.add_observer(&inst);
    at_system.gpu.set_issue_cost(&inst.sm_clock());
    g_at = &at_system;

    static std::vector<loaders::KernelImage> images;
    const std::filesystem::path corpus = std::filesystem::path(FGTLM_DATA_DIR) / "conformance";
    for (const auto& entry : std::filesystem::directory_iterator(corpus))
        if (loaders::is_bundle(entry.path())) images.push_back(loaders::load_bundle(entry.path()));
    // Synthetic: a uniform integer loop (no divergence, no memory) on 8 full warps, 256
    // iterations x 8 instructions: the per-instruction cost of the SP path.
    {
        loaders::KernelImage alu;
        alu.name = "alu_loop";
        const isa::AssembleResult a = isa::assemble(R"(
            I2I.U32.U16 R1, R0L;
            MVI R2, 0x0;
            MVI R3, 0x100;
        loop:
            IADD R4, R1, R2;
            SHL R5, R4, 0x3;
            LOP.XOR R6, R5, R1;
            IMUL.U16.U16 R7, R6L, R4L;
            IADD R1, R7, R6;
            IADD32I R2, R2, 0x1;
            ISET.C0 o[0x7f], R2, R3, NE;
            BRA C0.NE, loop;
            SHL R10, R0, 0x2;
            GST.U32 global14[R10], R1;
            RET;
        )", "alu_loop.sass");
        if (!a.ok()) return 1;
        alu.program = a.words;
        alu.launch.block[0] = 256;
        alu.launch.regs_per_thread = 16;
        alu.launch.blocks_per_sm = 1;
        images.push_back(alu);
    }
    // Synthetic: the mixed integer/float loop of issue 14 (16 blocks x 256 threads, 2,000
    // iterations of IADD, FMAD, SHL, FMUL, IADD32I, ISET and a branch).
    {
        loaders::KernelImage mix;
        mix.name = "mixed_loop";
        const isa::AssembleResult a = isa::assemble(R"(
            I2I.U32.U16 R1, R0L;
            I2F.F32.U32 R4, R1;
            MVI R2, 0x0;
            MVI R3, 0x7d0;
            MVI R6, 0x3f800000;
        loop:
            IADD R1, R1, R2;
            FMAD R4, R4, R6, R6;
            SHL R5, R1, 0x1;
            FMUL R7, R4, R6;
            IADD32I R2, R2, 0x1;
            ISET.C0 o[0x7f], R2, R3, NE;
            BRA C0.NE, loop;
            SHL R10, R0, 0x2;
            GST.U32 global14[R10], R7;
            RET;
        )", "mixed_loop.sass");
        if (!a.ok()) return 1;
        mix.program = a.words;
        mix.launch.block[0] = 256;
        mix.launch.grid[0] = 16;
        mix.launch.regs_per_thread = 16;
        mix.launch.blocks_per_sm = 1;
        images.push_back(mix);
    }
    for (const auto& img : images) {
        const loaders::KernelImage* p = &img;
        benchmark::RegisterBenchmark(("LT/" + img.name).c_str(), [p](benchmark::State& s) { run_bundle(s, g_lt, *p); })
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark(("AT/" + img.name).c_str(), [p](benchmark::State& s) { run_bundle(s, g_at, *p); })
            ->Unit(benchmark::kMicrosecond);
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
