// FADD / FMUL / FMAD / FSET / FMIN / FMAX of the FlexGripPlus FPU.
#include <fgtlm/numerics/fpu.hpp>

#include <algorithm>
#include <bit>
#include <utility>

#include "softfloat.hpp"

namespace fgtlm::numerics {

using namespace detail;

namespace {

// The RTL adder's datapath width below the result's least significant bit: the smaller
// operand is aligned into a register with kAddGuardBits extra bits (bits shifted out further
// are dropped, there is no sticky bit), and after normalisation only the first
// kAddGuardBits bits below the result (guard G and round R) take part in rounding.
// Round-to-nearest therefore rounds up iff G && (R || lsb): a remainder of exactly
// 0.5 ulp + something below R truncates where IEEE would round up. This reproduces all
// 2048 FADD32 results of VectorAdd_float-multiblock (IEEE RN gets 1337 of them).
constexpr int kAddGuardBits = 2;

// Sum of two finite, non-zero normal numbers as the RTL adder computes it.
std::uint32_t add_finite(std::uint32_t a, std::uint32_t b, isa::Rounding r) {
    int ea = biased_exp(a);
    int eb = biased_exp(b);
    if (ea < eb || (ea == eb && frac_of(a) < frac_of(b))) {
        std::swap(a, b);
        std::swap(ea, eb);
    }
    // |a| >= |b|.
    const std::uint64_t ma = std::uint64_t{sig_of(a)} << kAddGuardBits;
    const int d = ea - eb;
    const std::uint64_t mb = d >= 32 ? 0 : (std::uint64_t{sig_of(b)} << kAddGuardBits) >> d;
    const bool sa = sign_of(a);
    const bool subtract = sa != sign_of(b);
    std::uint64_t m = subtract ? ma - mb : ma + mb;
    if (m == 0) return signed_zero(r == isa::Rounding::Down);
    // Keep the 24 result bits plus G and R; drop everything below.
    const int lz = std::countl_zero(m);
    m <<= lz;
    m &= ~((std::uint64_t{1} << (40 - kAddGuardBits)) - 1);
    // value = m * 2^(ea - 127 - 23 - kAddGuardBits - lz); round_pack takes m * 2^(e - 63).
    return round_pack(sa, ea - 127 - 23 - kAddGuardBits + 63 - lz, m, r);
}

}  // namespace

std::uint32_t fadd(std::uint32_t a, std::uint32_t b, isa::Rounding r) {
    if (is_nan(a) || is_nan(b)) return kCanonicalNaN;
    if (is_inf(a)) {
        if (is_inf(b) && sign_of(a) != sign_of(b)) return kCanonicalNaN;
        return a;
    }
    if (is_inf(b)) return b;
    const bool za = is_zero_ftz(a);
    const bool zb = is_zero_ftz(b);
    if (za && zb) {
        const bool sa = sign_of(a);
        const bool sb = sign_of(b);
        return signed_zero(r == isa::Rounding::Down ? (sa || sb) : (sa && sb));
    }
    if (za) return b;
    if (zb) return a;
    return add_finite(a, b, r);
}

std::uint32_t fmul(std::uint32_t a, std::uint32_t b, isa::Rounding r) {
    if (is_nan(a) || is_nan(b)) return kCanonicalNaN;
    const bool s = sign_of(a) != sign_of(b);
    const bool za = is_zero_ftz(a);
    const bool zb = is_zero_ftz(b);
    if (is_inf(a) || is_inf(b)) {
        if (za || zb) return kCanonicalNaN;
        return signed_inf(s);
    }
    if (za || zb) return signed_zero(s);
    const std::uint64_t m = std::uint64_t{sig_of(a)} * sig_of(b);
    // value = m * 2^(ea + eb - 254 - 46)
    return round_pack(s, biased_exp(a) + biased_exp(b) - 254 - 46 + 63, m, r);
}

// FMAD is fused: the 48-bit product and c are added exactly (operands far below the other's
// range collapse into a sticky bit) and the sum is rounded once, with a full sticky bit.
// This is not the adder's G/R-only rounding and not G80's truncated-product MAD: on the nn
// bundle (FMAD feeding RSQ/RCP) the fused form matches 991/1024 RTL words; a truncated or
// rounded product followed by the FADD datapath matches 937..943, and a rounded product with
// a correctly rounded add 970..976.
std::uint32_t fmad(std::uint32_t a, std::uint32_t b, std::uint32_t c, isa::Rounding r) {
    if (is_nan(a) || is_nan(b) || is_nan(c)) return kCanonicalNaN;
    const bool ps = sign_of(a) != sign_of(b);
    const bool pzero = is_zero_ftz(a) || is_zero_ftz(b);
    if (is_inf(a) || is_inf(b)) {
        if (pzero || (is_inf(c) && sign_of(c) != ps)) return kCanonicalNaN;
        return signed_inf(ps);
    }
    if (is_inf(c)) return c;
    if (pzero) return fadd(signed_zero(ps), c, r);  // exact zero product: c (+0/-0 rules of FADD)
    if (is_zero_ftz(c)) return fmul(a, b, r);       // one rounding of the exact product
    // Exact operands: P = mp * 2^xp (mp < 2^48), C = mc * 2^xc (mc < 2^24).
    using u128 = unsigned __int128;
    const std::uint64_t mp = std::uint64_t{sig_of(a)} * sig_of(b);
    const int xp = biased_exp(a) + biased_exp(b) - 300;
    const std::uint64_t mc = sig_of(c);
    const int xc = biased_exp(c) - 150;
    // Common frame: the larger operand's top bit lands at bit ~110, the other is shifted
    // right into it with a sticky bit if needed.
    const int hi = std::max(xp + 48, xc + 24);
    const int lsb = hi - 110;
    auto place = [lsb](std::uint64_t m, int x) -> u128 {
        const int sh = x - lsb;
        if (sh >= 0) return u128{m} << sh;
        if (sh <= -64) return 1;  // entirely below the frame: only its stickiness remains
        const std::uint64_t lost = m & ((std::uint64_t{1} << -sh) - 1);
        return u128{m >> -sh} | (lost != 0 ? 1u : 0u);
    };
    const u128 p = place(mp, xp);
    const u128 q = place(mc, xc);
    const bool cs = sign_of(c);
    bool s = ps;
    u128 m;
    if (ps == cs) {
        m = p + q;
    } else if (p >= q) {
        m = p - q;
    } else {
        m = q - p;
        s = cs;
    }
    if (m == 0) return signed_zero(r == isa::Rounding::Down);
    // Reduce to 64 bits (keeping a sticky bit) for round_pack: value = m * 2^lsb.
    int e = lsb;
    const auto hi64 = static_cast<std::uint64_t>(m >> 64);
    if (hi64 != 0) {
        const int sh = 64 - std::countl_zero(hi64);
        const bool sticky = (m & ((u128{1} << sh) - 1)) != 0;
        m = (m >> sh) | (sticky ? 1u : 0u);
        e += sh;
    }
    return round_pack(s, e + 63, static_cast<std::uint64_t>(m), r);
}

bool fcompare(std::uint32_t a, std::uint32_t b, isa::CompareOp op) {
    if (op == isa::CompareOp::FL) return false;
    if (op == isa::CompareOp::TR) return true;
    if (is_nan(a) || is_nan(b)) return op == isa::CompareOp::NE;
    // Map to a total order on integers (FTZ: denormals compare as zero).
    auto key = [](std::uint32_t x) -> std::int64_t {
        if (is_zero_ftz(x)) return 0;
        const std::int64_t mag = x & 0x7FFFFFFFu;
        return sign_of(x) ? -mag : mag;
    };
    const std::int64_t ka = key(a);
    const std::int64_t kb = key(b);
    switch (op) {
        case isa::CompareOp::LT: return ka < kb;
        case isa::CompareOp::EQ: return ka == kb;
        case isa::CompareOp::LE: return ka <= kb;
        case isa::CompareOp::GT: return ka > kb;
        case isa::CompareOp::NE: return ka != kb;
        case isa::CompareOp::GE: return ka >= kb;
        default: return false;
    }
}

namespace {
// Total order key with -0 < +0.
std::int64_t minmax_key(std::uint32_t x) {
    const std::int64_t mag = x & 0x7FFFFFFFu;
    return sign_of(x) ? -mag - 1 : mag;
}
}  // namespace

std::uint32_t fmin(std::uint32_t a, std::uint32_t b) {
    if (is_nan(a)) return is_nan(b) ? kCanonicalNaN : b;
    if (is_nan(b)) return a;
    return minmax_key(a) <= minmax_key(b) ? a : b;
}

std::uint32_t fmax(std::uint32_t a, std::uint32_t b) {
    if (is_nan(a)) return is_nan(b) ? kCanonicalNaN : b;
    if (is_nan(b)) return a;
    return minmax_key(a) >= minmax_key(b) ? a : b;
}

FpFlags fp_flags(std::uint32_t result) {
    FpFlags f;
    const bool nan = is_nan(result);
    const bool zero = (result & 0x7FFFFFFFu) == 0;
    f.zero = zero || nan;
    f.sign = nan || (sign_of(result) && !zero);
    f.carry = false;
    f.overflow = false;
    return f;
}

}  // namespace fgtlm::numerics
