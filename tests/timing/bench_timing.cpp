// bench_timing: speed of the timed (AT) mode on real instruction streams (not a ctest).
//  - BM_TimingModelReplay: the timing model alone on a captured stream
//  - BM_CoreWithTiming:    functional core + timing model + statistics (what `fgtlm run
//                          --mode at` adds to the core), counters: simulated cycles/s and
//                          thread instructions/s
#include "conformance_capture.hpp"

#include "fgtlm/core/memory_port.hpp"
#include "fgtlm/core/program.hpp"
#include "fgtlm/core/sm_core.hpp"
#include "fgtlm/loaders/bundle_loader.hpp"
#include "fgtlm/stats/instrumentation.hpp"

#include <benchmark/benchmark.h>

using namespace fgtlm;

namespace {

std::filesystem::path bundle(const char* name) {
    return std::filesystem::path(FGTLM_SHARED_DIR) / "conformance" / name;
}

void BM_TimingModelReplay(benchmark::State& state) {
    static const calibration::Capture cap = calibration::capture_bundle(bundle("MxM_naive_float"));
    timing::TimingParams p;
    std::uint64_t cycles = 0;
    for (auto _ : state) {
        cycles = calibration::replay(cap, p);
        benchmark::DoNotOptimize(cycles);
    }
    state.counters["records/s"] = benchmark::Counter(double(cap.warp_instructions) * double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["sim_cycles/s"] = benchmark::Counter(double(cycles) * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TimingModelReplay)->Unit(benchmark::kMillisecond);

void BM_CoreWithTiming(benchmark::State& state, const char* name, timing::Mode mode) {
    const loaders::KernelImage img = loaders::load_bundle(bundle(name));
    std::vector<std::uint8_t> global(img.global_mem_bytes, 0);
    std::vector<std::uint8_t> constant(8192, 0);
    std::copy(img.launch.const_mem.begin(), img.launch.const_mem.end(), constant.begin());
    core::Program program;
    program.bind(img.program.data(), std::uint32_t(img.program.size()));
    core::SmCoreConfig cfg;
    core::SmCore sm(cfg);
    core::ArrayGlobalMemory gmem(global.data(), global.size());
    sm.set_program(&program);
    sm.set_global(&gmem);
    sm.set_constant(constant.data(), std::uint32_t(constant.size()));
    timing::TimingParams params;
    params.sp_lanes = img.cores;
    stats::InstrumentationOptions opt;
    opt.mode = mode;
    stats::Instrumentation inst(params, opt);
    sm.add_observer(&inst);
    const std::uint32_t per_batch = std::min(core::blocks_per_batch(img.launch, cfg), std::max(1u, img.launch.blocks_per_sm));
    std::uint64_t cycles = 0, threads = 0;
    for (auto _ : state) {
        state.PauseTiming();
        std::copy(img.global_init.begin(), img.global_init.end(), global.begin());
        state.ResumeTiming();
        inst.begin_kernel(img.launch);
        sm.begin_kernel(img.launch);
        sm.thread_instructions = 0;
        for (std::uint32_t first = 0; first < img.launch.num_blocks(); first += per_batch) {
            sm.start_batch(first, std::min(per_batch, img.launch.num_blocks() - first));
            while (sm.step() == core::StepResult::Issued) {
            }
        }
        cycles = inst.timing().kernel_cycles();
        threads = sm.thread_instructions;
    }
    state.counters["sim_cycles/s"] = benchmark::Counter(double(cycles) * double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["thread_instr/s"] = benchmark::Counter(double(threads) * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_CoreWithTiming, MxM_at, "MxM_naive_float", timing::Mode::AT)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CoreWithTiming, MxM_lt, "MxM_naive_float", timing::Mode::LT)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CoreWithTiming, nn_at, "nn", timing::Mode::AT)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
