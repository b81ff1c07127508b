// FADD's fast path: fpu_add / fpu_sub, fpu_round and fpu_exceptions evaluated as combinational
// functions (the values their registers settle to when the operands stay constant), for the
// operands where that is what fpu_single latches.
//
// Why a domain: the clocked model (fpu_rtl.cpp) is the reference. For fpu_sub the rounding
// stage does not settle before the result is latched, and with a denormal or near-denormal
// operand the exception stage can keep an overflow seen in an earlier edge (a wrapped exponent),
// so there the settled value is not the RTL's. With every operand ±0 or of exponent 2..253 (or
// one of exponent 0..1 beside one of exponent 27..253) and a settled result ±0 or of exponent
// 2..253, the two agree: on every such golden vector and on millions of random operands
// (tests/numerics/test_fpu_rtl_fast.cpp).
#include <bit>

#include "fpu_rtl.hpp"

#include <fgtlm/numerics/fpu.hpp>

namespace fgtlm::numerics::detail {

namespace {

constexpr std::uint32_t shr(std::uint32_t v, std::uint32_t n, int w) {
    return n >= unsigned(w) ? 0 : (v & ((1u << w) - 1)) >> n;
}
constexpr std::uint32_t shl(std::uint32_t v, std::uint32_t n, int w) {
    return n >= unsigned(w) ? 0 : (v << n) & ((1u << w) - 1);
}

struct Unrounded {
    std::uint32_t sign, mantissa, exponent;  // fpu_round's inputs: 27-bit mantissa, 9-bit exponent
};

// fpu_add_32.vhd settled: both operands have a clear sign bit.
Unrounded settled_add(std::uint32_t a, std::uint32_t b) {
    const std::uint32_t ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff, ma = a & 0x7fffff, mb = b & 0x7fffff;
    const bool a_large = ea > eb;
    const std::uint32_t es = a_large ? eb : ea, el = a_large ? ea : eb, ms = a_large ? mb : ma, ml = a_large ? ma : mb;
    const std::uint32_t sid = es == 0, lid = el == 0, lnsd = sid && !lid;
    const std::uint32_t ediff = (el - es - lnsd) & 0xff;
    const std::uint32_t large_add = (std::uint32_t(!lid) << 25) | (ml << 2);
    const std::uint32_t small_shift = shr((std::uint32_t(!sid) << 25) | (ms << 2), ediff, 27);
    const bool small_nonzero = es != 0 || ms != 0;
    const std::uint32_t sum = (large_add + ((small_nonzero && small_shift == 0) ? 1u : small_shift)) & 0x7ffffff;
    const bool carry = (sum >> 26) & 1u;
    const std::uint32_t sum_2 = carry ? sum >> 1 : sum;
    const std::uint32_t e = carry ? (el + 1) & 0xff : el;
    return {a >> 31, sum_2, (((sum_2 >> 25) & 1u) && lid) ? (e + 1) & 0xff : e};
}

// fpu_sub_32.vhd settled: the larger magnitude minus the smaller, with the larger's sign.
Unrounded settled_sub(std::uint32_t a, std::uint32_t b) {
    const std::uint32_t ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff, ma = a & 0x7fffff, mb = b & 0x7fffff;
    const bool a_large = ea > eb || (ea == eb && ma >= mb);
    const std::uint32_t es = a_large ? eb : ea, el = a_large ? ea : eb, ms = a_large ? mb : ma, ml = a_large ? ma : mb;
    const std::uint32_t sign = (a_large ? a : b) >> 31;
    const std::uint32_t sid = es == 0, lid = el == 0, lnsd = sid && !lid;
    const bool small_nonzero = !sid || ms != 0;
    const std::uint32_t ediff = (el - es - lnsd) & 0xff;
    const std::uint32_t minuend = (std::uint32_t(!lid) << 25) | (ml << 2);
    const std::uint32_t shifted = shr((std::uint32_t(!sid) << 25) | (ms << 2), ediff, 26);
    const std::uint32_t diff = (minuend - ((small_nonzero && shifted == 0) ? 1u : shifted)) & 0x3ffffff;
    const std::uint32_t lz = diff == 0 ? 26u : std::uint32_t(std::countl_zero(diff) - 6);
    const bool to_denormal = lz > el;
    const std::uint32_t diff_1 = shl(diff, to_denormal ? el : lz, 26);
    const std::uint32_t e = to_denormal ? 0 : (el - lz) & 0xff;
    const std::uint32_t diff_2 = (el != 0 && e == 0) ? diff_1 >> 1 : diff_1;
    return {sign, diff_2, lz == 26 ? 0 : e};
}

}  // namespace

namespace {

inline bool settled(std::uint32_t a, std::uint32_t b, unsigned rmode, std::uint32_t& result) {
    auto in_domain = [](std::uint32_t x) {
        const std::uint32_t e = (x >> 23) & 0xff;
        return (x & 0x7fffffffu) == 0 || (e >= 2 && e <= 253);
    };
    // A denormal (or exponent 1) operand beside one of exponent 27..253: fpu_sub's transient
    // exponent el - diff_shift cannot wrap, since diff_shift <= 26 < el (kernels that pass
    // integers through float registers, e.g. nn's coordinates, produce such operands).
    auto tiny_beside_large = [](std::uint32_t x, std::uint32_t y) {
        const std::uint32_t ex = (x >> 23) & 0xff, ey = (y >> 23) & 0xff;
        return ex <= 1 && ey >= 27 && ey <= 253;
    };
    if (!(in_domain(a) && in_domain(b)) && !tiny_beside_large(a, b) && !tiny_beside_large(b, a)) return false;
    const Unrounded u = ((a | b) >> 31) ? settled_sub(a, b) : settled_add(a, b);
    const auto [r, exp] = settled_round(u.sign, u.mantissa, u.exponent, rmode);
    // No NaN operand and no overflow in this domain, so fpu_exceptions passes the rounded word.
    if (!in_domain(r) || exp > 254) return false;
    result = r;
    return true;
}

}  // namespace

bool fadd_settled(std::uint32_t a, std::uint32_t b, unsigned rmode, std::uint32_t& result) {
    return settled(a, b, rmode, result);
}

}  // namespace fgtlm::numerics::detail
