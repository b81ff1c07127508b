// FADD over 32 lanes: the settled fpu_add/fpu_sub datapath of fpu_rtl_fadd.cpp (`settled`)
// written as loops over lane arrays without branches, so that the compiler vectorises them
// (AVX2 where the host has it). Same integer operations, same domain; lanes outside it take
// fadd(), which is the scalar settled path or the clocked model. FpuLanes.FaddMatchesScalar and
// FpuRtlFast.FaddLanesAgreeWithEveryGoldenVector check it against them.
//
// The add and subtract paths share their front end: fpu_add picks the operand of larger
// exponent as `large` (b on equal exponents), fpu_sub the one of larger magnitude; on equal
// exponents the add is symmetric (no shift, no sticky), so ordering by magnitude gives fpu_add's
// sum too, and both shifts give 0 from a 26-bit operand for shifts of 26 and more.
#include <algorithm>
#include <bit>
#include <cstring>

#include <fgtlm/numerics/fpu.hpp>
#include <fgtlm/numerics/fpu_lanes.hpp>

#include "lane_targets.hpp"

namespace fgtlm::numerics {

namespace {

constexpr std::uint32_t kLanes = 32;

// The lane arrays of one warp's FADD, one per datapath signal.
struct FaddLanes {
    std::uint32_t sign[kLanes], mant[kLanes], exp[kLanes], ok[kLanes];
};

// ±0 or exponent 2..253 (fpu_rtl_fadd.cpp, in_domain).
inline std::uint32_t in_domain(std::uint32_t x) {
    const std::uint32_t e = (x >> 23) & 0xffu;
    return std::uint32_t((x & 0x7fffffffu) == 0) | std::uint32_t(e - 2u <= 251u);
}
// Exponent 0..1 beside one of exponent 27..253 (tiny_beside_large).
inline std::uint32_t tiny_beside_large(std::uint32_t x, std::uint32_t y) {
    const std::uint32_t ex = (x >> 23) & 0xffu, ey = (y >> 23) & 0xffu;
    return std::uint32_t(ex <= 1u) & std::uint32_t(ey - 27u <= 226u);
}
// Leading zeros of a non-zero 26-bit value within 26 bits: the float conversion's exponent is
// the highest set bit, or one more when rounding carried into the next power of two.
inline std::uint32_t lz26(std::uint32_t d) {
    const std::uint32_t e = std::min((std::bit_cast<std::uint32_t>(float(std::int32_t(d))) >> 23) - 127u, 31u);
    return 25u - (e - std::uint32_t(d < (1u << e)));  // d = 0 (not used) stays defined
}

// c ? x : y for c = 0 or 1, without a branch (the vectoriser does not if-convert every `?:`).
inline std::uint32_t sel(std::uint32_t c, std::uint32_t x, std::uint32_t y) { return y ^ ((x ^ y) & (0u - c)); }
inline std::uint32_t is_zero(std::uint32_t x) { return std::uint32_t(x == 0); }

// One lane of fpu_add (both signs clear) or fpu_sub: fpu_round's inputs.
inline void add_or_sub(std::uint32_t a, std::uint32_t b, std::uint32_t& sign, std::uint32_t& mant, std::uint32_t& exp) {
    const std::uint32_t sub = (a | b) >> 31;
    const std::uint32_t a_large = std::uint32_t((a & 0x7fffffffu) >= (b & 0x7fffffffu));
    const std::uint32_t large = sel(a_large, a, b), small = sel(a_large, b, a);
    const std::uint32_t el = (large >> 23) & 0xffu, es = (small >> 23) & 0xffu;
    const std::uint32_t sid = is_zero(es), lid = is_zero(el);
    const std::uint32_t ediff = (el - es - (sid & (lid ^ 1u))) & 0xffu;
    const std::uint32_t large_m = ((lid ^ 1u) << 25) | ((large & 0x7fffffu) << 2);
    const std::uint32_t small_m = ((sid ^ 1u) << 25) | ((small & 0x7fffffu) << 2);
    const std::uint32_t shifted = small_m >> std::min(ediff, 31u);
    // Whatever shifts out entirely leaves a sticky 1.
    const std::uint32_t operand = shifted | ((is_zero(small_m) ^ 1u) & is_zero(shifted));
    // fpu_add: carry out of bit 26 shifts right once; a denormal sum that reached bit 25 is normal.
    const std::uint32_t sum = (large_m + operand) & 0x7ffffffu;
    const std::uint32_t carry = (sum >> 26) & 1u;
    const std::uint32_t sum_2 = sum >> carry;
    const std::uint32_t exp_add = (el + carry + ((sum_2 >> 25) & lid)) & 0xffu;
    // fpu_sub: normalise left by the leading zeros, or down to exponent 0 (a denormal).
    const std::uint32_t diff = (large_m - operand) & 0x3ffffffu;
    const std::uint32_t lz = sel(is_zero(diff), 26u, lz26(diff));
    const std::uint32_t to_denormal = std::uint32_t(lz > el);
    const std::uint32_t diff_1 = (diff << sel(to_denormal, el, lz)) & 0x3ffffffu;
    const std::uint32_t e_sub = sel(to_denormal, 0u, (el - lz) & 0xffu);
    const std::uint32_t diff_2 = diff_1 >> ((lid ^ 1u) & is_zero(e_sub));
    sign = sub & (large >> 31);
    mant = sel(sub, diff_2, sum_2);
    exp = sel(sub, sel(std::uint32_t(lz == 26u), 0u, e_sub), exp_add);
}

// fpu_round (settled_round in fpu_rtl.hpp) and the domain of the result; ok = 0 sends the lane
// to fadd().
inline void round_lanes(FaddLanes& v, const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* r,
                        unsigned rmode) {
    const std::uint32_t nearest = rmode == 0;
    for (std::uint32_t l = 0; l < kLanes; ++l) {
        const std::uint32_t m = v.mant[l];
        const std::uint32_t up = nearest & (m >> 1) & (m | (m >> 2)) & 1u;
        std::uint32_t mant = (m + (up << 2)) & 0x7ffffffu;
        const std::uint32_t bump = (mant >> 26) & 1u;
        mant >>= bump;
        const std::uint32_t exp = (v.exp[l] + bump) & 0x1ffu;
        const std::uint32_t word = (v.sign[l] << 31) | ((exp & 0xffu) << 23) | ((mant >> 2) & 0x7fffffu);
        const std::uint32_t operands =
            (in_domain(a[l]) & in_domain(b[l])) | tiny_beside_large(a[l], b[l]) | tiny_beside_large(b[l], a[l]);
        v.ok[l] = operands & in_domain(word) & std::uint32_t(exp <= 254u);
        r[l] = word;
    }
}

inline void datapath_lanes(FaddLanes& v, const std::uint32_t* a, const std::uint32_t* b) {
    for (std::uint32_t l = 0; l < kLanes; ++l) add_or_sub(a[l], b[l], v.sign[l], v.mant[l], v.exp[l]);
}

}  // namespace

// 32 lanes in one call; lanes outside the settled domain take fadd(), the clocked model.
FGTLM_LANES_TARGETS void fadd_lanes(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* r,
                                    std::uint32_t mask, isa::Rounding rnd) {
    FaddLanes v;
    datapath_lanes(v, a, b);
    round_lanes(v, a, b, r, static_cast<unsigned>(rnd));
    std::uint32_t fast = 0;
    for (std::uint32_t l = 0; l < kLanes; ++l) {
        r[l] &= 0u - ((mask >> l) & 1u);
        fast |= v.ok[l] << l;
    }
    for (std::uint32_t slow = mask & ~fast; slow != 0; slow &= slow - 1) {
        const auto l = std::uint32_t(std::countr_zero(slow));
        r[l] = fadd(a[l], b[l], rnd);
    }
}

}  // namespace fgtlm::numerics
