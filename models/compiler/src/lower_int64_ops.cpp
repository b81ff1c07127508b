// The PTX instructions of 64-bit integer type (lower_int64.hpp): add/sub/mul/mad, shifts,
// logic, neg/abs/min/max, setp/selp, mov (also packing two 32-bit words), cvt between 64-bit
// and narrower integers, cvta.
#include "lower_int64.hpp"

namespace fgtlm::compiler {

namespace {

bool sgn_type(const std::string& t) { return !t.empty() && t[0] == 's'; }

Pair mul64(Lowerer& l, Pair a, Pair b) {
    const Pair d = temp_pair(l);
    const int x = l.temp(), y = l.temp();
    emit_mul_lo(l, d.lo, a.lo, b.lo);
    emit_mul_hi(l, d.hi, a.lo, b.lo, false);
    emit_mul_lo(l, x, a.lo, b.hi);
    emit_mul_lo(l, y, a.hi, b.lo);
    return {d.lo, op3(l, "IADD", op3(l, "IADD", d.hi, x), y)};
}

// mul.hi.{u64,s64}: the high 64 bits of the 128-bit product, from the four 32 x 32 -> 64 products of the words
// (carries through 64-bit sums). Signed: the unsigned high part minus b where a < 0 and minus a where b < 0.
Pair mul_hi64(Lowerer& l, Pair a, Pair b, bool sgn) {
    Pair p[4];  // al*bl, al*bh, ah*bl, ah*bh
    const int x[4] = {a.lo, a.lo, a.hi, a.hi}, y[4] = {b.lo, b.hi, b.lo, b.hi};
    for (int k = 0; k < 4; ++k) {
        p[k] = temp_pair(l);
        emit_mul_lo(l, p[k].lo, x[k], y[k]);
        emit_mul_hi(l, p[k].hi, x[k], y[k], false);
    }
    const int zero = l.imm(0);
    const Pair mid = add64(l, add64(l, {p[0].hi, zero}, {p[1].lo, zero}), {p[2].lo, zero});  // bits 32..95
    Pair hi = add64(l, add64(l, p[3], {p[1].hi, zero}), add64(l, {p[2].hi, zero}, {mid.hi, zero}));
    if (!sgn) return hi;
    const int sa = op_imm(l, "SHR.S32", a.hi, 31), sb = op_imm(l, "SHR.S32", b.hi, 31);
    hi = sub64(l, hi, {op3(l, "LOP.AND", b.lo, sa), op3(l, "LOP.AND", b.hi, sa)});
    return sub64(l, hi, {op3(l, "LOP.AND", a.lo, sb), op3(l, "LOP.AND", a.hi, sb)});
}

// mul.wide.{u32,s32} / mad.wide: the full 64-bit product of two 32-bit values.
Pair mul_wide(Lowerer& l, int a, int b, bool sgn) {
    const Pair d = temp_pair(l);
    emit_mul_lo(l, d.lo, a, b);
    emit_mul_hi(l, d.hi, a, b, sgn);
    return d;
}

// Shifts by a constant: word moves plus one funnel.
Pair shift_const(Lowerer& l, Pair a, std::uint32_t k, bool left, bool sgn) {
    sgn = sgn && !left;
    const int fill = sgn ? op_imm(l, "SHR.S32", a.hi, 31) : l.imm(0);
    const std::string down = sgn ? "SHR.S32" : "SHR";
    if (k == 0) return {op_imm(l, "SHR", a.lo, 0), op_imm(l, "SHR", a.hi, 0)};
    if (k >= 64) return {fill, fill};
    if (left && k >= 32) return {l.imm(0), op_imm(l, "SHL", a.lo, k - 32)};
    if (!left && k >= 32) return {op_imm(l, down, a.hi, k - 32), fill};
    if (left)
        return {op_imm(l, "SHL", a.lo, k), op3(l, "LOP.OR", op_imm(l, "SHL", a.hi, k), op_imm(l, "SHR", a.lo, 32 - k))};
    return {op3(l, "LOP.OR", op_imm(l, "SHR", a.lo, k), op_imm(l, "SHL", a.hi, 32 - k)), op_imm(l, down, a.hi, k)};
}

// Shifts by a register s. SHL and SHR.U32 give 0 for a count >= 32 (the whole register
// counts: models/core/src/units/sp_function.cpp), so the terms that do not apply vanish by themselves:
// shl: lo = a.lo << s, hi = a.hi << s | (a.lo >> 1) >> (31 - s) | a.lo << (s - 32).
Pair shift_reg(Lowerer& l, Pair a, int s, bool left, bool sgn) {
    const int inv = sub32(l, l.imm(31), s), below = op_imm(l, "IADD32I", s, 0xffffffe0u);
    if (left) {
        const int carry = op3(l, "SHR", op_imm(l, "SHR", a.lo, 1), inv);
        const int hi = op3(l, "LOP.OR", op3(l, "LOP.OR", op3(l, "SHL", a.hi, s), carry), op3(l, "SHL", a.lo, below));
        return {op3(l, "SHL", a.lo, s), hi};
    }
    const int carry = op3(l, "SHL", op_imm(l, "SHL", a.hi, 1), inv);
    int from_hi = op3(l, sgn ? "SHR.S32" : "SHR", a.hi, below);
    if (sgn) {  // SHR.S32 by a count >= 32 fills with the sign: keep it only when s >= 32
        const int big = l.temp();
        l.emit("ISET.U32 {d0}{g}, {u0}, {u1}, GE", {big}, {s, l.imm(32)});
        from_hi = op3(l, "LOP.AND", from_hi, big);
    }
    const int lo = op3(l, "LOP.OR", op3(l, "LOP.OR", op3(l, "SHR", a.lo, s), carry), from_hi);
    return {lo, op3(l, sgn ? "SHR.S32" : "SHR", a.hi, s)};
}

// A narrow integer (8/16/32 bits, type t) in a register as its 32-bit value.
int extend32(Lowerer& l, int a, const std::string& t) {
    const bool sgn = sgn_type(t);
    const std::string bits = t.substr(1);
    if (bits == "32") return op_imm(l, "SHR", a, 0);
    const int d = l.temp();
    if (bits == "16") {
        l.emit(std::string(sgn ? "I2I.S32.S16" : "I2I.U32.U16") + " {d0}{g}, {u0L}", {d}, {a});
        return d;
    }
    if (bits != "8") l.refuse("cvt of type ." + t);
    return op_imm(l, sgn ? "SHR.S32" : "SHR", op_imm(l, "SHL", a, 24), 24);
}

Pair dest_pair(Lowerer& l) { return {l.vreg(l.reg_name(0)), l.vreg_hi(l.reg_name(0))}; }

void lower_cvt64(Lowerer& l) {
    const PtxInst& in = l.inst();
    const std::string dt = in.type2(), st = in.type();
    if (dt == "f32" || st == "f32" || dt == "f64" || st == "f64")
        l.refuse("conversion between floats and 64-bit integers is not supported yet");
    if (is_int64_type(dt) && is_int64_type(st)) return move_pair(l, dest_pair(l), operand_pair(l, in.ops[1]));
    if (is_int64_type(dt)) {  // widen: the source type decides zero or sign extension
        const int lo = extend32(l, l.value(in.ops[1]), st);
        return move_pair(l, dest_pair(l), {lo, sgn_type(st) ? op_imm(l, "SHR.S32", lo, 31) : l.imm(0)});
    }
    const int lo = extend32(l, operand_pair(l, in.ops[1]).lo, dt);  // narrow: the low word
    l.emit("MOV {d0}{g}, {u0}", {l.vreg(l.reg_name(0))}, {lo});
}

void lower_setp64(Lowerer& l) {
    const PtxInst& in = l.inst();
    std::string cmp;
    for (const std::string& m : in.mods)
        if (!compare_name(m).empty()) cmp = m;
    if (in.ops.size() < 3 || cmp.empty()) l.refuse("setp of 64-bit values needs a comparison and two sources");
    const bool sgn = sgn_type(in.type()) && cmp != "lo" && cmp != "ls" && cmp != "hi" && cmp != "hs";
    int r = compare64(l, operand_pair(l, in.ops[1]), operand_pair(l, in.ops[2]), cmp, sgn);
    if (in.ops.size() == 4) {
        const PtxOperand& c = in.ops[3];
        int cv = l.vreg(c.name);
        if (c.negate) cv = op3(l, "LOP.XOR", cv, l.imm(0xffffffffu));
        const std::string mn = in.has("and") ? "LOP.AND" : in.has("or") ? "LOP.OR" : in.has("xor") ? "LOP.XOR" : "";
        if (mn.empty()) l.refuse("setp with a fourth operand needs .and, .or or .xor");
        r = op3(l, mn, r, cv);
    }
    l.emit("MOV {d0}{g}, {u0}", {l.vreg(l.reg_name(0))}, {r});
}

void lower_mov64(Lowerer& l) {
    const PtxInst& in = l.inst();
    if (in.ops.size() != 2) l.refuse("mov needs two operands");
    const PtxOperand &d = in.ops[0], &s = in.ops[1];
    if (d.kind == PtxOperand::Kind::Vec) {  // unpack: mov.b64 {lo, hi}, %rd
        if (d.elems.size() != 2) l.refuse("mov.b64 unpacks into two 32-bit registers");
        const Pair v = operand_pair(l, s);
        return move_pair(l, {l.vreg(d.elems[0]), l.vreg(d.elems[1])}, {op_imm(l, "SHR", v.lo, 0), v.hi});
    }
    if (s.kind == PtxOperand::Kind::Vec) {  // pack: mov.b64 %rd, {lo, hi}
        if (s.elems.size() != 2) l.refuse("mov.b64 packs two 32-bit registers");
        return move_pair(l, dest_pair(l), {l.vreg(s.elems[0]), l.vreg(s.elems[1])});
    }
    if (s.kind == PtxOperand::Kind::Reg && is_special_register(s.name)) l.refuse("64-bit special register " + s.name);
    move_pair(l, dest_pair(l), operand_pair(l, s));
}

Pair lower_shift64(Lowerer& l, Pair a) {
    const PtxInst& in = l.inst();
    const bool left = in.opcode == "shl", sgn = sgn_type(in.type());
    if (in.ops[2].kind == PtxOperand::Kind::Imm) return shift_const(l, a, std::uint32_t(in.ops[2].imm), left, sgn);
    return shift_reg(l, a, l.value(in.ops[2]), left, sgn);
}

// bfe.u64/s64: the len-bit field at pos, zero- or sign-extended: (a >> pos) << k >> k with
// k = 64 - len (len 0: k = 64 gives 0; len >= 64: the shifted value as it is).
Pair bfe64(Lowerer& l, Pair a) {
    const PtxInst& in = l.inst();
    const bool sgn = sgn_type(in.type());
    const PtxOperand &p = in.ops[2], &n = in.ops[3];
    if (p.kind == PtxOperand::Kind::Imm && n.kind == PtxOperand::Kind::Imm) {
        const std::uint32_t pos = std::uint32_t(p.imm) & 0xff, len = std::uint32_t(n.imm) & 0xff;
        const Pair f = shift_const(l, a, pos, false, sgn);
        if (len >= 64) return f;
        return shift_const(l, shift_const(l, f, 64 - len, true, false), 64 - len, false, sgn);
    }
    const int pos = op3(l, "LOP.AND", l.value(p), l.imm(0xff)), len = op3(l, "LOP.AND", l.value(n), l.imm(0xff));
    const Pair f = shift_reg(l, a, pos, false, sgn);
    const int k = sub32(l, l.imm(64), len);
    const Pair cut = shift_reg(l, shift_reg(l, f, k, true, false), k, false, sgn);
    const int whole = l.temp();
    l.emit("ISET.U32 {d0}{g}, {u0}, {u1}, GE", {whole}, {len, l.imm(64)});
    return select_pair(l, whole, f, cut);
}

// bfi.b64: b with the low len bits of a inserted at pos (pos, len: 32-bit operands, their low 8 bits count; a field
// reaching past bit 63 is cut there): mask = ~(~0 << len) << pos, then (a << pos) & mask | b & ~mask.
Pair bfi64(Lowerer& l, Pair a) {
    const PtxInst& in = l.inst();
    const Pair b = operand_pair(l, in.ops[2]);
    const int pos = op3(l, "LOP.AND", l.value(in.ops[3]), l.imm(0xff));
    const int len = op3(l, "LOP.AND", l.value(in.ops[4]), l.imm(0xff));
    const Pair all{l.imm(~0u), l.imm(~0u)};
    const Pair ones = shift_reg(l, all, len, true, false);
    const Pair mask =
        shift_reg(l, {op3(l, "LOP.XOR", ones.lo, all.lo), op3(l, "LOP.XOR", ones.hi, all.hi)}, pos, true, false);
    const Pair field = shift_reg(l, a, pos, true, false);
    return {select_mask(l, mask.lo, field.lo, b.lo), select_mask(l, mask.hi, field.hi, b.hi)};
}

// Two-source (and selp's three-source) 64-bit operations; the result in temporaries.
Pair arith64(Lowerer& l) {
    const PtxInst& in = l.inst();
    const std::string& op = in.opcode;
    if (in.ops.size() < 2) l.refuse("expected a destination and a source");
    const Pair a = operand_pair(l, in.ops[1]);
    const Pair zero{l.imm(0), l.imm(0)};
    if (op == "neg") return sub64(l, zero, a);
    if (op == "not") return {op3(l, "LOP.XOR", a.lo, l.imm(~0u)), op3(l, "LOP.XOR", a.hi, l.imm(~0u))};
    if (op == "abs") {
        const int s = op_imm(l, "SHR.S32", a.hi, 31);
        return sub64(l, {op3(l, "LOP.XOR", a.lo, s), op3(l, "LOP.XOR", a.hi, s)}, {s, s});
    }
    if (op == "cvta") return {op_imm(l, "SHR", a.lo, 0), op_imm(l, "SHR", a.hi, 0)};
    if (in.ops.size() < 3) l.refuse("expected two sources");
    if (op == "shl" || op == "shr") return lower_shift64(l, a);
    if (op == "bfe" && in.ops.size() == 4) return bfe64(l, a);
    if (op == "bfi" && in.ops.size() == 5) return bfi64(l, a);
    const Pair b = operand_pair(l, in.ops[2]);
    if (op == "add") return add64(l, a, b);
    if (op == "sub") return sub64(l, a, b);
    if (op == "and" || op == "or" || op == "xor") {
        const std::string mn = op == "and" ? "LOP.AND" : op == "or" ? "LOP.OR" : "LOP.XOR";
        return {op3(l, mn, a.lo, b.lo), op3(l, mn, a.hi, b.hi)};
    }
    if (op == "min" || op == "max")
        return select_pair(l, compare64(l, a, b, op == "min" ? "lt" : "gt", sgn_type(in.type())), a, b);
    if (op == "selp") {
        const PtxOperand& p = in.ops[3];
        const int m = l.vreg(p.name);
        return p.negate ? select_pair(l, m, b, a) : select_pair(l, m, a, b);
    }
    if ((op == "mul" || op == "mad") && in.has("hi")) {
        const Pair hi = mul_hi64(l, a, b, sgn_type(in.type()));
        return op == "mul" ? hi : add64(l, hi, operand_pair(l, in.ops[3]));
    }
    if (op == "mul") return mul64(l, a, b);
    if (op == "mad") return add64(l, mul64(l, a, b), operand_pair(l, in.ops[3]));
    if (op == "div" || op == "rem") return divrem64(l, a, b, sgn_type(in.type()), op == "rem");
    l.refuse("instruction not supported for 64-bit integers");
}

}  // namespace

// Returns false if the instruction has no 64-bit integer operand (ld/st are lower_memory's).
bool lower_int64(Lowerer& l) {
    const PtxInst& in = l.inst();
    const std::string& op = in.opcode;
    const std::string ty = in.type();
    const bool wide = (op == "mul" || op == "mad") && in.has("wide") && (ty == "u32" || ty == "s32");
    const bool cvt = op == "cvt" && (is_int64_type(ty) || is_int64_type(in.type2()));
    if (op == "ld" || op == "st" || (!wide && !cvt && !is_int64_type(ty))) return false;
    if (wide) {
        Pair r = mul_wide(l, l.value(in.ops[1]), l.value(in.ops[2]), ty[0] == 's');
        if (op == "mad") r = add64(l, r, operand_pair(l, in.ops[3]));
        move_pair(l, dest_pair(l), r);
    } else if (cvt) {
        lower_cvt64(l);
    } else if (op == "setp") {
        lower_setp64(l);
    } else if (op == "mov") {
        lower_mov64(l);
    } else {
        move_pair(l, dest_pair(l), arith64(l));
    }
    return true;
}

}  // namespace fgtlm::compiler
