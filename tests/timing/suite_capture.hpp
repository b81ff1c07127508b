// The timing suite (tests/timing/suite: suite.json, kernels/*.sass, rtl_results.json with the
// RTL's kernel cycles and commits/NAME.txt with its per-instruction commit cycles) loaded for
// replay: every kernel is assembled, run once on the functional core and its dynamic
// instruction stream kept, so the timing model can be evaluated against the RTL with many
// parameter sets without GHDL (the fit in timing_suite_fit, the check in test_timing_suite).
#pragma once

#include "conformance_capture.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace fgtlm::calibration {

struct SuiteKernel {
    std::string name;
    std::uint32_t cores = 8;
    std::uint64_t rtl_cycles = 0;   // RTL kernel cycles (0 = not measured yet)
    bool memory_match = false;      // the model's results equal the RTL's
    std::filesystem::path commit_file;  // RTL commit cycles ("" = none)
    Capture capture;
};

// Loads suite.json and rtl_results.json of `dir` and captures every measured kernel whose
// memory matched (others are reported in `skipped`). Throws naming the kernel on failure.
std::vector<SuiteKernel> load_suite(const std::filesystem::path& dir, std::vector<std::string>* skipped = nullptr);

// Cross-validation fold of a kernel (stable: a hash of its name), 0 .. folds-1.
std::uint32_t fold_of(const std::string& name, std::uint32_t folds);

struct CommitTime {
    std::uint32_t block = 0, warp = 0, pc = 0;
    std::uint64_t cycle = 0;
};
// The model's write-back cycle of every warp instruction, in issue order.
std::vector<CommitTime> replay_commits(const Capture& capture, const timing::TimingParams& params);
// The RTL's commit cycles (commits/NAME.txt: `cycle block warp pc` per line).
std::vector<CommitTime> read_rtl_commits(const std::filesystem::path& file);

}  // namespace fgtlm::calibration
