// The default timing parameters reproduce every RTL cycle measurement of the conformance
// corpus within 10 % (rtl_cycles.json + expected.json rtl_kernel_cycles).
#include "conformance_capture.hpp"

#include <fgtlm/timing/timing_params.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <map>

using namespace fgtlm;

TEST(TimingCalibration, EveryRtlRunWithinTenPercent) {
    const std::filesystem::path dir = std::filesystem::path(FGTLM_DATA_DIR) / "conformance";
    if (!std::filesystem::exists(dir / "rtl_cycles.json")) GTEST_SKIP() << "no " << dir;
    std::map<std::string, calibration::Capture> captures;
    const auto runs = calibration::rtl_runs(dir);
    ASSERT_GE(runs.size(), 9u);
    for (const auto& run : runs) {
        auto it = captures.find(run.bundle);
        if (it == captures.end())
            it = captures.emplace(run.bundle, calibration::capture_bundle(dir / run.bundle)).first;
        timing::TimingParams p;
        p.sp_lanes = run.cores;
        const std::uint64_t model = calibration::replay(it->second, p);
        const double err = (double(model) - double(run.cycles)) / double(run.cycles);
        EXPECT_LE(std::fabs(err), 0.10) << run.bundle << " with " << run.cores << " lanes: RTL " << run.cycles
                                        << " cycles, model " << model;
    }
}
