// The FlexGripPlus SFU, transcribed signal by signal from sfu.vhd and its components
// (Quadratic_Interpolator.vhd, ROM.vhd, squaring.vhd, fused_accum_tree.vhd, CLZ.vhd,
// SFU_Exceptions.vhd). Widths and wrap-arounds follow the VHDL vectors: 9-bit exponent
// arithmetic wraps, the result exponent keeps 8 bits. Checked against the RTL itself (GHDL)
// by tests/numerics/test_sfu_rtl_golden.cpp on the vectors of tests/numerics/golden/.
#include "sfu_rtl.hpp"

#include "sfu_rtl_rom.hpp"

#include <bit>

namespace fgtlm::numerics::detail {
namespace {

using u64 = std::uint64_t;
using i64 = std::int64_t;

constexpr u64 bits(u64 v, int hi, int lo) { return (v >> lo) & ((u64{1} << (hi - lo + 1)) - 1); }
constexpr u64 mask(int n) { return n >= 64 ? ~u64{0} : (u64{1} << n) - 1; }
// Two's complement value of the low 9 bits (the VHDL's signed(8 downto 0)).
constexpr i64 s9(i64 v) { return ((v & 0x1ff) ^ 0x100) - 0x100; }

// Quadratic_Interpolator: C0 + C1*X2 + C2*X2^2 with the ROM chosen by (op, exponent).
// Returns Res_Quad_int_o (43 bits, two's complement, format S I.F41).
// Inlined into each per-operation sfu_eval, where `sel` is mostly a constant.
[[gnu::always_inline]] inline u64 quadratic(std::uint32_t src, unsigned sel) {
    const u64 mant = bits(src, 22, 0);
    const unsigned expo = bits(src, 30, 23);
    const bool exp_zero = expo == 127;
    const bool exp_even = expo & 1u;  // the VHDL's name: bit 0 of the exponent
    const bool s2 = sel & 4u, s1 = sel & 2u, s0 = sel & 1u;
    const bool m6 = (!s1 && !s0) || (s2 == s1) || (exp_zero && !s2 && s0);
    const u64 x2 = ((m6 ? bits(mant, 16, 16) : 0) << 16) | bits(mant, 15, 0);
    const unsigned x1 = static_cast<unsigned>(bits(mant, 22, 16));
    int fn = -1;
    switch (sel) {
        case 0: fn = 8; break;
        case 1: fn = 9; break;
        case 2: fn = exp_even ? 3 : 4; break;
        case 3: fn = exp_zero ? 7 : 6; break;
        case 4: fn = 5; break;
        case 5: fn = 0; break;
        case 6: fn = exp_even ? 1 : 2; break;
        default: return 0;  // bypass: the interpolator output is not used
    }
    const u64 c0 = kSfuRomC0[static_cast<std::size_t>(fn)][x1];
    const u64 c1 = kSfuRomC1[static_cast<std::size_t>(fn)][x1];
    const u64 c2 = kSfuRomC2[static_cast<std::size_t>(fn)][x1];
    const u64 sq = (x2 * x2) >> 19;  // squaring unit, bits 33..19
    // fused_accum_tree: sign-magnitude coefficients, exact Booth products, sum mod 2^43.
    const i64 t0 = static_cast<i64>(bits(c0, 27, 0) << 14);
    const i64 t1 = static_cast<i64>(bits(c1, 18, 0) * x2);
    const i64 t2 = static_cast<i64>(bits(c2, 12, 0) * sq) * 2;
    const i64 sum = (bits(c0, 28, 28) ? -t0 : t0) + (bits(c1, 19, 19) ? -t1 : t1) + (bits(c2, 13, 13) ? -t2 : t2);
    return static_cast<u64>(sum) & mask(43);
}

[[gnu::always_inline]] inline std::uint32_t exceptions(std::uint32_t in, std::uint32_t sin_cos_in, std::uint32_t res,
                                                       unsigned sel) {
    const unsigned e = bits(in, 30, 23);
    const bool neg = in >> 31;
    const bool frac0 = bits(in, 22, 0) == 0;
    switch (sel) {
        case 0:
            if (bits(sin_cos_in, 30, 23) == 0xff) return 0xffffffffu;
            return bits(in, 23, 0) == 0 ? (res & 0x80000000u) : res;
        case 1:
            if (bits(sin_cos_in, 30, 23) == 0xff) return 0xffffffffu;
            return bits(in, 23, 0) == 0 ? ((res & 0x80000000u) | 0x3f800000u) : res;
        case 2:
            if (neg) return e == 0 ? 0xff800000u : 0xffffffffu;
            if (e == 0) return 0x7f800000u;
            if (e == 0xff) return frac0 ? 0u : 0xffffffffu;
            return res;
        case 3:
            if (e == 0) return 0xff800000u;
            if (e == 0xff) return (!neg && frac0) ? 0x7f800000u : 0xffffffffu;
            if (neg) return 0xffffffffu;
            return res;
        case 4:
            if (!neg) return res;
            if (e == 0xf0 && frac0) return 0u;
            if (e == 0x0f && frac0) return 0x7f800000u;
            if (e == 0xff && !frac0) return in;
            if (e == 0 && frac0) return 0x3f800000u;
            return res;
        case 5:
            if (e == 0xff) return frac0 ? (neg ? 0x80000000u : 0u) : in;
            if (e == 0) return neg ? 0xff800000u : 0x7f800000u;
            return res;
        case 6:
            if (neg) return e == 0 ? 0xff800000u : 0xffffffffu;
            if (e == 0xff) return frac0 ? 0x7f800000u : 0xffffffffu;
            if (e == 0) return 0u;
            return res;
        default: return in;
    }
}

// The result exponent per operation (unbiased, 9-bit signed as in the VHDL).
i64 final_exponent(unsigned selop, unsigned expo, i64 exp_norm) {
    const i64 ex = s9(static_cast<i64>(expo) - 127);
    const i64 ex1 = s9(ex - 1);
    const i64 ex1_srl = ex1 >> 1;  // arithmetic: the VHDL keeps the sign bit
    const i64 ex_srl = ex >> 1;
    switch (selop) {
        case 0:
        case 1:
        case 3: return exp_norm;
        case 2: return (ex & 1) ? s9(exp_norm - ex1_srl) : s9(exp_norm - ex_srl);
        case 4: return s9(static_cast<i64>(static_cast<std::int8_t>(expo)));
        case 5: return s9(exp_norm - ex);
        case 6: return (ex & 1) ? ex1_srl : ex_srl;
        default: return ex;
    }
}

// The result sign per operation (SIN/COS by quadrant, LG2 below 1, RSQ/RCP/... the input's).
bool result_sign(unsigned selop, bool sign, unsigned quad, bool lsign) {
    switch (selop) {
        case 0: return sign ^ static_cast<bool>(quad >> 1);
        case 1: return static_cast<bool>((quad >> 1) ^ (quad & 1u));
        case 3: return lsign;
        case 5: return sign;
        case 7: return sign;
        default: return false;
    }
}

// The SFU for one selop, a compile-time constant: the per-operation selectors (interpolator
// ROM, exponent and sign rules, exceptions; LG2's product) fold away.
template <unsigned selop>
inline std::uint32_t sfu_eval(std::uint32_t src) {
    const bool sign = src >> 31;
    const unsigned expo = bits(src, 30, 23);
    const u64 mant = bits(src, 22, 0);
    const unsigned quad = expo >> 6;

    // SIN/COS: an angle >= 1 (integer bit 23) is evaluated as pi/2 - x with the other function.
    const u64 half_pi_minus_x = (0xc90fdbu - bits(src, 23, 0)) & mask(24);
    const std::uint32_t adj = bits(src, 23, 23) ? static_cast<std::uint32_t>(half_pi_minus_x) : src;
    const bool trig = (selop >> 1) == 0;
    const std::uint32_t data = trig ? adj : src;
    const unsigned oper = trig ? (((quad & 1u) ^ (selop & 1u) ^ static_cast<unsigned>(bits(src, 23, 23))) & 1u) : selop;

    const u64 q = quadratic(data, oper);

    // LG2: e + log2(1.f); for e = 0 the table holds log2(x)/(x-1) and is multiplied by f.
    const bool lg_e0 = expo == 127;
    // 42 x 42-bit product, of which bits 82..41 are used.
    const unsigned __int128 mult128 =
        static_cast<unsigned __int128>(bits(q, 41, 0)) * (static_cast<unsigned __int128>(mant) << 18);
    const bool lsign = expo < 127;
    const u64 int_xor = bits(expo, 6, 0) ^ (lsign ? 0x7fu : 0u);
    const u64 int_part = lsign ? int_xor : (int_xor + 1) & 0xff;
    const u64 fix_xor = (bits(q, 41, 0)) ^ (lsign ? mask(49) : 0);
    const u64 tmp_fxp = bits(int_part, 6, 0) << 41;
    const u64 fix_t = (tmp_fxp + fix_xor) & mask(49);
    const u64 fix = lsign ? (fix_t + 1) & mask(49) : fix_t;
    const u64 log_unorm = lg_e0 ? static_cast<u64>((mult128 >> 41) & mask(42)) : bits(fix, 47, 0);

    // Normalisation (the 64-bit CLZ input; low 15 bits are zero).
    const u64 in_norm = selop == 3 ? (log_unorm << 15) : (bits(q, 41, 0) << 15);
    const bool all_zero = in_norm == 0;
    const unsigned zeros = all_zero ? 0u : static_cast<unsigned>(std::countl_zero(in_norm));
    const u64 res_norm = ((in_norm >> 15) << zeros) & mask(49);
    const unsigned rnd =
        (bits(res_norm, 24, 24) & bits(res_norm, 23, 23)) | (bits(res_norm, 25, 25) & bits(res_norm, 24, 24));
    const u64 rounded = bits(res_norm, 48, 25) + rnd;  // 25 bits
    const i64 exp_norm = s9(7 - static_cast<i64>(zeros) + static_cast<i64>(bits(rounded, 24, 24)));
    const u64 res_mant = bits(rounded, 22, 0);

    const i64 final_exp = final_exponent(selop, expo, exp_norm);
    const bool flush = final_exp < -126 || all_zero;
    const u64 exp_field = flush ? 0 : bits(static_cast<u64>(final_exp + 127), 7, 0);
    const u64 mant_field = flush ? 0 : res_mant;

    const bool rsign = result_sign(selop, sign, quad, lsign);
    const auto complete = static_cast<std::uint32_t>((u64{rsign} << 31) | (exp_field << 23) | mant_field);
    return exceptions(data, src, complete, oper);
}

template <unsigned selop>
void sfu_eval_lanes(const std::uint32_t* a, std::uint32_t* r, std::uint32_t mask) {
    for (std::uint32_t l = 0; l < 32; ++l) r[l] = ((mask >> l) & 1u) ? sfu_eval<selop>(a[l]) : 0u;
}

}  // namespace

std::uint32_t sfu_rtl(std::uint32_t src, SfuOp op) {
    switch (op) {
        case SfuOp::Sin: return sfu_eval<0>(src);
        case SfuOp::Cos: return sfu_eval<1>(src);
        case SfuOp::Rsqrt: return sfu_eval<2>(src);
        case SfuOp::Log2: return sfu_eval<3>(src);
        case SfuOp::Exp2: return sfu_eval<4>(src);
        case SfuOp::Rcp: return sfu_eval<5>(src);
        case SfuOp::Sqrt: return sfu_eval<6>(src);
        case SfuOp::Bypass: break;
    }
    return sfu_eval<7>(src);
}

[[gnu::hot]] void sfu_rtl_lanes(SfuOp op, const std::uint32_t* a, std::uint32_t* r, std::uint32_t mask) {
    switch (op) {
        case SfuOp::Sin: return sfu_eval_lanes<0>(a, r, mask);
        case SfuOp::Cos: return sfu_eval_lanes<1>(a, r, mask);
        case SfuOp::Rsqrt: return sfu_eval_lanes<2>(a, r, mask);
        case SfuOp::Log2: return sfu_eval_lanes<3>(a, r, mask);
        case SfuOp::Exp2: return sfu_eval_lanes<4>(a, r, mask);
        case SfuOp::Rcp: return sfu_eval_lanes<5>(a, r, mask);
        case SfuOp::Sqrt: return sfu_eval_lanes<6>(a, r, mask);
        case SfuOp::Bypass: break;
    }
    sfu_eval_lanes<7>(a, r, mask);
}

namespace {

// RRO/Components/multFP.vhd: truncating multiply; a zero operand (+-0 only) gives +0, an
// exponent out of 0..255 gives a signed zero; denormal inputs are taken with the hidden 1.
std::uint32_t mult_fp(std::uint32_t x, std::uint32_t y) {
    if ((x & 0x7fffffffu) == 0 || (y & 0x7fffffffu) == 0) return 0;
    const u64 m = (bits(x, 22, 0) | 0x800000u) * (bits(y, 22, 0) | 0x800000u);  // 48 bits
    const i64 ef = static_cast<i64>((bits(x, 30, 23) + bits(y, 30, 23) - (bits(m, 47, 47) ? 126 : 127)) & 0x3ff);
    const i64 e = (ef ^ 0x200) - 0x200;  // signed(9 downto 0)
    std::uint32_t r = 0;
    if (e <= 255 && e >= 0) {
        const int top = 63 - std::countl_zero(m);  // highest set bit (m != 0)
        const u64 shifted = (m << (47 - top)) & mask(48);
        r = static_cast<std::uint32_t>((static_cast<u64>(e & 0xff) << 23) | bits(shifted, 46, 24));
    }
    return r | ((x ^ y) & 0x80000000u);
}

// RRO/Components/add_sub.vhd (P = 24, E = 8): fractions of 28 bits (01.F23 + 3 guard bits),
// sticky alignment, normalisation, a round-up rule of its own and a 23-bit rounding add
// whose carry is lost.
std::uint32_t right_shift(u64 frac, u64 diff) {
    u64 t = frac;
    bool sticky = false;
    for (int i = 4; i >= 0; --i) {
        if ((diff >> i) & 1u) {
            const int sh = 1 << i;
            if (bits(t, sh - 1, 0) != 0) sticky = true;
            t >>= sh;
        }
    }
    const u64 out = t | (sticky ? 1u : 0u);
    return static_cast<std::uint32_t>(bits(diff, 8, 5) == 0 ? out : 1u);
}

// add_sub.vhd's first stage ("unpacking and detections" to "sign computation"): the _stg2
// signals the second stage reads.
struct AddSubStage1 {
    bool is_nan = false, is_inf = false, zero_a_or_b = false, sign = false, sub = false;
    u64 frac = 0, exp = 0;  // frac_stg2 (28 bits), efectExp_stg2
};

inline AddSubStage1 add_sub_stage1(std::uint32_t a, std::uint32_t b, bool add) {
    const u64 ea = bits(a, 30, 23), eb = bits(b, 30, 23);
    const u64 fa = bits(a, 22, 0), fb = bits(b, 22, 0);
    const bool nan_a = ea == 0xff && fa != 0, nan_b = eb == 0xff && fb != 0;
    const bool inf_a = ea == 0xff, inf_b = eb == 0xff;
    const bool zero_a = ea == 0 && fa == 0, zero_b = eb == 0 && fb == 0;
    const bool sign_a = a >> 31;
    const bool sign_b = add ? (b >> 31) != 0 : (b >> 31) == 0;
    AddSubStage1 r;
    r.sub = sign_a != sign_b;
    r.is_nan = nan_a || nan_b || (inf_a && inf_b && r.sub);
    r.is_inf = (inf_a != inf_b) || (inf_a && inf_b && !r.sub);
    r.zero_a_or_b = zero_a || zero_b;
    // swap: the operand with the larger exponent first, the other aligned to it
    const u64 dab = (ea - eb) & 0x1ff, dba = (eb - ea) & 0x1ff;
    const bool b_bigger = bits(dab, 8, 8);
    const u64 diff = b_bigger ? dba : dab;
    const u64 frac_a = ((u64{1} << 23) | (b_bigger ? fb : fa)) << 3;
    const u64 frac_b = ((u64{1} << 23) | (b_bigger ? fa : fb)) << 3;
    r.exp = b_bigger ? eb : ea;
    const u64 b_al = right_shift(frac_b, diff);
    const u64 add_ab = (frac_a + b_al) & mask(28);
    const u64 sub_ab = (frac_a - b_al) & mask(28);
    const u64 addsub = r.sub ? sub_ab : add_ab;
    const u64 sub_ba_eq = ((((u64{1} << 23) | fb) - ((u64{1} << 23) | fa)) & mask(25)) << 3;
    // frac and sign: the VHDL's `when ... else` chains
    const bool equal_exp_sub = bits(sub_ba_eq, 27, 27) == 0 && ea == eb && r.sub;
    r.frac = zero_a          ? ((u64{1} << 23) | fb) << 3
             : zero_b        ? ((u64{1} << 23) | fa) << 3
             : equal_exp_sub ? sub_ba_eq
                             : addsub;
    r.sign = sign_a == sign_b ? sign_a : b_bigger ? sign_b : bits(addsub, 27, 27) == 0 ? sign_a : sign_b;
    return r;
}

// A normalised fraction and exponent (frac_*_Norm1, exp_*_Norm1).
struct AddSubNorm1 {
    u64 frac = 0, exp = 0;
    bool underflow = false;
};

// The addition_norm process and isTwo / exp_add_Norm1.
inline AddSubNorm1 addition_norm(u64 frac, u64 exp) {
    const bool did_norm = bits(frac, 27, 27);
    const bool is_two = bits(frac, 26, 2) == mask(25);
    return {did_norm ? ((frac >> 2) << 1) | (bits(frac, 1, 1) | bits(frac, 0, 0)) : frac,
            (exp + ((did_norm || is_two) ? 1 : 0)) & 0xff, false};
}

// subtraction_norm: the fp_leading_zeros_and_shift instance (P = 27).
inline AddSubNorm1 subtraction_norm(u64 frac, u64 exp) {
    unsigned lz = 0;
    for (unsigned i = 27; i >= 1; --i) {
        if (bits(frac, 26, 27 - i) == 0) {
            lz = i;
            break;
        }
    }
    const bool is_z = bits(frac, 26, 0) == 0;
    return {(frac << lz) & mask(28), is_z ? 0 : (exp - lz) & 0xff, !(!is_z && exp > lz)};
}

// The second stage: the normalisation chosen by isSUB, rounding (isRoundUp, frac_Norm2),
// overflow/underflow and the pack.
std::uint32_t add_sub(std::uint32_t a, std::uint32_t b, bool add) {
    const AddSubStage1 st = add_sub_stage1(a, b, add);
    const AddSubNorm1 n1 = st.sub ? subtraction_norm(st.frac, st.exp) : addition_norm(st.frac, st.exp);
    const u64 fn1 = n1.frac, en1 = n1.exp;
    const bool round_up = (bits(fn1, 2, 2) && (bits(fn1, 1, 1) || bits(fn1, 0, 0))) || bits(fn1, 3, 0) == 0xc;
    const u64 fn2 = (bits(fn1, 25, 3) + (round_up ? 1 : 0)) & mask(23);
    const bool overflow = en1 == 0xff && !st.sub;
    const bool underflow = st.sub && n1.underflow;
    const u64 s = u64{st.sign} << 31;
    if (st.is_nan) return static_cast<std::uint32_t>(s | (0xffu << 23) | 1u);
    if (st.is_inf || overflow) return static_cast<std::uint32_t>(s | (0xffu << 23));
    if (st.zero_a_or_b) return static_cast<std::uint32_t>(s | (st.exp << 23) | bits(st.frac, 25, 3));
    if (underflow) return static_cast<std::uint32_t>(s);
    return static_cast<std::uint32_t>(s | (en1 << 23) | fn2);
}

// RRO/RRO_trig.vhd: Cody-Waite reduction x - k*(pi/2) with k = floor(x * 2/pi) in two
// parts (0x3fc90000 + 0x39fdaa22); returns the reduced value with the input's sign and k mod 4.
std::uint32_t rro_trig(std::uint32_t in, unsigned& quadrant) {
    const std::uint32_t pos = in & 0x7fffffffu;
    const std::uint32_t m1 = mult_fp(pos, 0x3f22f983u);
    const u64 e1 = bits(m1, 30, 23);
    const u64 sig = (u64{1} << 23) | bits(m1, 22, 0);
    const i64 s = static_cast<i64>((254 - e1) & 0xff);
    const i64 drop = s - 104;  // fraction bits of the 24-bit significand
    const u64 kept = drop <= 0 ? sig : (drop > 23 ? 0 : (sig >> drop) << drop);
    const std::uint32_t floor_fp = static_cast<std::uint32_t>(((kept != 0 ? e1 : 0) << 23) | bits(kept, 22, 0));
    const auto bit_at = [&](i64 j) -> unsigned {
        return (j >= 0 && j <= 23) ? static_cast<unsigned>((sig >> j) & 1u) : 0u;
    };
    quadrant = bit_at(s - 104) | (bit_at(s - 103) << 1);
    const std::uint32_t m2 = mult_fp(floor_fp, 0x3fc90000u);
    const std::uint32_t m3 = mult_fp(floor_fp, 0x39fdaa22u);
    const std::uint32_t r = add_sub(add_sub(pos, m2, false), m3, false);
    return (in & 0x80000000u) | (r & 0x7fffffffu);
}

}  // namespace

// RRO/rro.vhd.
std::uint32_t rro_rtl(std::uint32_t x, bool ex2_phase) {
    const unsigned e = bits(x, 30, 23);
    if (!ex2_phase) {
        if (e == 0xff) return x;
        unsigned quad = 0;
        const std::uint32_t t = rro_trig(x, quad);
        const u64 shift = (127 - bits(t, 30, 23)) & 0xff;
        const u64 fixed = shift >= 24 ? 0 : (((u64{1} << 23) | bits(t, 22, 0)) >> shift);
        return static_cast<std::uint32_t>((u64{x >> 31} << 31) | (u64{quad} << 29) | fixed);
    }
    if (x == 0x7f800000u) return 0x87800000u;  // '1' & 0x0f & 0
    if (x == 0xff800000u) return 0xf8000000u;  // '1' & 0xf0 & 0
    if (e == 0xff && bits(x, 22, 0) != 0) return 0xff800000u | bits(x, 22, 0);
    const bool too_big = e > 133;
    if (too_big) return (x >> 31) ? 0xf8000000u : 0x87800000u;
    if (x == 0 || e == 0) return 0x80000000u;
    const u64 shift = (133 - e) & 0xff;
    const u64 tmp = ((u64{1} << 29) | (u64{bits(x, 22, 0)} << 6)) & mask(32);
    const u64 fixed = shift >= 32 ? 0 : tmp >> shift;
    const u64 cmp = (x >> 31) ? (~fixed & mask(32)) : fixed;
    const u64 adj = (x >> 31) ? (cmp + 1) & mask(32) : cmp;
    return static_cast<std::uint32_t>(bits(adj, 30, 0));
}

}  // namespace fgtlm::numerics::detail
