// The FlexGripPlus FPU's single-stage blocks: fpu_conv_32.vhd (I2F, F2I, float moves) and
// fpu_set_32.vhd (FSET), transcribed from the VHDL. Their outputs are registered once from the
// operands, so after the FPU's WORK cycles they are plain functions of the operands.
#include <bit>

#include "fpu_rtl.hpp"

namespace fgtlm::numerics::detail {

namespace {

using u128 = unsigned __int128;

// U2F/S2F on a non-zero magnitude: the leading one is shifted out, 23 bits kept, rounded to
// nearest even from bit 8 and the bits below; the increment does not carry into the exponent,
// so 0xFFFFFFC0..0xFFFFFFFF convert to 2^31 rather than 2^32.
std::uint32_t int_to_float(std::uint32_t mag, std::uint32_t sign) {
    const unsigned shift = unsigned(std::countl_zero(mag));
    const std::uint32_t tmp = shift + 1 >= 32 ? 0 : mag << (shift + 1);
    std::uint32_t mantissa = tmp >> 9;
    const bool round = (tmp >> 8) & 1u, sticky = (tmp & 0xffu) != 0;
    if ((round && sticky) || (round && (mantissa & 1u))) mantissa = (mantissa + 1) & 0x7fffff;
    const std::uint32_t exponent = (158 - shift) & 0xff;
    return (sign << 31) | (exponent << 23) | mantissa;
}

// The integer part of 1.m * 2^(exp - 127) for 0 <= nb_zeros = 158 - exp < 77, rounded to
// nearest even into 32 bits (wrapping).
std::uint32_t float_to_magnitude(std::uint32_t f, int nb_zeros) {
    u128 t = (u128{1} << 76) | (u128{f & 0x7fffffu} << 53);
    t >>= nb_zeros;
    const bool round = (t >> 44) & 1u, sticky = (t & ((u128{1} << 44) - 1)) != 0;
    std::uint32_t v = std::uint32_t(t >> 45);
    if ((round && sticky) || (round && (v & 1u))) ++v;
    return v;
}

std::uint32_t f2u(std::uint32_t f) {
    const std::uint32_t e = (f >> 23) & 0xff, m = f & 0x7fffff, s = f >> 31;
    if (e == 0) return 0;
    if (e == 255) return 0xffffffffu;
    if (s && (e > 127 || (e == 127 && m != 0) || (e == 126 && m != 0))) return 0xffffffffu;  // [-0.5, -1[ and below
    if (s) return 0;
    const int nb = 158 - int(e);
    if (nb >= 0 && nb < 77) return float_to_magnitude(f, nb);
    return nb < 0 ? 0xffffffffu : 0u;
}

std::uint32_t f2s(std::uint32_t f) {
    const std::uint32_t e = (f >> 23) & 0xff, m = f & 0x7fffff, s = f >> 31;
    if (e == 0) return 0;
    if (e == 255) return (m != 0 || s) ? 0x80000000u : 0x7fffffffu;
    const int nb = 158 - int(e);
    if (nb > 0 && nb < 77) {
        const std::uint32_t v = float_to_magnitude(f, nb);
        return s ? 0u - v : v;
    }
    if (nb < 0 || (nb == 0 && m != 0)) return 0x80000000u;
    return 0;
}

}  // namespace

std::uint32_t fpu_rtl_conv(std::uint32_t x, unsigned subop, bool s32, bool abs_en) {
    switch (subop) {
        case 2:  // I2F: U2F / S2F
            if (x == 0) return 0;
            if (!s32) return int_to_float(x, 0);
            return int_to_float((x >> 31) ? 0u - x : x, x >> 31);
        case 4: return s32 ? f2s(x) : f2u(x);         // F2I
        case 7: return x ^ 0x80000000u;               // NEG
        case 6: return abs_en ? x & 0x7fffffffu : x;  // ABSO / TRSFR
        default: return 0;
    }
}

// fpu_set: exponents and mantissas compared as unsigned fields, signs handled per condition;
// nothing looks at NaN or zero classes (+0 and -0 are not EQ, NaN compares by its bits).
std::uint32_t fpu_rtl_set(std::uint32_t a, std::uint32_t b, unsigned cond, bool abs_en) {
    const std::uint32_t ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff, ma = a & 0x7fffff, mb = b & 0x7fffff;
    const bool elt = ea < eb, eeq = ea == eb, mlt = ma < mb, meq = ma == mb;
    const bool sa = a >> 31, sb = b >> 31;
    const bool less = elt || (eeq && mlt);        // |a| < |b|
    const bool not_less = !elt || (eeq && !mlt);  // as written in the VHDL (not simply !less)
    const bool same = eeq && meq;
    bool r = false;
    switch (cond) {
        case 1:  // LT
            r = (less && ((!sa && !sb) || (sa && !sb) || abs_en)) || (not_less && ((sa && !sb) || (sa && sb)));
            break;
        case 3:  // LE
            r = (less && ((!sa && !sb) || (sa && !sb) || abs_en)) || (not_less && ((sa && !sb) || (sa && sb))) ||
                (same && (sa == sb || abs_en));
            break;
        case 2: r = same && (sa == sb || abs_en); break;           // EQ
        case 5: r = !eeq || !meq || (sa != sb && !abs_en); break;  // NE
        case 4:                                                    // GT
            r = (not_less && ((!sa && !sb) || (!sa && sb) || abs_en)) ||
                (less && ((!sa && sb) || (sa && sb) || abs_en));
            break;
        case 6:  // GE
            r = (not_less && ((!sa && !sb) || (!sa && sb) || abs_en)) ||
                (less && ((!sa && sb) || (sa && sb) || abs_en)) || (same && (sa == sb || abs_en));
            break;
        default: break;
    }
    return r ? 0xffffffffu : 0u;
}

}  // namespace fgtlm::numerics::detail
