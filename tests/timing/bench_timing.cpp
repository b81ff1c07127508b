// bench_timing: speed of the calibrated mode on real instruction streams (not a ctest).
//  - BM_TimingModelReplay: the timing model alone on a captured stream
//  - BM_CoreWithTiming:    functional core + timing model + statistics (what `fgtlm run
//                          --mode calibrated` adds to the core), counters: simulated cycles/s and
//                          thread instructions/s
#include "bundle_on_core.hpp"
#include "conformance_capture.hpp"

#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/stats/instrumentation.hpp>

#include <benchmark/benchmark.h>

using namespace fgtlm;

namespace {

std::filesystem::path bundle(const char* name) {
    return std::filesystem::path(FGTLM_DATA_DIR) / "conformance" / name;
}

void BM_TimingModelReplay(benchmark::State& state) {
    static const calibration::Capture cap = calibration::capture_bundle(bundle("MxM_naive_float"));
    timing::TimingParams p;
    std::uint64_t cycles = 0;
    for (auto _ : state) {
        cycles = calibration::replay(cap, p);
        benchmark::DoNotOptimize(cycles);
    }
    state.counters["records/s"] =
        benchmark::Counter(double(cap.warp_instructions) * double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["sim_cycles/s"] =
        benchmark::Counter(double(cycles) * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TimingModelReplay)->Unit(benchmark::kMillisecond);

void BM_CoreWithTiming(benchmark::State& state, const char* name, timing::Mode mode) {
    const loaders::KernelImage img = loaders::load_bundle(bundle(name));
    calibration::BundleOnCore kernel(img);
    timing::TimingParams params;
    params.sp_lanes = img.cores;
    stats::InstrumentationOptions opt;
    opt.mode = mode;
    stats::Instrumentation inst(params, opt);
    kernel.sm().add_observer(&inst);
    std::uint64_t cycles = 0, threads = 0;
    for (auto _ : state) {
        state.PauseTiming();
        kernel.reset_global();
        state.ResumeTiming();
        inst.begin_kernel(img.launch);
        kernel.sm().thread_instructions = 0;
        if (const std::string error = kernel.run(); !error.empty()) {
            state.SkipWithError(error.c_str());
            break;
        }
        cycles = inst.timing().kernel_cycles();
        threads = kernel.sm().thread_instructions;
    }
    state.counters["sim_cycles/s"] =
        benchmark::Counter(double(cycles) * double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["thread_instr/s"] =
        benchmark::Counter(double(threads) * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_CoreWithTiming, MxM_at, "MxM_naive_float", timing::Mode::Calibrated)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CoreWithTiming, MxM_lt, "MxM_naive_float", timing::Mode::Fixed)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CoreWithTiming, nn_at, "nn", timing::Mode::Calibrated)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
