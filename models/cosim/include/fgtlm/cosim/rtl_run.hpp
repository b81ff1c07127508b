// The RTL side of co-simulation, step 2: run one launch on a cached RTL build.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include <fgtlm/loaders/kernel_image.hpp>

#include <fgtlm/cosim/rtl_build.hpp>
#include <fgtlm/cosim/rtl_result_cache.hpp>

namespace fgtlm::cosim {

struct RtlRunOptions {
    double timeout_seconds = 0.0;   // wall-clock limit (0 = none)
    std::uint64_t max_cycles = 0;   // simulated-time limit in clock cycles (0 = none)
    bool fast_dump = true;          // dump memory from the array at kernel done (false: the testbench's read-back)
    bool commit_trace = true;       // write the RTL commit trace (fgtlm_commit.txt)
    // RTL result cache (rtl_result_cache.hpp), normally RTL_CACHE/runs: a run with the same
    // inputs and build key as an earlier one reuses its outputs. Empty = always simulate.
    std::filesystem::path result_cache;
    bool cache_only = false;        // on a cache miss throw CosimError instead of simulating
};

struct RtlResult {
    bool kernel_done = false;          // the testbench saw kernel_done
    bool timed_out = false;
    std::uint64_t kernel_cycles = 0;   // block_scheduler_en edge to the edge that samples kernel_done
    loaders::ExpectedRange memory;     // the dump range; nullopt = the RTL printed 'u'/'x'
    double wall_seconds = 0.0;         // the simulation process
    std::filesystem::path run_dir;
    std::filesystem::path commit_trace;  // empty when not written
    std::string log_tail;              // last lines of the simulator output (for errors)
    bool from_cache = false;           // outputs reused from the RTL result cache (wall_seconds: the original run's)
    std::string cache_key;             // key in the result cache ("" = cache not used)
};

// The run inputs of a launch (file contents and simulator arguments), whose hash with the
// build key is the result-cache key. Throws LoadError when the launch does not fit the
// testbench, CosimError when its core count is not the build's.
RtlRunInputs rtl_run_inputs(const RtlBuild& build, const loaders::KernelImage& img, const RtlRunOptions& opt);

// Writes the launch files (fgtlm_launch.txt, fgtlm_program.txt, global_mem.mif,
// constant_mem.mif, system_mem.mif) into `run_dir`. Throws LoadError when the launch does not
// fit the testbench.
void write_rtl_inputs(const RtlBuild& build, const loaders::KernelImage& img, const std::filesystem::path& run_dir,
                      const RtlRunOptions& opt);

// Writes the inputs, runs the simulation in `run_dir` (or restores it from opt.result_cache)
// and reads its outputs. Throws CosimError
// when the simulator cannot be started; a kernel that does not finish gives kernel_done=false.
RtlResult run_rtl(const RtlBuild& build, const loaders::KernelImage& img, const std::filesystem::path& run_dir,
                  const RtlRunOptions& opt = {});

// Reads the outputs of an earlier run in `run_dir` (no simulation; wall_seconds = 0): to
// compare again after a model change without re-running the RTL.
RtlResult read_rtl_outputs(const std::filesystem::path& run_dir, const RtlRunOptions& opt = {});

}  // namespace fgtlm::cosim
