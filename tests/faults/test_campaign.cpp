// Campaigns: sampling, determinism, workers, shards, resume, statistics, descriptions.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <fgtlm/faults/backends.hpp>
#include <fgtlm/faults/sampling.hpp>
#include <fgtlm/faults/summary.hpp>

#include "fault_kernels.hpp"

namespace fgtlm::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

faults::CampaignSpec bundle_spec(const char* bundle, std::uint64_t count) {
    faults::CampaignSpec s;
    s.target.target = std::string(FGTLM_DATA_DIR) + "/conformance/" + bundle;
    s.count = count;
    s.plans = {{faults::Structure::Gpr, faults::FaultModel::Flip, 0},
               {faults::Structure::Pc, faults::FaultModel::Flip, 0},
               {faults::Structure::Inst, faults::FaultModel::Flip, 0}};
    return s;
}

std::vector<std::string> lines(const std::vector<json>& records) {
    std::vector<std::string> out;
    for (const json& r : records) out.push_back(r.dump());
    return out;
}

fs::path temp_file(const std::string& name) {
    return fs::temp_directory_path() / ("fgtlm_faults_" + std::to_string(::getpid()) + "_" + name);
}

TEST(Sampling, LeveugleSampleSizes) {
    EXPECT_NEAR(faults::z_for_confidence(0.99), 2.5758, 1e-4);
    EXPECT_NEAR(faults::z_for_confidence(0.95), 1.9600, 1e-4);
    // Infinite population: t^2 p(1-p) / e^2 = 2.5758^2 * 0.25 / 1e-4 = 16587.
    EXPECT_EQ(faults::leveugle_sample_size(1e15, 0.01, 0.99), 16588u);
    EXPECT_EQ(faults::leveugle_sample_size(1e12, 0.05, 0.95), 385u);  // the textbook 384.2
    // Small population: n = N / (1 + e^2 (N-1) / (t^2 p (1-p))).
    EXPECT_EQ(faults::leveugle_sample_size(1000, 0.01, 0.99), 944u);
}

TEST(Sampling, WilsonInterval) {
    const auto [lo, hi] = faults::wilson_interval(50, 100, 0.95);
    EXPECT_NEAR(lo, 0.4038, 1e-3);
    EXPECT_NEAR(hi, 0.5962, 1e-3);
    const auto [lo0, hi0] = faults::wilson_interval(0, 100, 0.95);
    EXPECT_NEAR(lo0, 0.0, 1e-12);
    EXPECT_NEAR(hi0, 0.0370, 1e-3);
}

TEST(Sampling, UniformFaultsCoverTheSpaceAndTime) {
    const loaders::KernelImage img = probe_image();
    const faults::StructureSpace sp = faults::space_of(faults::Structure::Gpr, img);
    EXPECT_EQ(sp.bits(), 2u * 16 * 32 * 32);  // 2 warps x 16 registers x 32 lanes x 32 bits
    std::set<std::uint32_t> rows, bits;
    std::set<std::uint64_t> times;
    for (std::uint64_t i = 0; i < 4000; ++i) {
        const faults::Fault f = faults::sample_uniform(sp, faults::FaultModel::Flip, 40, 7, i);
        EXPECT_LT(f.a, 32u);
        EXPECT_LT(f.b, 32u);
        EXPECT_LT(f.bit, 32u);
        EXPECT_LT(f.time, 40u);
        rows.insert(f.a), bits.insert(f.bit), times.insert(f.time);
    }
    EXPECT_EQ(rows.size(), 32u);
    EXPECT_EQ(bits.size(), 32u);
    EXPECT_EQ(times.size(), 40u);
}

TEST(Campaign, SameSeedSameCampaignOtherSeedOtherCampaign) {
    faults::Campaign a(bundle_spec("Reduction", 200)), b(bundle_spec("Reduction", 200));
    auto spec = bundle_spec("Reduction", 200);
    spec.seed = 2;
    faults::Campaign other(spec);
    EXPECT_EQ(lines(faults::run_local(a, {}).records), lines(faults::run_local(b, {}).records));
    EXPECT_NE(lines(faults::run_local(a, {}).records), lines(faults::run_local(other, {}).records));
    EXPECT_EQ(a.header(), b.header());
}

TEST(Campaign, WorkersAndShardsGiveTheSameRecords) {
    faults::Campaign c(bundle_spec("VectorAdd_float-multiblock", 150));
    const auto serial = lines(faults::run_local(c, {}).records);
    ASSERT_EQ(serial.size(), 450u);
    faults::LocalOptions par;
    par.jobs = 3;
    const auto parallel = lines(faults::run_local(c, par).records);
    ASSERT_EQ(parallel.size(), serial.size());
    for (std::size_t i = 0; i < serial.size(); ++i) ASSERT_EQ(parallel[i], serial[i]) << i;
    std::vector<fs::path> files;
    for (unsigned k = 0; k < 3; ++k) {
        faults::LocalOptions sh;
        sh.shard = k;
        sh.shards = 3;
        sh.out = temp_file("shard" + std::to_string(k) + ".jsonl").string();
        fs::remove(sh.out);
        faults::run_local(c, sh);
        files.push_back(sh.out);
    }
    const faults::RecordsFile merged = faults::merge_records(files);
    EXPECT_EQ(merged.header, c.header());
    const auto sharded = lines(merged.records);
    ASSERT_EQ(sharded.size(), serial.size());
    for (std::size_t i = 0; i < serial.size(); ++i) ASSERT_EQ(sharded[i], serial[i]) << i;
    for (const auto& f : files) fs::remove(f);
}

