// Float sequences that compute PTX's IEEE result on the FlexGripPlus FPU, whose FADD, FSET,
// I2F and F2I are not IEEE (models/numerics/README.md, "What the RTL does"):
//   * add/sub: FADD of a negative operand subtracts magnitudes and a pass mixing signs reads
//     +0, so a + b is FMAD(a, 1.0, b) (fused: one correct rounding), and an exact cancellation
//     (FMAD returns a stale sum) is caught by comparing the bits: a == -b gives +0;
//   * compares: FSET compares bit patterns, so floats compare as sign-magnitude integer keys
//     (-0 == +0) with NaN (magnitude above 0x7f800000) unordered;
//   * min/max: FMIN/FMAX are not in the RTL: a key compare and a select;
//   * I2F rounds without carrying into the exponent: the 16-bit halves convert exactly and
//     one FMAD adds them with a single rounding;
//   * F2I always rounds to nearest even: trunc/floor/ceil correct that result by one.
#include "lowering.hpp"

namespace fgtlm::compiler {

// Sign-magnitude integer key of a float (ordered like the float, -0 == +0) and its magnitude.
void float_key(Lowerer& l, int key, int mag, int x) {
    const int s = l.temp();
    l.emit("LOP.AND {d0}, {u0}, {u1}", {mag}, {x, l.imm(0x7fffffffu)});
    l.emit("SHR.S32 {d0}, {u0}, 0x1f", {s}, {x});
    l.emit("LOP.XOR {d0}, {u0}, {u1}", {key}, {mag, s});
    l.emit("IADD {d0}, {u0}, -{u1}", {key}, {key, s});
}

// d = 0xffffffff if a or b is a NaN.
void any_nan(Lowerer& l, int d, int mag_a, int mag_b) {
    const int inf = l.imm(0x7f800000u), t = l.temp();
    l.emit("ISET.U32 {d0}, {u0}, {u1}, GT", {d}, {mag_a, inf});
    l.emit("ISET.U32 {d0}, {u0}, {u1}, GT", {t}, {mag_b, inf});
    l.emit("LOP.OR {d0}, {u0}, {u1}", {d}, {d, t});
}

// d = 0xffffffff if (a cmp b) holds as an ordered IEEE comparison (false with a NaN).
void float_compare(Lowerer& l, int d, int a, int b, const std::string& cmp) {
    const int ka = l.temp(), ma = l.temp(), kb = l.temp(), mb = l.temp(), nan = l.temp();
    float_key(l, ka, ma, a);
    float_key(l, kb, mb, b);
    any_nan(l, nan, ma, mb);
    l.emit("ISET.S32 {d0}, {u0}, {u1}, " + cmp, {d}, {ka, kb});
    l.emit("LOP.XOR {d0}, {u0}, {u1}", {nan}, {nan, l.imm(0xffffffffu)});
    l.emit("LOP.AND {d0}, {u0}, {u1}", {d}, {d, nan});
}

// d = a + b (negate_b: a - b), correctly rounded. A zero sum (FMAD's exact cancellation
// returns a stale value) is made here: +0, or -0 when both operands are -0.
void float_add(Lowerer& l, int d, int a, int b, bool negate_b) {
    const int one = l.imm(negate_b ? 0xbf800000u : 0x3f800000u), bb = l.temp(), t = l.temp();
    const int sign = l.imm(0x80000000u);
    const int addend = l.temp();  // short-lived: an FMAD addend must get one of R1..R31 (regalloc.cpp)
    l.emit("MOV {d0}, {u0}", {addend}, {a});
    l.emit("FMAD {d0}, {u0}, {u1}, {u2}", {d}, {b, one, addend});
    if (negate_b)
        l.emit("LOP.XOR {d0}, {u0}, {u1}", {bb}, {b, sign});  // the addend as added
    else
        l.emit("MOV {d0}, {u0}", {bb}, {b});
    l.emit("LOP.XOR {d0}, {u0}, {u1}", {t}, {a, bb});
    l.emit("ISET.U32.C0 o[0x7f], {u0}, {u1}, EQ", {}, {t, sign});  // x + (-x)
    l.emit("MOV {d0} (C0.NE), R124", {d}, {}, true);
    l.emit("LOP.OR {d0}, {u0}, {u1}", {t}, {a, bb});
    l.emit("LOP.AND {d0}, {u0}, {u1}", {t}, {t, l.imm(0x7fffffffu)});
    l.emit("ISET.U32.C0 o[0x7f], {u0}, R124, EQ", {}, {t});  // both zero
    l.emit("LOP.AND {d0} (C0.NE), {u0}, {u1}", {d}, {a, bb}, true);
}

void float_minmax(Lowerer& l, int d, int a, int b, bool is_min) {
    const int ka = l.temp(), ma = l.temp(), kb = l.temp(), mb = l.temp(), inf = l.imm(0x7f800000u);
    float_key(l, ka, ma, a);
    float_key(l, kb, mb, b);
    const int r = l.temp();  // not d: d may be a or b
    l.emit(std::string("ISET.S32.C0 o[0x7f], {u0}, {u1}, ") + (is_min ? "LT" : "GT"), {}, {ka, kb});
    l.emit("MOV {d0}, {u0}", {r}, {b});
    l.emit("MOV {d0} (C0.NE), {u0}", {r}, {a}, true);
    // Equal keys (equal values, or -0 and +0): -0 is below +0, so min ORs the bits and max ANDs them.
    l.emit("ISET.S32.C0 o[0x7f], {u0}, {u1}, EQ", {}, {ka, kb});
    l.emit(std::string(is_min ? "LOP.OR" : "LOP.AND") + " {d0} (C0.NE), {u0}, {u1}", {r}, {a, b}, true);
    // A NaN operand loses: min(NaN, b) = b, min(a, NaN) = a.
    l.emit("ISET.U32.C0 o[0x7f], {u0}, {u1}, GT", {}, {ma, inf});
    l.emit("MOV {d0} (C0.NE), {u0}", {r}, {b}, true);
    l.emit("ISET.U32.C0 o[0x7f], {u0}, {u1}, GT", {}, {mb, inf});
    l.emit("MOV {d0} (C0.NE), {u0}", {r}, {a}, true);
    // Two NaNs give the canonical NaN (PTX).
    const int na = l.temp(), nb = l.temp();
    l.emit("ISET.U32 {d0}, {u0}, {u1}, GT", {na}, {ma, inf});
    l.emit("ISET.U32 {d0}, {u0}, {u1}, GT", {nb}, {mb, inf});
    l.emit("LOP.AND {d0}, {u0}, {u1}", {na}, {na, nb});
    l.emit("ISET.U32.C0 o[0x7f], {u0}, R124, NE", {}, {na});
    l.emit("MOV {d0} (C0.NE), {u0}", {r}, {l.imm(0x7fffffffu)}, true);
    l.emit("MOV {d0}, {u0}", {d}, {r});
}

// d = (float)v for an unsigned v: exact 16-bit halves, one rounding in the FMAD.
void u32_to_float(Lowerer& l, int d, int v) {
    const int hi = l.temp(), lo = l.temp();
    l.emit("SHR {d0}, {u0}, 0x10", {hi}, {v});
    l.emit("I2I.U32.U16 {d0}, {u0L}", {lo}, {v});
    l.emit("I2F.F32.U32 {d0}, {u0}", {hi}, {hi});
    l.emit("I2F.F32.U32 {d0}, {u0}", {lo}, {lo});
    l.emit("FMAD {d0}, {u0}, {u1}, {u2}", {d}, {hi, l.imm(0x47800000u), lo});
    l.emit("ISET.U32.C0 o[0x7f], {u0}, R124, EQ", {}, {v});  // 0 * 65536 + 0 cancels exactly
    l.emit("MOV {d0} (C0.NE), R124", {d}, {}, true);
}

void s32_to_float(Lowerer& l, int d, int v) {
    const int s = l.temp(), a = l.temp();
    l.emit("SHR.S32 {d0}, {u0}, 0x1f", {s}, {v});
    l.emit("LOP.XOR {d0}, {u0}, {u1}", {a}, {v, s});
    l.emit("IADD {d0}, {u0}, -{u1}", {a}, {a, s});
    u32_to_float(l, d, a);
    l.emit("LOP.AND {d0}, {u0}, {u1}", {s}, {s, l.imm(0x80000000u)});
    l.emit("LOP.OR {d0}, {u0}, {u1}", {d}, {d, s});
}

// d = F2I(x) (signed or unsigned) rounded as `mode` says (rzi, rmi, rpi; rni is F2I itself).
void float_to_int(Lowerer& l, int d, int x, const std::string& mode, bool is_signed) {
    l.emit(is_signed ? "F2I.S32.F32 {d0}, {u0}" : "F2I.U32.F32 {d0}, {u0}", {d}, {x});
    if (mode == "rni") return;
    const int fr = l.temp(), kx = l.temp(), mx = l.temp(), kr = l.temp(), mr = l.temp(), adj = l.temp();
    l.emit("I2F.F32.S32 {d0}, {u0}", {fr}, {d});  // exact where a correction is possible (|x| < 2^23)
    float_key(l, kx, mx, x);
    float_key(l, kr, mr, fr);
    if (mode == "rzi") {  // rounded away from zero: step back toward zero
        const int s = l.temp();
        l.emit("ISET.U32 {d0}, {u0}, {u1}, GT", {adj}, {mr, mx});
        l.emit("SHR.S32 {d0}, {u0}, 0x1f", {s}, {x});
        l.emit("LOP.OR {d0}, {u0}, {u1}", {s}, {s, l.imm(1)});
        l.emit("LOP.AND {d0}, {u0}, {u1}", {adj}, {adj, s});
        l.emit("IADD {d0}, {u0}, -{u1}", {d}, {d, adj});
        return;
    }
    // rmi: one less when rounded above x; rpi: one more when rounded below (ISET gives -1).
    l.emit(std::string("ISET.S32 {d0}, {u0}, {u1}, ") + (mode == "rmi" ? "GT" : "LT"), {adj}, {kr, kx});
    l.emit(mode == "rmi" ? "IADD {d0}, {u0}, {u1}" : "IADD {d0}, {u0}, -{u1}", {d}, {d, adj});
}

}  // namespace fgtlm::compiler
