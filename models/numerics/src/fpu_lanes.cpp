// Vectorised FMUL/FMAD over 32 lanes (see fpu_lanes.hpp for why each step is exact).
#include <fgtlm/numerics/fpu_lanes.hpp>

#include <bit>
#include <cstring>

#include <fgtlm/numerics/fpu.hpp>

#include "lane_targets.hpp"

namespace fgtlm::numerics {

namespace {

constexpr std::uint32_t kLanes = 32;

// Biased exponent in [1, 254]: a normal number (not zero, denormal, Inf or NaN).
inline std::uint32_t normal(std::uint32_t x) {
    const std::uint32_t e = (x >> 23) & 0xffu;
    return std::uint32_t(e - 1u < 254u);
}
// Exponent field below 255: zero, denormal or normal.
inline std::uint32_t finite(std::uint32_t x) { return std::uint32_t(((x >> 23) & 0xffu) != 0xffu); }
// Zero (either sign) and an exponent field below 255: the RTL's fpu_mul gives the signed zero
// the host multiplier gives (checked against the clocked model in test_fpu_lanes.cpp).
inline std::uint32_t zero_operand(std::uint32_t a, std::uint32_t b) {
    const std::uint32_t zero = ((a & 0x7fffffffu) == 0) | ((b & 0x7fffffffu) == 0);
    const std::uint32_t finite = (((a >> 23) & 0xffu) != 0xffu) & (((b >> 23) & 0xffu) != 0xffu);
    return zero & finite;
}
// fpu_fma_32 aligns c against the product in a 77-bit window (c_compressed) and folds what it
// shifts out into one sticky bit (sticky_c, bits 23..0 of the shifted c, so including the
// lowest kept bit), which the host's exact sum does not reproduce on a rounding tie (a*b a tie
// and a denormal or far-below c of either sign: the RTL rounds up, difftest/golden sweep
// `FMAD R4, -R1, R2, R3` with a = 0x3f800001, b = 1.5, c = 0x00000001). c is kept whole when
// exp_diff = ec - (ea + eb) + 126 - nc + na + nb >= -23 (a and b normal), or when c is +-0.
inline std::uint32_t addend_kept(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    const std::int32_t ea = std::int32_t((a >> 23) & 0xffu), eb = std::int32_t((b >> 23) & 0xffu);
    const std::int32_t ec = std::int32_t((c >> 23) & 0xffu);
    const std::int32_t nc = ec != 0;
    const std::uint32_t zero = (c & 0x7fffffffu) == 0;
    return zero | std::uint32_t(ec - ea - eb + 128 - nc >= -23);
}
// a*b = +-0 (an operand +-0, both finite) and c normal, aligned as fpu_fma's addend-anchored
// case with no shift (exp_diff > 26): c passes unchanged, which is the host's 0 + c. With a
// smaller exp_diff the product-anchored path rescales c (0 x 2^100 + 2^-100 is not 2^-100 on
// the RTL), so those lanes stay on the clocked model (test_fpu_rtl_fast.cpp).
inline std::uint32_t zero_product_passes_addend(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    const std::int32_t ea = std::int32_t((a >> 23) & 0xffu), eb = std::int32_t((b >> 23) & 0xffu);
    const std::int32_t ec = std::int32_t((c >> 23) & 0xffu);
    const std::int32_t exp_diff = ec - ea - eb + 125 + (ea != 0) + (eb != 0);
    return zero_operand(a, b) & normal(c) & std::uint32_t(exp_diff > 26);
}
// Exponent in [2, 254]: a normal result clear of the underflow threshold.
inline std::uint32_t safe_result(std::uint32_t x) {
    const std::uint32_t e = (x >> 23) & 0xffu;
    return std::uint32_t(e - 2u < 253u);
}

// Lanes outside `mask` get 0; returns the executing lanes whose host result is not known to be
// the RTL's (ok = 0): those take the scalar routine.
inline std::uint32_t finish_lanes(std::uint32_t* r, const std::uint32_t* ok, std::uint32_t mask) {
    std::uint32_t fast = 0;
    for (std::uint32_t l = 0; l < kLanes; ++l) {
        r[l] &= 0u - ((mask >> l) & 1u);
        fast |= ok[l] << l;
    }
    return mask & ~fast;
}

}  // namespace

FGTLM_LANES_TARGETS void fmul_lanes(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* r,
                                    std::uint32_t mask, isa::Rounding rnd) {
    if (rnd != isa::Rounding::Nearest) {
        for (std::uint32_t l = 0; l < kLanes; ++l) r[l] = ((mask >> l) & 1u) ? fmul(a[l], b[l], rnd) : 0u;
        return;
    }
    std::uint32_t ok[kLanes];
    for (std::uint32_t l = 0; l < kLanes; ++l) {  // vectorises: float multiply + integer checks
        const std::uint32_t p = std::bit_cast<std::uint32_t>(std::bit_cast<float>(a[l]) * std::bit_cast<float>(b[l]));
        r[l] = p;
        ok[l] = (normal(a[l]) & normal(b[l]) & safe_result(p)) | zero_operand(a[l], b[l]);
    }
    for (std::uint32_t slow = finish_lanes(r, ok, mask); slow != 0; slow &= slow - 1) {
        const auto l = std::uint32_t(std::countr_zero(slow));
        r[l] = fmul(a[l], b[l], rnd);
    }
}

FGTLM_LANES_TARGETS void fmad_lanes(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                                    std::uint32_t* r, std::uint32_t mask, isa::Rounding rnd) {
    if (rnd != isa::Rounding::Nearest) {
        for (std::uint32_t l = 0; l < kLanes; ++l) r[l] = ((mask >> l) & 1u) ? fmad(a[l], b[l], c[l], rnd) : 0u;
        return;
    }
    // Simple loops over arrays (no bit_cast inside) so that each one vectorises.
    float fa[kLanes], fb[kLanes], fc[kLanes];
    std::memcpy(fa, a, sizeof fa);
    std::memcpy(fb, b, sizeof fb);
    std::memcpy(fc, c, sizeof fc);
    double s[kLanes], e[kLanes];
    for (std::uint32_t l = 0; l < kLanes; ++l) {
        const double p = double(fa[l]) * double(fb[l]);  // exact
        const double q = double(fc[l]);
        s[l] = p + q;  // TwoSum: s + e == p + q exactly
        const double bv = s[l] - p;
        e[l] = (p - (s[l] - bv)) + (q - bv);
    }
    std::uint64_t sb[kLanes], eb[kLanes];
    std::memcpy(sb, s, sizeof sb);
    std::memcpy(eb, e, sizeof eb);
    for (std::uint32_t l = 0; l < kLanes; ++l) {
        // Round to odd: if inexact, the truncation of the exact sum with its last bit set.
        const std::uint64_t x = eb[l] << 1;                 // e without its sign
        const std::uint64_t inexact = (x | (0 - x)) >> 63;  // e != 0, branch free (SSE2 has no 64-bit compare)
        const std::uint64_t toward_zero = ((eb[l] ^ sb[l]) >> 63) & inexact;
        sb[l] = (sb[l] - toward_zero) | inexact;
    }
    std::memcpy(s, sb, sizeof s);
    float out[kLanes];
    for (std::uint32_t l = 0; l < kLanes; ++l) out[l] = float(s[l]);
    std::memcpy(r, out, sizeof out);
    std::uint32_t ok[kLanes];
    for (std::uint32_t l = 0; l < kLanes; ++l)
        ok[l] = (normal(a[l]) & normal(b[l]) & finite(c[l]) & addend_kept(a[l], b[l], c[l]) & safe_result(r[l])) |
                zero_product_passes_addend(a[l], b[l], c[l]);
    for (std::uint32_t slow = finish_lanes(r, ok, mask); slow != 0; slow &= slow - 1) {
        const auto l = std::uint32_t(std::countr_zero(slow));
        r[l] = fmad(a[l], b[l], c[l], rnd);
    }
}

}  // namespace fgtlm::numerics