TEST(Campaign, InterruptedCampaignResumesFromItsJsonLines) {
    faults::Campaign c(bundle_spec("Reduction", 100));
    const fs::path full = temp_file("full.jsonl"), part = temp_file("part.jsonl");
    fs::remove(full);
    fs::remove(part);
    faults::LocalOptions o;
    o.out = full.string();
    const auto all = faults::run_local(c, o);
    EXPECT_EQ(all.injected, 300u);
    // Keep the header, 120 records and half of the next line (a write cut by the interrupt).
    {
        std::ifstream in(full);
        std::ofstream out(part);
        std::string line;
        for (int i = 0; i < 121 && std::getline(in, line); ++i) out << line << '\n';
        std::getline(in, line);
        out << line.substr(0, line.size() / 2);
    }
    o.out = part.string();
    const auto resumed = faults::run_local(c, o);
    EXPECT_EQ(resumed.resumed, 120u);
    EXPECT_EQ(resumed.injected, 180u);
    EXPECT_EQ(lines(resumed.records), lines(all.records));
    EXPECT_EQ(lines(faults::read_records(part).records).size(), 300u);
    // A file of another campaign is refused, not mixed.
    auto spec = bundle_spec("Reduction", 100);
    spec.seed = 9;
    faults::Campaign other(spec);
    EXPECT_THROW(faults::run_local(other, o), std::runtime_error);
    fs::remove(full);
    fs::remove(part);
}

TEST(Campaign, SummaryCountsAndJson) {
    faults::Campaign c(bundle_spec("Reduction", 300));
    const auto r = faults::run_local(c, {});
    faults::Summary s = faults::summarize(r.records, 0.99);
    s.wall_seconds = r.wall_seconds;
    EXPECT_EQ(s.total.injections, 900u);
    EXPECT_EQ(s.total.masked + s.total.sdc + s.total.due + s.total.hang, 900u);
    ASSERT_EQ(s.per_structure.size(), 3u);
    const json j = faults::to_json(s);
    for (const char* k : {"injections", "masked", "sdc", "due", "hang", "wall_seconds", "structures"})
        EXPECT_TRUE(j.contains(k)) << k;
    EXPECT_EQ(j["structures"]["gpr"]["injections"], 300u);
    EXPECT_LE(j["structures"]["pc"]["avf_low"].get<double>(), j["structures"]["pc"]["avf"].get<double>());
    EXPECT_NE(faults::svg_plot(s, "Reduction").find("<svg"), std::string::npos);
}

TEST(Campaign, MarginSetsTheCountAndExhaustiveEnumerates) {
    faults::CampaignSpec spec;
    spec.margin = 0.05;
    spec.confidence = 0.95;
    faults::Campaign m(spec, probe_image());
    const double population = 2.0 * 16 * 32 * 32 * double(m.golden_steps());
    EXPECT_EQ(m.size(), faults::leveugle_sample_size(population, 0.05, 0.95));
    faults::CampaignSpec ex;
    ex.exhaustive = true;
    ex.plans = {{faults::Structure::Barrier, faults::FaultModel::Flip, 0}};
    ex.at_instruction = 0;
    faults::Campaign e(ex, probe_image());
    EXPECT_EQ(e.size(), 6u);  // 1 block x 6 counter bits
    for (std::uint64_t i = 0; i < 6; ++i) EXPECT_EQ(e.fault(i).bit, i);
}

TEST(Campaign, BadDescriptionsAreRefusedWithTheirReason) {
    EXPECT_THROW(faults::campaign_from_json(json{{"sede", 1}}), std::invalid_argument);
    EXPECT_THROW(faults::campaign_from_json(json{{"plans", {"registers"}}}), std::invalid_argument);
    EXPECT_THROW(faults::campaign_from_json(json{{"model", "stuck2"}}), std::invalid_argument);
    EXPECT_THROW(faults::campaign_from_json(json{{"confidence", 1.5}}), std::invalid_argument);
    const auto s = faults::campaign_from_json(
        json{{"plans", {"pc", {{"structure", "gpr"}, {"model", "stuck1"}, {"count", 5}}}}, {"seed", 3}});
    ASSERT_EQ(s.plans.size(), 2u);
    EXPECT_EQ(s.plans[1].model, faults::FaultModel::Stuck1);
    EXPECT_EQ(s.plans[1].count, 5u);
    faults::CampaignSpec late;
    late.at_instruction = 1'000'000;
    EXPECT_THROW(faults::Campaign(late, probe_image()), std::invalid_argument);
    faults::CampaignSpec missing;
    missing.target.target = "/nonexistent/bundle";
    EXPECT_THROW(faults::Campaign{missing}, loaders::LoadError);
}

}  // namespace
}  // namespace fgtlm::test
