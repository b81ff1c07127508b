// FADD / FMUL / FMAD / FSET / FMIN / FMAX of the FlexGripPlus FPU.
#include <fgtlm/numerics/fpu.hpp>

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

std::uint32_t fmad(std::uint32_t a, std::uint32_t b, std::uint32_t c, isa::Rounding r) {
    return fadd(fmul(a, b, isa::Rounding::Trunc), c, r);
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
