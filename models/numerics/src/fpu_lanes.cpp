// Vectorised FMUL/FMAD over 32 lanes (see fpu_lanes.hpp for why each step is exact).
#include <fgtlm/numerics/fpu_lanes.hpp>

#include <bit>

#include <fgtlm/numerics/fpu.hpp>

namespace fgtlm::numerics {

namespace {

constexpr std::uint32_t kLanes = 32;

// Biased exponent in [1, 254]: a normal number (not zero, denormal, Inf or NaN).
inline std::uint32_t normal(std::uint32_t x) {
    const std::uint32_t e = (x >> 23) & 0xffu;
    return std::uint32_t(e - 1u < 254u);
}
// Exponent in [2, 254]: a normal result clear of the underflow threshold.
inline std::uint32_t safe_result(std::uint32_t x) {
    const std::uint32_t e = (x >> 23) & 0xffu;
    return std::uint32_t(e - 2u < 253u);
}

}  // namespace

void fmul_lanes(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* r, std::uint32_t mask, isa::Rounding rnd) {
    if (rnd != isa::Rounding::Nearest) {
        for (std::uint32_t l = 0; l < kLanes; ++l) r[l] = ((mask >> l) & 1u) ? fmul(a[l], b[l], rnd) : 0u;
        return;
    }
    std::uint32_t ok[kLanes];
    for (std::uint32_t l = 0; l < kLanes; ++l) {  // vectorises: float multiply + integer checks
        const std::uint32_t p = std::bit_cast<std::uint32_t>(std::bit_cast<float>(a[l]) * std::bit_cast<float>(b[l]));
        r[l] = p;
        ok[l] = normal(a[l]) & normal(b[l]) & safe_result(p);
    }
    for (std::uint32_t l = 0; l < kLanes; ++l) {
        if (!((mask >> l) & 1u)) r[l] = 0;
        else if (!ok[l]) r[l] = fmul(a[l], b[l], rnd);
    }
}

void fmad_lanes(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* r,
                std::uint32_t mask, isa::Rounding rnd) {
    if (rnd != isa::Rounding::Nearest) {
        for (std::uint32_t l = 0; l < kLanes; ++l) r[l] = ((mask >> l) & 1u) ? fmad(a[l], b[l], c[l], rnd) : 0u;
        return;
    }
    std::uint32_t ok[kLanes];
    for (std::uint32_t l = 0; l < kLanes; ++l) {
        const double p = double(std::bit_cast<float>(a[l])) * double(std::bit_cast<float>(b[l]));  // exact
        const double q = double(std::bit_cast<float>(c[l]));
        // TwoSum: s + e == p + q exactly.
        const double s = p + q;
        const double bv = s - p;
        const double e = (p - (s - bv)) + (q - bv);
        // Round to odd: if inexact, the truncation of the exact sum with its last bit set.
        std::uint64_t sb = std::bit_cast<std::uint64_t>(s);
        const std::uint64_t inexact = e != 0.0 ? 1u : 0u;
        const std::uint64_t toward_zero = ((std::bit_cast<std::uint64_t>(e) ^ sb) >> 63) & inexact;
        sb = (sb - toward_zero) | inexact;
        const std::uint32_t v = std::bit_cast<std::uint32_t>(float(std::bit_cast<double>(sb)));
        r[l] = v;
        ok[l] = normal(a[l]) & normal(b[l]) & normal(c[l]) & safe_result(v);
    }
    for (std::uint32_t l = 0; l < kLanes; ++l) {
        if (!((mask >> l) & 1u)) r[l] = 0;
        else if (!ok[l]) r[l] = fmad(a[l], b[l], c[l], rnd);
    }
}

}  // namespace fgtlm::numerics
