// Differential testing of one given kernel against the FlexGripPlus RTL with random inputs:
// the kernel of a bundle, a .sass launch, a FlexGripPlus folder or a MODULE (a CUDA kernel
// compiled by `fgtlm cc`) runs on the RTL and on the model once per seed, with the global-memory
// ranges the user names filled with random words or random floats. Where random kernels
// (difftest.hpp) test the model's instructions, this tests a real program's data paths: the
// values a user's inputs produce. A failing input is saved as a bundle whose expected memory is
// the RTL's (`fgtlm run DIR --check` replays it on the model alone).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <fgtlm/cosim/cosim.hpp>
#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::cosim {

// Bytes [address, address + bytes) of global memory, filled per seed with random 32-bit words
// (floats = false) or random finite floats of magnitude 2^-20 .. 2^21, either sign (floats =
// true: the values float kernels take, away from the FPU's denormal and overflow edges).
struct RandomRange {
    std::uint32_t address = 0;
    std::uint32_t bytes = 0;
    bool floats = false;
};

// Parses ADDR:BYTES (decimal or 0x hex each). Throws std::invalid_argument naming the text.
RandomRange parse_random_range(const std::string& text, bool floats);

// Throws std::invalid_argument naming the range when it is empty, not word aligned or beyond
// the image's global memory, or when the image has no dump range to compare.
void check_random_ranges(const loaders::KernelImage& img, const std::vector<RandomRange>& ranges);

// `img` with the ranges filled for `seed` (std::mt19937_64: the same words on every machine),
// those bytes no longer undefined, and no expected memory (the RTL's result is the reference).
loaders::KernelImage with_random_inputs(const loaders::KernelImage& img, const std::vector<RandomRange>& ranges,
                                        std::uint64_t seed);

struct InputDifftestOptions {
    CosimOptions cosim;               // rtl_dir, cache_dir, ghdl; work_dir is per seed
    std::filesystem::path work_root;  // per-seed run folders (removed when the seed passes)
    std::filesystem::path save_dir;   // failing inputs (bundles)
    std::vector<RandomRange> ranges;
    bool keep_passing = false;
};

struct InputOutcome {
    std::uint64_t seed = 0;
    bool pass = false;
    std::string summary;  // "match" or what differs (failure_summary)
    std::size_t words_compared = 0;
    std::size_t commits_compared = 0;
    std::uint64_t rtl_cycles = 0, model_cycles = 0;
    double rtl_wall_seconds = 0.0;
    std::filesystem::path saved;  // bundle of the failing input
};

// One seed: fill, co-simulate, compare, save on failure. Throws only for setup problems.
InputOutcome difftest_input(const loaders::KernelImage& img, std::uint64_t seed, const InputDifftestOptions& opt);

}  // namespace fgtlm::cosim
