// Captures the dynamic instruction stream of a conformance bundle by running it on the
// functional core (fgtlm_core SmCore, one SM), so the timing model can be replayed on it with
// many parameter sets (calibration against the RTL cycle counts).
#pragma once

#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/core/launch.hpp>
#include <fgtlm/isa/instruction.hpp>
#include <fgtlm/loaders/kernel_image.hpp>
#include <fgtlm/timing/timing_model.hpp>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace fgtlm::calibration {

struct Event {
    enum Kind : std::uint8_t { BlockStart, BlockEnd, Issue } kind;
    std::uint32_t sm = 0;
    std::uint32_t block = 0;
    core::IssueRecord rec;  // Issue only (rec.inst points into Capture::instructions)
};

struct Capture {
    std::string bundle;
    core::LaunchConfig launch;
    std::vector<Event> events;
    std::vector<std::unique_ptr<isa::Instruction>> instructions;  // stable copies
    std::uint64_t warp_instructions = 0;
    std::uint64_t thread_instructions = 0;
};

// Runs bundle `dir` functionally; throws std::runtime_error naming the bundle on failure.
Capture capture_bundle(const std::filesystem::path& dir);

// Runs a kernel image functionally (the same, for a launch built elsewhere).
Capture capture_image(const loaders::KernelImage& img);

// Replays a capture through a fresh timing model; returns kernel cycles.
std::uint64_t replay(const Capture& capture, const timing::TimingParams& params,
                     timing::Mode mode = timing::Mode::Calibrated);

struct RtlRun {
    std::string bundle;
    std::uint32_t cores = 8;
    std::uint64_t cycles = 0;
};

// Every run of <shared>/conformance/rtl_cycles.json plus each bundle's expected.json
// rtl_kernel_cycles (duplicates removed).
std::vector<RtlRun> rtl_runs(const std::filesystem::path& conformance_dir);

}  // namespace fgtlm::calibration
