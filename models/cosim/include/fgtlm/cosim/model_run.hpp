// The model side of co-simulation: the same launch on the FlexGrip-TLM GPU model in calibrated mode,
// with the commit trace. It runs in a forked child process, so one fgtlm process can run any
// number of kernels (SystemC allows one elaboration per process) and a crashing kernel cannot
// take the caller down.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::cosim {

struct ModelRunOptions {
    bool commit_trace = true;            // write model_commit.txt in the run folder
    std::uint64_t max_instructions = 20'000'000;  // watchdog (warp instructions)
    std::vector<std::string> param_overrides;     // -p key=value: timing model, core.semantics, core.rtl.*
};

struct ModelResult {
    bool ok = false;                   // the child ran and reported
    std::string error;                 // kernel error (empty = none) or why the child failed
    std::uint64_t kernel_cycles = 0;   // calibrated timing model
    std::uint64_t warp_instructions = 0;
    loaders::ExpectedRange memory;     // the dump range; nullopt = derived from undefined bytes
    double wall_seconds = 0.0;         // the model's simulation (sim_wall_seconds)
    std::filesystem::path commit_trace;
};

ModelResult run_model(const loaders::KernelImage& img, const std::filesystem::path& run_dir,
                      const ModelRunOptions& opt = {});

}  // namespace fgtlm::cosim
