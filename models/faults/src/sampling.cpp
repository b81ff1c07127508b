#include <fgtlm/faults/sampling.hpp>

#include <cmath>

#include <boost/math/distributions/normal.hpp>

namespace fgtlm::faults {

Fault sample_uniform(const StructureSpace& space, FaultModel model, std::uint64_t steps, std::uint64_t seed,
                     std::uint64_t index, std::optional<std::uint64_t> at) {
    // One stream per (seed, structure, index): independent of worker/shard assignment.
    Rng rng(seed * 0x100000001b3ull ^ (std::uint64_t(space.structure) << 56) ^ index);
    rng.next();
    Fault f;
    f.model = model;
    space.site(rng.below(space.bits()), f);
    f.time = at ? *at : rng.below(steps == 0 ? 1 : steps);
    return f;
}

Fault exhaustive_fault(const StructureSpace& space, FaultModel model, std::uint64_t steps, std::uint64_t index,
                       std::optional<std::uint64_t> at) {
    Fault f;
    f.model = model;
    if (at) {
        space.site(index, f);
        f.time = *at;
    } else {
        const std::uint64_t n = steps == 0 ? 1 : steps;
        space.site(index / n, f);
        f.time = index % n;
    }
    return f;
}

double z_for_confidence(double confidence) {
    const boost::math::normal_distribution<double> normal;
    return boost::math::quantile(normal, 1.0 - (1.0 - confidence) / 2.0);
}

std::uint64_t leveugle_sample_size(double population, double margin, double confidence) {
    const double t = z_for_confidence(confidence);
    const double p = 0.5;
    const double n = population / (1.0 + margin * margin * (population - 1.0) / (t * t * p * (1.0 - p)));
    return n >= 1e18 ? std::uint64_t(1e18) : std::uint64_t(std::ceil(n));  // the campaign limit refuses it
}

}  // namespace fgtlm::faults
