// Cache of RTL results: an RTL simulation is a pure function of its run inputs (the launch
// files fgtlm writes: fgtlm_launch.txt, fgtlm_program.txt, global_mem.mif, constant_mem.mif,
// system_mem.mif), the simulator arguments and the build (RtlBuild::key, which covers every
// RTL source, the core count, GHDL and fgtlm's VHDL). A run whose inputs and build key equal
// an earlier run's reuses that run's outputs (memory dump, kernel cycles, commit trace, log)
// instead of simulating again, so a changed model can be re-checked against thousands of
// kernels in minutes. Entries live in CACHE/runs/<key>/ (CACHE = the RTL build cache).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fgtlm::cosim {

// Everything a simulation reads: run-folder files (name, content) and simulator arguments.
struct RtlRunInputs {
    std::vector<std::pair<std::string, std::string>> files;
    std::vector<std::string> sim_args;  // after the executable
};

// 32 hex digits (two FNV-1a 64 hashes) over the build key and every input.
std::string rtl_run_key(const std::string& build_key, const RtlRunInputs& in);

// What the cache remembers of the simulation besides its output files.
struct CachedRunInfo {
    std::string key;
    double wall_seconds = 0.0;   // the original simulation's wall time
    int exit_code = 0;
};

// The output files of a run folder that the cache keeps.
const std::vector<std::string>& rtl_output_files();

// Copies the cached outputs of `key` into `run_dir`; nullopt (and nothing copied) on a miss.
std::optional<CachedRunInfo> restore_rtl_run(const std::filesystem::path& cache, const std::string& key,
                                             const std::filesystem::path& run_dir);

// Stores the outputs found in `run_dir` under `key` (atomically: concurrent writers of the same
// key leave one complete entry). Errors are not fatal to the caller: returns false.
bool store_rtl_run(const std::filesystem::path& cache, const CachedRunInfo& info, const std::string& build_key,
                   const std::filesystem::path& run_dir);

}  // namespace fgtlm::cosim
