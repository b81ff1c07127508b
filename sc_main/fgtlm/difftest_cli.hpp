// The options of `fgtlm difftest`, shared by its two modes: random kernels (cmd_difftest.cpp)
// and random inputs of one given kernel, TARGET (difftest_inputs.cpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <fgtlm/cosim/cosim.hpp>

#include "launch_target.hpp"

namespace fgtlm::cli {

struct DifftestCliOptions {
    std::uint64_t count = 10;
    std::uint64_t seed = 1;
    std::string rtl_dir;
    std::string cache_dir;
    std::string work_dir = "fgtlm-difftest";
    std::string save_dir;
    std::string json;
    std::string ghdl = "ghdl-llvm";
    unsigned jobs = 1;
    unsigned cores = 8;
    bool cores_given = false;  // --cores on the command line (TARGET mode: else the target's lanes)
    unsigned shrink_budget = 30;
    unsigned max_items = 24;
    double rtl_timeout = 120;
    bool keep = false;
    bool single_warp = false;
    bool avoid_known = false;
    bool int_forms = false;
    bool float_mix = false;
    bool no_rtl_cache = false;
    bool rtl_cache_only = false;
    // TARGET mode: the kernel and its launch, and the ranges filled per seed.
    LaunchTarget target;
    std::vector<std::string> random_words;   // --random ADDR:BYTES
    std::vector<std::string> random_floats;  // --random-float ADDR:BYTES
};

// The co-simulation options both modes take from the command line (RTL folder, caches, GHDL,
// timeout, log); the work folder is set per kernel or input.
inline cosim::CosimOptions cosim_options(const DifftestCliOptions& o) {
    cosim::CosimOptions c;
    c.rtl_dir = o.rtl_dir;
    c.cache_dir = o.cache_dir;
    c.ghdl = o.ghdl;
    c.rtl_timeout_seconds = o.rtl_timeout;
    c.log = &std::cerr;
    c.rtl_result_cache = !o.no_rtl_cache;
    c.rtl_cache_only = o.rtl_cache_only;
    return c;
}

// Where failing kernels or inputs are saved: --save-dir, default WORK/regressions.
inline std::filesystem::path save_dir(const DifftestCliOptions& o) {
    return o.save_dir.empty() ? std::filesystem::path(o.work_dir) / "regressions" : std::filesystem::path(o.save_dir);
}

// Adds TARGET and its launch options, --random and --random-float to `sub`; TARGET excludes
// the random-kernel generator's options.
void add_input_difftest_options(CLI::App* sub, DifftestCliOptions& o);

// TARGET mode: one co-simulation per seed, seed .. seed + count - 1. Exit code 0 every input
// matched, 1 mismatches, 2 bad input / setup error.
int run_input_difftest(const DifftestCliOptions& o);

}  // namespace fgtlm::cli
