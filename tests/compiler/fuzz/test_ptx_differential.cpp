// Differential testing of the compiler: random PTX kernels (ptx_gen.cpp) compiled by `fgtlm
// ptxas` and run on the model, compared word by word with the PTX interpreter. The count and
// first seed come from FGTLM_FUZZ_COUNT / FGTLM_FUZZ_SEED (default: 15 kernels from seed 1, for
// CI time; scripts/ptx-fuzz runs thousands). A failing kernel is shrunk and written to
// <work dir>/failures/seed_<n>.ptx, ready to be copied into regressions/, whose files are
// rerun by the second test (their first line names the seed that makes the input).
#include "fuzz_runner.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include "../../draw_count.hpp"

namespace fgtlm::test {
namespace {

namespace fs = std::filesystem;

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0' ? std::strtoull(v, nullptr, 0) : fallback;
}

void save_failure(const FuzzCase& c, std::uint64_t seed, const std::string& what) {
    const fs::path dir = fs::path(FGTLM_FUZZ_WORK_DIR) / "failures";
    fs::create_directories(dir);
    std::ofstream(dir / ("seed_" + std::to_string(seed) + ".ptx"))
        << "// fuzz seed " << seed << " (ptx_gen.cpp; the input image and launch come from it): " << what << "\n"
        << c.ptx;
}

TEST(PtxDifferential, RandomKernelsEqualThePtxInterpreter) {
    const std::uint64_t count = env_number("FGTLM_FUZZ_COUNT", draw_count(15)),
                        first = env_number("FGTLM_FUZZ_SEED", 1);
    std::uint64_t passed = 0, too_big = 0;
    for (std::uint64_t seed = first; seed < first + count; ++seed) {
        const FuzzCase c = fuzz_case(seed);
        // One folder per seed (two runs side by side, ctest and scripts/ptx-fuzz, must not share files), removed
        // when the kernel passes.
        const fs::path dir = fs::path(FGTLM_FUZZ_WORK_DIR) / ("run_" + std::to_string(seed));
        const FuzzResult r = run_fuzz_case(c, dir);
        if (r.ok || r.too_big) {
            ++(r.ok ? passed : too_big);
            if (r.too_big) std::cout << "seed " << seed << ": too big for the instruction memory, not compared\n";
            fs::remove_all(dir);
            continue;
        }
        const FuzzCase small = shrink(c, dir);
        const FuzzResult again = run_fuzz_case(small, dir);
        save_failure(small, seed, again.what);
        ADD_FAILURE() << "seed " << seed << ": " << r.what << "\n  shrunk: " << again.what;
    }
    std::cout << "ptx differential: " << count << " random kernels from seed " << first << ", " << passed
              << " equal to the interpreter, " << too_big << " too big for the instruction memory, "
              << count - passed - too_big << " different\n";
}

TEST(PtxDifferential, SavedRegressionsEqualThePtxInterpreter) {
    int files = 0;
    for (const auto& e : fs::directory_iterator(FGTLM_FUZZ_REGRESSIONS)) {
        if (e.path().extension() != ".ptx") continue;
        ++files;
        std::ifstream in(e.path());
        std::string header;
        std::getline(in, header);
        const std::string tag = "// fuzz seed ";
        ASSERT_EQ(header.rfind(tag, 0), 0u) << e.path() << ": the first line must be `// fuzz seed N ...`";
        FuzzCase c = fuzz_case(std::strtoull(header.c_str() + tag.size(), nullptr, 10));
        c.ptx = std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        // Each also with the software float functions as CAL/RET subroutines (g80 only; other registers, other code).
        for (const char* args : {"", "--float-subroutines --target g80"}) {
            c.ptxas_args = args;
            const FuzzResult r = run_fuzz_case(c, fs::path(FGTLM_FUZZ_WORK_DIR) / e.path().stem());
            EXPECT_TRUE(r.ok) << e.path() << " " << args << ": " << r.what;
        }
    }
    EXPECT_GT(files, 0) << FGTLM_FUZZ_REGRESSIONS << " holds no regression";
}

}  // namespace
}  // namespace fgtlm::test
