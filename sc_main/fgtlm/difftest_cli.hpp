// The options of `fgtlm difftest`, shared by its two modes: random kernels (cmd_difftest.cpp)
// and random inputs of one given kernel, TARGET (difftest_inputs.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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

// Adds TARGET and its launch options, --random and --random-float to `sub`; TARGET excludes
// the random-kernel generator's options.
void add_input_difftest_options(CLI::App* sub, DifftestCliOptions& o);

// TARGET mode: one co-simulation per seed, seed .. seed + count - 1. Exit code 0 every input
// matched, 1 mismatches, 2 bad input / setup error.
int run_input_difftest(const DifftestCliOptions& o);

}  // namespace fgtlm::cli
