// Which faults a campaign injects: a deterministic function of (seed, structure, index), so
// the same seed gives the same campaign bit for bit, whatever the number of workers or shards.
#pragma once

#include <cstdint>
#include <optional>

#include <fgtlm/faults/fault.hpp>
#include <fgtlm/faults/space.hpp>

namespace fgtlm::faults {

// SplitMix64: tiny, fast, fully specified (std:: distributions are not portable bit for bit).
class Rng {
public:
    explicit Rng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (s_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n) (n > 0), multiply-shift: bias below 2^-64 * n.
    std::uint64_t below(std::uint64_t n) { return std::uint64_t((unsigned __int128)next() * n >> 64); }

private:
    std::uint64_t s_;
};

// Injection `index` of a uniform campaign over `space` x instructions [0, steps), or at the
// fixed instruction `at` when given.
Fault sample_uniform(const StructureSpace& space, FaultModel model, std::uint64_t steps, std::uint64_t seed,
                     std::uint64_t index, std::optional<std::uint64_t> at = std::nullopt);

// Injection `index` of an exhaustive campaign: every site at every instruction (or at `at`),
// time fastest. Population = space.bits() * (at ? 1 : steps).
Fault exhaustive_fault(const StructureSpace& space, FaultModel model, std::uint64_t steps, std::uint64_t index,
                       std::optional<std::uint64_t> at = std::nullopt);

// Leveugle et al. (DATE 2009): injections for error margin `e` at `confidence` over a
// population of N faults, worst case p = 0.5: n = N / (1 + e^2 (N-1) / (t^2 p (1-p))).
std::uint64_t leveugle_sample_size(double population, double margin, double confidence);
// Two-sided normal quantile t for a confidence level (0.99 -> 2.5758).
double z_for_confidence(double confidence);

}  // namespace fgtlm::faults
