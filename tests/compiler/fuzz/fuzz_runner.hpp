// One differential check of the compiler: a PTX kernel compiled by `fgtlm ptxas` and run by
// `fgtlm run` on the model, against the PTX interpreter on the same input image. A mismatch
// can be shrunk (statements removed while it persists) and saved as a regression.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace fgtlm::test {

struct FuzzCase {
    std::string ptx;
    std::uint32_t grid = 1, block = 32;
    std::vector<std::uint8_t> input;  // global memory from address 0 (the inputs)
    std::string ptxas_args;           // extra `fgtlm ptxas` options (with FGTLM_FUZZ_PTXAS_ARGS from the environment)
};

struct FuzzResult {
    bool ok = false;
    std::string what;      // "" when ok: the first difference, or the tool's or interpreter's error
    bool too_big = false;  // the compiled kernel does not fit the instruction memory: not compared
};

// The case for `seed`: random_ptx_kernel(seed), a grid of 1..3 blocks of 32, 64 or 96 threads, and
// input words mixing small integers, random bits and floats of every class.
FuzzCase fuzz_case(std::uint64_t seed);
FuzzResult run_fuzz_case(const FuzzCase& c, const std::filesystem::path& dir);
// `c` with body statements removed one at a time while the case still fails.
FuzzCase shrink(FuzzCase c, const std::filesystem::path& dir);

}  // namespace fgtlm::test
