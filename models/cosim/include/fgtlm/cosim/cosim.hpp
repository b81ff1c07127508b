// One co-simulation: the same launch on the FlexGripPlus RTL (GHDL) and on the model, then
// the comparison (global memory of the dump range, kernel cycles, commit streams) and its
// report (text and JSON).
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <fgtlm/loaders/kernel_image.hpp>

#include <fgtlm/cosim/commit_diff.hpp>
#include <fgtlm/cosim/model_run.hpp>
#include <fgtlm/cosim/rtl_build.hpp>
#include <fgtlm/cosim/rtl_run.hpp>

namespace fgtlm::cosim {

struct CosimOptions {
    std::filesystem::path rtl_dir;
    std::filesystem::path cache_dir;           // empty = default_cache_dir()
    std::filesystem::path work_dir;            // run folder (launch files, logs, both traces)
    std::string ghdl = "ghdl-llvm";
    double rtl_timeout_seconds = 0.0;          // 0 = none
    std::uint64_t rtl_max_cycles = 0;          // 0 = none
    bool fast_dump = true;
    bool commit_trace = true;
    bool reuse_rtl_run = false;                // read the RTL outputs already in work_dir
    bool rtl_result_cache = true;              // reuse/store RTL results in CACHE/runs (rtl_result_cache.hpp)
    bool rtl_cache_only = false;               // never simulate: a cache miss is an error
    ModelRunOptions model;
    std::ostream* log = nullptr;               // progress (build messages)
};

struct WordDiff {
    std::uint32_t addr = 0, rtl = 0, model = 0;
};

struct CosimResult {
    std::string name;
    unsigned cores = 8;
    RtlBuild build;
    RtlResult rtl;
    ModelResult model;
    std::uint64_t expected_rtl_cycles = 0;     // from the bundle (0 = unknown)
    std::size_t words_compared = 0;
    std::size_t words_skipped = 0;             // undefined on either side
    std::size_t mismatched_words = 0;
    std::vector<WordDiff> mismatches;          // the first 64
    bool memory_match = false;
    std::optional<CommitDiff> commits;         // nullopt when traces were not compared
    std::string failure;                       // why the comparison could not be made

    [[nodiscard]] double cycle_error_percent() const;
    // Results match: both sides finished, every compared memory word and commit agrees.
    [[nodiscard]] bool pass() const;
};

// Builds the RTL if needed, runs both sides and compares. Throws CosimError / LoadError only
// for setup problems (bad RTL folder, launch the testbench cannot take); a kernel that fails
// on either side is reported in the result.
CosimResult cosimulate(const loaders::KernelImage& img, const CosimOptions& opt);

// Compares finished runs (used by cosimulate; separate for tests).
void compare_memory(CosimResult& r);
void compare_commits(CosimResult& r, const loaders::KernelImage& img);

std::string format_report(const CosimResult& r);
nlohmann::json to_json(const CosimResult& r);

}  // namespace fgtlm::cosim
