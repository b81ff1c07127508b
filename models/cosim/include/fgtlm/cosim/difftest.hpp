// Random differential testing: generate a kernel, co-simulate it, and when the RTL and the
// model disagree shrink it (remove items while it still fails) and save the minimal kernel as
// a regression bundle whose expected memory is the RTL's (`fgtlm run DIR --check` replays it
// on the model alone).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>

#include <fgtlm/cosim/cosim.hpp>
#include <fgtlm/cosim/random_kernel.hpp>

namespace fgtlm::cosim {

struct DifftestOptions {
    CosimOptions cosim;                 // rtl_dir, cache_dir, ghdl; work_dir is per kernel
    std::filesystem::path work_root;    // per-kernel run folders (removed when a kernel passes)
    std::filesystem::path save_dir;     // minimal failing kernels (bundles)
    GeneratorOptions gen;
    unsigned shrink_budget = 30;        // co-simulations spent shrinking one failure
    bool keep_passing = false;          // keep run folders of passing kernels
    // Failure signatures already shrunk (see failure_signature): a kernel failing the same way
    // is recorded and saved unshrunk, so time goes to new kinds of difference.
    std::set<std::string>* shrunk_signatures = nullptr;
};

struct KernelOutcome {
    std::uint64_t seed = 0;
    std::string name;
    bool pass = false;
    std::size_t instructions = 0;       // generated instructions (items; prologue/epilogue excluded)
    std::size_t commits_compared = 0;
    std::size_t words_compared = 0;
    std::string summary;                // "memory", "commit: <what> at <instruction>", failure text
    double rtl_wall_seconds = 0.0;
    std::filesystem::path saved;        // regression bundle of the shrunk kernel
    std::size_t shrunk_instructions = 0;
    std::string signature;
    bool shrunk = false;
    bool rtl_from_cache = false;        // the first co-simulation's RTL result came from the result cache
    std::uint64_t rtl_cycles = 0, model_cycles = 0;
    std::optional<Divergence> divergence;  // first commit divergence of the first co-simulation
};

KernelOutcome difftest_kernel(std::uint64_t seed, const DifftestOptions& opt);

// One-line classification of a failed co-simulation (what differs, at which instruction).
std::string failure_summary(const CosimResult& r);
// What kind of difference (class, field without lane number, opcode): equal signatures are
// the same finding.
std::string failure_signature(const CosimResult& r);

}  // namespace fgtlm::cosim
