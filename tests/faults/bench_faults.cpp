// Injections per second of the campaign engine on one core (functional core, snapshot/restore):
// default campaign (transient flips over the GPRs in use x the kernel's instructions) and one
// over every structure, for conformance kernels of growing size. Run on one CPU:
//   taskset -c 0 build/bench_faults
#include <benchmark/benchmark.h>

#include <fgtlm/faults/campaign.hpp>

namespace {

using namespace fgtlm;

void run_campaign(benchmark::State& state, const char* bundle, bool all_structures) {
    faults::CampaignSpec spec;
    spec.target.target = std::string(FGTLM_DATA_DIR) + "/conformance/" + bundle;
    spec.count = 2000;
    if (all_structures)
        for (int s = 0; s < int(faults::Structure::Count); ++s)
            spec.plans.push_back({faults::Structure(s), faults::FaultModel::Flip, 2000 / 14});
    faults::Campaign c(spec);
    std::vector<std::uint64_t> ids(c.size());
    for (std::uint64_t i = 0; i < c.size(); ++i) ids[i] = i;
    std::uint64_t records = 0;
    for (auto _ : state) c.run(ids, [&](const std::string&) { ++records; });
    state.SetItemsProcessed(std::int64_t(records));
    state.counters["golden_instructions"] = double(c.golden_steps());
}

void BM_Gpr(benchmark::State& s, const char* b) { run_campaign(s, b, false); }
void BM_AllStructures(benchmark::State& s, const char* b) { run_campaign(s, b, true); }

BENCHMARK_CAPTURE(BM_Gpr, VectorAdd_float, "VectorAdd_float")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Gpr, VectorAdd_multiblock, "VectorAdd_float-multiblock")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Gpr, Reduction, "Reduction")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Gpr, MxM_naive_float, "MxM_naive_float")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_AllStructures, Reduction, "Reduction")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_AllStructures, MxM_naive_float, "MxM_naive_float")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
