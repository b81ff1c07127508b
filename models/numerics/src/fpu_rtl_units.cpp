// The clocked arithmetic blocks of the FlexGripPlus FPU, transcribed statement by statement from
// fpu_add_32.vhd, fpu_sub_32.vhd, fpu_mul_32.vhd and fpu_fma_32.vhd. `n` is the state after the
// edge, `*this` (read through the bare member names) the state before it. Widths follow the
// VHDL: every arithmetic result is cut to the width of the signal it is assigned to.
#include "fpu_rtl_units.hpp"

#include <bit>

namespace fgtlm::numerics::detail::rtl {

namespace {

constexpr std::uint64_t mask64(int w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }
constexpr u128 mask128(int w) { return w >= 128 ? ~u128{0} : (u128{1} << w) - 1; }

// shift_right/shift_left of numeric_std on a w-bit unsigned: shifts of w or more give 0.
constexpr std::uint64_t shr(std::uint64_t v, std::uint32_t n, int w) {
    return n >= unsigned(w) ? 0 : (v & mask64(w)) >> n;
}
constexpr std::uint64_t shl(std::uint64_t v, std::uint32_t n, int w) {
    return n >= unsigned(w) ? 0 : (v << n) & mask64(w);
}
constexpr u128 shr128(u128 v, std::uint32_t n, int w) { return n >= unsigned(w) ? 0 : (v & mask128(w)) >> n; }
constexpr u128 shl128(u128 v, std::uint32_t n, int w) { return n >= unsigned(w) ? 0 : (v << n) & mask128(w); }

// fpupackage.count_l_zeros: leading zeros of a w-bit vector in a 6-bit counter.
inline std::uint32_t clz(std::uint64_t v, int w) {
    v &= mask64(w);
    const int n = v == 0 ? w : std::countl_zero(v) - (64 - w);
    return std::uint32_t(n) & 63u;
}

// A 10-bit two's complement pattern as an int.
constexpr int s10(std::uint32_t v) { return (v & 0x200u) ? int(v & 0x3ffu) - 1024 : int(v & 0x3ffu); }

constexpr std::uint32_t bit(std::uint32_t v, int i) { return (v >> i) & 1u; }

}  // namespace

void Add::clock(std::uint32_t opa, std::uint32_t opb) {
    Add n = *this;
    const std::uint32_t small_shift_nonzero = small_shift != 0;
    const std::uint32_t small_is_nonzero = es != 0 || ms != 0;
    const std::uint32_t small_fraction_enable = small_is_nonzero && !small_shift_nonzero;
    n.sign = opa >> 31;
    n.ea = (opa >> 23) & 0xff;
    n.eb = (opb >> 23) & 0xff;
    n.ma = opa & 0x7fffff;
    n.mb = opb & 0x7fffff;
    if (ea > eb) {
        n.es = eb;
        n.el = ea;
        n.ms = mb;
        n.ml = ma;
    } else {
        n.es = ea;
        n.el = eb;
        n.ms = ma;
        n.ml = mb;
    }
    n.small_is_denorm = es == 0;
    n.large_is_denorm = el == 0;
    n.lnsd = (small_is_denorm && !large_is_denorm) ? 1 : 0;
    n.ediff = (el - es - lnsd) & 0xff;
    n.large_add = (std::uint32_t(!large_is_denorm) << 25) | (ml << 2);
    n.small_add = (std::uint32_t(!small_is_denorm) << 25) | (ms << 2);
    n.small_shift = std::uint32_t(shr(small_add, ediff, 27));
    n.small_shift_3 = small_fraction_enable ? 1u : small_shift;
    n.sum = (large_add + small_shift_3) & 0x7ffffff;
    if (bit(sum, 26)) {
        n.sum_2 = sum >> 1;
        n.exponent = (el + 1) & 0xff;
    } else {
        n.sum_2 = sum;
        n.exponent = el;
    }
    n.sum_3 = sum_2;
    n.denorm_to_norm = bit(sum_2, 25) && large_is_denorm;
    n.exponent_2 = denorm_to_norm ? (exponent + 1) & 0xff : exponent;
    *this = n;
}

void Sub::clock(std::uint32_t opa, std::uint32_t opb) {
    Sub n = *this;
    const std::uint32_t subtra_fraction_enable = small_is_nonzero && subtra_shift == 0;
    const std::uint32_t in_norm_out_denorm = el != 0 && exponent == 0;
    n.ea = (opa >> 23) & 0xff;
    n.eb = (opb >> 23) & 0xff;
    n.ma = opa & 0x7fffff;
    n.mb = opb & 0x7fffff;
    n.expa_gt_expb = ea > eb;
    n.expa_et_expb = ea == eb;
    n.mana_gtet_manb = ma >= mb;
    n.a_gtet_b = expa_gt_expb || (expa_et_expb && mana_gtet_manb);
    if (a_gtet_b) {
        n.es = eb;
        n.el = ea;
        n.ms = mb;
        n.ml = ma;
        n.sign = opa >> 31;
    } else {
        n.es = ea;
        n.el = eb;
        n.ms = ma;
        n.ml = mb;
        n.sign = opb >> 31;
    }
    n.sid = es == 0;
    n.lid = el == 0;
    n.lnsd = (sid && !lid) ? 1 : 0;
    n.small_is_nonzero = !sid || ms != 0;
    n.ediff = (el - es - lnsd) & 0xff;
    n.minuend = (std::uint32_t(!lid) << 25) | (ml << 2);
    n.subtrahend = (std::uint32_t(!sid) << 25) | (ms << 2);
    n.subtra_shift = std::uint32_t(shr(subtrahend, ediff, 26));
    n.subtra_shift_3 = subtra_fraction_enable ? 1u : subtra_shift;
    n.diff = (minuend - subtra_shift_3) & 0x3ffffff;
    n.diff_shift = clz(diff, 26);
    n.diff_shift_2 = diff_shift;
    n.gt_exponent = diff_shift_2 > el;
    n.et_26 = diff_shift_2 == 26;
    if (gt_exponent) {
        n.diff_1 = std::uint32_t(shl(diff, el, 26));
        n.exponent = 0;
    } else {
        n.diff_1 = std::uint32_t(shl(diff, diff_shift_2, 26));
        n.exponent = (el - diff_shift_2) & 0xff;
    }
    n.exponent_2 = et_26 ? 0 : exponent;
    n.diff_2 = in_norm_out_denorm ? diff_1 >> 1 : diff_1;
    *this = n;
}

void Mul::clock(std::uint32_t opa, std::uint32_t opb) {
    Mul n = *this;
    constexpr std::uint32_t exponent = 0;  // the VHDL's `exponent` signal, assigned "000000000" every edge
    n.sign = (opa ^ opb) >> 31;
    n.ea = (opa >> 23) & 0xff;
    n.eb = (opb >> 23) & 0xff;
    n.ma = opa & 0x7fffff;
    n.mb = opb & 0x7fffff;
    n.a_is_norm = ((opa >> 23) & 0xff) != 0;
    n.b_is_norm = ((opb >> 23) & 0xff) != 0;
    n.a_is_zero = (opa & 0x7fffffff) == 0;
    n.b_is_zero = (opb & 0x7fffffff) == 0;
    const std::uint32_t a_norm_add = !a_is_norm, b_norm_add = !b_is_norm;
    n.in_zero = a_is_zero || b_is_zero;
    n.exponent_terms = (ea + eb + a_norm_add + b_norm_add) & 0x1ff;
    n.mul_a = (a_is_norm << 23) | ma;
    n.mul_b = (b_is_norm << 23) | mb;
    n.gt_expoffset = exponent_terms > 125;
    n.exponent_under = (126 - exponent_terms) & 0x1ff;
    n.exponent_1 = (exponent_terms - 126) & 0x1ff;
    n.product = std::uint64_t(mul_a) * mul_b;
    n.exponent_2 = gt_expoffset ? exponent_1 : exponent;
    n.product_1 = shr(product, exponent_under, 48);
    n.product_shift = clz(product >> 23, 25);
    n.product_2 = gt_expoffset ? product : product_1;
    n.product_shift_2 = product_shift;
    n.gt_prodshift = exponent_2 > product_shift_2;
    n.exponent_3 = (exponent_2 - product_shift_2) & 0x1ff;
    n.exponent_4 = gt_prodshift ? exponent_3 : exponent;
    n.et_zero = exponent_4 == 0;
    n.product_3 = shl(product_2, product_shift_2, 48);
    n.product_4 = shl(product_2, exponent_2, 48);
    n.exponent_5 = in_zero ? 0 : exponent_4;
    n.product_5 = gt_prodshift ? product_3 : product_4;
    n.product_6 = et_zero ? product_5 >> 1 : product_5;
    n.product_lsb = (product_6 & 0x7fffff) != 0;
    n.product_7 = (std::uint32_t((product_6 >> 23) & 0x1ffffff) << 1) | product_lsb;
    *this = n;
}

// fpu_fma_32.vhd has a single clocked process, p_FusedMultiplyAdd; the functions below are its
// commented sections ("---- unpacking ----" and on), called in the VHDL's statement order. They
// are `inline` and called once each from clock(), so they compile into one function as before.

// "unpacking" of p_FusedMultiplyAdd: fields, normal bits, mantissas with their hidden bit.
inline void Fma::unpack(Fma& n, std::uint32_t opa, std::uint32_t opb, std::uint32_t opc) const {
    n.ma = opa & 0x7fffff;
    n.mb = opb & 0x7fffff;
    n.mc = opc & 0x7fffff;
    n.ea = (opa >> 23) & 0xff;
    n.eb = (opb >> 23) & 0xff;
    n.ec = (opc >> 23) & 0xff;
    n.sign_a = opa >> 31;
    n.sign_b = opb >> 31;
    n.sign_c = opc >> 31;
    n.a_isnorm = ((opa >> 23) & 0xff) != 0;
    n.b_isnorm = ((opb >> 23) & 0xff) != 0;
    n.c_isnorm = ((opc >> 23) & 0xff) != 0;
    n.lma = (a_isnorm << 23) | ma;
    n.lmb = (b_isnorm << 23) | mb;
    n.lmc = (c_isnorm << 23) | mc;
    n.eab = (ea + eb) & 0x1ff;
}

// "compute exponent difference C - (A+B) + 127 - normalization bits", and the product A*B.
inline void Fma::exponent_difference(Fma& n) const {
    const std::uint32_t na = a_isnorm, nb = b_isnorm, nc = c_isnorm;
    n.exp_diff = (ec - eab + 126 - nc + na + nb) & 0x3ff;
    n.product_ab = std::uint64_t(lma) * lmb;
    n.ab_shifted = u128{product_ab} << 2;
}

// "determine shifting of C mantissa depending on A*B bigger than C or not".
inline void Fma::choose_addend_shift(Fma& n, int sd) const {
    if (sd <= -47) {
        n.shift_1 = 76;
        n.expo = (eab - 125) & 0x1ff;
        n.sign_i = sign_a ^ sign_b;
    } else if (sd <= 2) {
        n.shift_1 = std::uint32_t(28 - sd) & 0x3ff;
        n.expo = (eab - 125) & 0x1ff;
        n.sign_i = sign_a ^ sign_b;
    } else if (sd <= 26) {
        n.shift_1 = std::uint32_t(28 - sd) & 0x3ff;
        n.expo = ec;
        n.sign_i = sign_c;
    } else {
        n.shift_1 = 0;
        n.expo = ec;
        n.sign_i = sign_c;
    }
}

// "positionning C mantissa for addition".
inline void Fma::position_addend(Fma& n) const {
    n.c_shifted_temp = u128{lmc} << 76;
    n.c_shifted_temp_2 = shr128(c_shifted_temp, shift_1, 100);
    n.c_compressed = (c_shifted_temp_2 >> 23) & mask128(77);
    n.sticky_c = (c_shifted_temp_2 & mask128(24)) != 0;
    n.c_compressed_2 = c_compressed;
}

// "compute possible outputs A*B+C | A*B-C | -A*B+C".
inline void Fma::possible_outputs(Fma& n) const {
    n.sum = (ab_shifted + c_compressed_2) & mask128(78);
    n.diff = (ab_shifted - c_compressed_2) & mask128(78);
    n.diff_comp = (u128{0} - diff) & mask128(77);  // complement('1' & diff)(76 downto 0)
}

// "choose one of the precedent outputs".
inline void Fma::choose_output(Fma& n, int sd) const {
    if (effective_add()) {
        n.sum_2 = sum & mask128(77);
    } else if (sd < 0) {
        n.sum_2 = diff & mask128(77);
    } else if (sd > 1) {
        n.sum_2 = diff_comp;
        n.sign_i = sign_c;
    } else if (c_compressed_2 > ab_shifted) {
        n.sum_2 = diff_comp;
        n.sign_i = sign_c;
    } else if (c_compressed_2 < ab_shifted) {
        n.sum_2 = diff & mask128(77);
    }  // equal magnitudes: sum_2 keeps its value
}

// "shifting left to get the 1st one front of the mantissa", its first two branches: the
// product-anchored case (exp_diff <= 1) and exp_diff = 2 (risk of cancellation).
inline void Fma::normalise_product_anchored(Fma& n, int sd) const {
    const std::uint32_t na = a_isnorm, nb = b_isnorm, dna = !a_isnorm, dnb = !b_isnorm;
    const int td = s10(test_denorm);
    if (sd <= 1) {
        n.leadzeros = clz(std::uint64_t(sum_2 & mask128(51)), 51);
        n.test_denorm = (eab - leadzeros - 127 + na + nb) & 0x3ff;
        if (td > 0) {
            n.shift_2 = (26 + leadzeros) & 0x3ff;
            n.expo = (eab - leadzeros - 125 + dna + dnb) & 0x1ff;
        } else if (td == 0) {
            n.shift_2 = (25 + leadzeros) & 0x3ff;
            n.expo = (eab - leadzeros - 125 + dna + dnb) & 0x1ff;
        } else {
            n.shift_2 = (28 + eab - 1 - 127) & 0x3ff;
            n.expo = (dna + dnb) & 0x1ff;
        }
    } else {  // sd == 2
        n.leadzeros = clz(std::uint64_t(sum_2 & mask128(52)), 52);
        n.test_denorm = (eab - leadzeros - 126 + na + nb) & 0x3ff;
        if (td > 0) {
            n.shift_2 = (25 + leadzeros) & 0x3ff;
            n.expo = (eab - leadzeros - 124 + dna + dnb) & 0x1ff;
        } else if (td == 0) {
            n.shift_2 = (24 + leadzeros) & 0x3ff;
            n.expo = (eab - leadzeros - 124 + dna + dnb) & 0x1ff;
        } else {
            n.shift_2 = (28 + eab - 1 - 127 + dna + dnb) & 0x3ff;
            n.expo = (dna + dnb) & 0x1ff;
        }
    }
}

// The same section's remaining branches (exp_diff > 2): the addend-anchored cases, where a
// carry (effective add) or a cancellation (effective subtraction) moves the shift by one.
inline void Fma::normalise_addend_anchored(Fma& n, int sd) const {
    const bool eff_add = effective_add();
    const auto sum2_bit = [this](std::uint32_t i) { return i <= 76 && ((sum_2 >> i) & 1u) != 0; };
    if (sd <= 26 && shift_1 != 0 && c_isnorm) {
        if (sum2_bit((77 - shift_1) & 0x3ff) && eff_add) {
            n.shift_2 = (shift_1 - 1) & 0x3ff;
            n.expo = (ec + 1) & 0x1ff;
        } else if (!sum2_bit((76 - shift_1) & 0x3ff) && !eff_add) {
            n.shift_2 = (shift_1 + 1) & 0x3ff;
            n.expo = (ec - 1) & 0x1ff;
        } else {
            n.shift_2 = shift_1;
            n.expo = ec;
        }
    } else if (sd > 26 && c_isnorm) {
        n.shift_2 = shift_1;
        n.expo = ec;
    } else if (!c_isnorm) {
        n.shift_2 = shift_1;
        n.expo = 0;
    }
}

// The process's last statements: the final shift, sticky bit and the outputs.
inline void Fma::pack(Fma& n) const {
    n.sum_shifted = shl128(sum_2, shift_2, 77);
    n.sticky_f = sticky_c || (sum_shifted & mask128(52)) != 0;
    n.exponent = expo;
    n.mantissa = (std::uint32_t((sum_shifted >> 52) & mask128(25)) << 1) | sticky_f;
    n.sign = sign_i;
}

// One edge of p_FusedMultiplyAdd.
void Fma::clock(std::uint32_t opa, std::uint32_t opb, std::uint32_t opc) {
    Fma n = *this;
    const int sd = s10(exp_diff);
    unpack(n, opa, opb, opc);
    exponent_difference(n);
    choose_addend_shift(n, sd);
    position_addend(n);
    possible_outputs(n);
    choose_output(n, sd);
    if (sd <= 2) {
        normalise_product_anchored(n, sd);
    } else {
        normalise_addend_anchored(n, sd);
    }
    pack(n);
    *this = n;
}

// The same sections evaluated in place (each reads what the earlier ones just wrote), which is
// the settled state: the registers form a chain without feedback, and every section reads only
// registers written before it except normalise_product_anchored, which reads test_denorm before
// assigning it, so that section (and pack after it) runs a second time. The two registers that
// may keep their value are sum_2 (equal magnitudes in an effective subtraction, exp_diff 0 or 1)
// and shift_2/expo in the addend-anchored branch (no case matches only when shift_1 = 0, which
// exp_diff 3..26 excludes).
bool Fma::settle(std::uint32_t opa, std::uint32_t opb, std::uint32_t opc) {
    unpack(*this, opa, opb, opc);
    exponent_difference(*this);
    const int sd = s10(exp_diff);
    choose_addend_shift(*this, sd);
    position_addend(*this);
    possible_outputs(*this);
    if (!effective_add() && (sd == 0 || sd == 1) && c_compressed_2 == ab_shifted) return false;
    choose_output(*this, sd);
    if (sd <= 2) {
        normalise_product_anchored(*this, sd);  // test_denorm settles here,
        normalise_product_anchored(*this, sd);  // the branches that read it here
    } else {
        normalise_addend_anchored(*this, sd);
    }
    pack(*this);
    return true;
}

}  // namespace fgtlm::numerics::detail::rtl
