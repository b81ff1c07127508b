// The RTL side of co-simulation, step 2: run one launch on a cached RTL build.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include <fgtlm/loaders/kernel_image.hpp>

#include "fgtlm/cosim/rtl_build.hpp"

namespace fgtlm::cosim {

struct RtlRunOptions {
    double timeout_seconds = 0.0;   // wall-clock limit (0 = none)
    std::uint64_t max_cycles = 0;   // simulated-time limit in clock cycles (0 = none)
    bool fast_dump = true;          // dump memory from the array at kernel done (false: the testbench's read-back)
    bool commit_trace = true;       // write the RTL commit trace (fgtlm_commit.txt)
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
};

// Writes the launch files (fgtlm_launch.txt, fgtlm_program.txt, global_mem.mif,
// constant_mem.mif, system_mem.mif) into `run_dir`. Throws LoadError when the launch does not
// fit the testbench.
void write_rtl_inputs(const RtlBuild& build, const loaders::KernelImage& img, const std::filesystem::path& run_dir,
                      const RtlRunOptions& opt);

// Writes the inputs, runs the simulation in `run_dir` and reads its outputs. Throws CosimError
// when the simulator cannot be started; a kernel that does not finish gives kernel_done=false.
RtlResult run_rtl(const RtlBuild& build, const loaders::KernelImage& img, const std::filesystem::path& run_dir,
                  const RtlRunOptions& opt = {});

// Reads the outputs of an earlier run in `run_dir` (no simulation; wall_seconds = 0): to
// compare again after a model change without re-running the RTL.
RtlResult read_rtl_outputs(const std::filesystem::path& run_dir, const RtlRunOptions& opt = {});

}  // namespace fgtlm::cosim
