// Lowering of PTX integer arithmetic and logic (32-bit and narrower) to SM_1.0: IADD,
// the 16x16-bit multiplier (IMUL/IMAD.U16), SHL/SHR, LOP. Values narrower than 32 bits are
// re-normalised (zero- or sign-extended) after every operation that can overflow them.
#include "lowering.hpp"

#include <cstdio>

namespace fgtlm::compiler {

std::string hex(std::uint32_t v) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%x", v);
    return b;
}

namespace {

// Bits of a PTX type (pred and unknown types count as 32: a whole register).
std::uint32_t type_bits(const std::string& t) {
    if (t == "b8" || t == "u8" || t == "s8") return 8;
    if (t == "b16" || t == "u16" || t == "s16") return 16;
    return 32;
}

// Brings a narrow result back to its type's 32-bit register form.
void normalize(Lowerer& l, int d, const std::string& type) {
    const std::uint32_t bits = type_bits(type);
    if (bits >= 32 || type == "pred") return;
    const bool sgn = type[0] == 's';
    if (bits == 16) {
        l.emit(std::string(sgn ? "I2I.S32.S16" : "I2I.U32.U16") + " {d0}{g}, {u0L}", {d}, {d});
        return;
    }
    l.emit("SHL {d0}{g}, {u0}, 0x18", {d}, {d});
    l.emit(std::string(sgn ? "SHR.S32" : "SHR") + " {d0}{g}, {u0}, 0x18", {d}, {d});
}

}  // namespace

// A narrow (8/16-bit) operand extended as the instruction's type says, whatever the register
// holds above its width (a register keeps the extension of the instruction that wrote it).
int narrow_operand(Lowerer& l, int v, const std::string& type) {
    const std::uint32_t bits = type_bits(type);
    if (bits >= 32 || type == "pred") return v;
    const int d = l.temp();
    l.emit("SHL {d0}{g}, {u0}, " + hex(32 - bits), {d}, {v});
    l.emit(std::string(type[0] == 's' ? "SHR.S32" : "SHR") + " {d0}{g}, {u0}, " + hex(32 - bits), {d}, {d});
    return d;
}

namespace {

bool small_imm(const PtxOperand& o) { return o.kind == PtxOperand::Kind::Imm; }

void lower_add(Lowerer& l, bool sub) {
    const PtxInst& in = l.inst();
    const int d = l.dst();
    const int a = l.value(in.ops[1]);
    if (small_imm(in.ops[2])) {
        const std::uint32_t v = std::uint32_t(in.ops[2].imm);
        l.emit("IADD32I {d0}{g}, {u0}, " + hex(sub ? 0u - v : v), {d}, {a});
    } else {
        const int b = l.value(in.ops[2]);
        l.emit(sub ? "IADD {d0}{g}, {u0}, -{u1}" : "IADD {d0}{g}, {u0}, {u1}", {d}, {a, b});
    }
    normalize(l, d, in.type());
}

}  // namespace

// d = low 32 bits of a * b from three 16x16 products (nvcc's sequence for sm_10).
void emit_mul_lo(Lowerer& l, int d, int a, int b) {
    const int t = l.temp();
    l.emit("IMUL.U16.U16 {d0}{g}, {u0L}, {u1H}", {t}, {a, b});
    l.emit("IMAD.U16 {d0}{g}, {u0H}, {u1L}, {u2}", {t}, {a, b, t});
    l.emit("SHL {d0}{g}, {u0}, 0x10", {t}, {t});
    l.emit("IMAD.U16 {d0}{g}, {u0L}, {u1L}, {u2}", {d}, {a, b, t});
}

namespace {

void lower_mul(Lowerer& l, bool mad) {
    const PtxInst& in = l.inst();
    const std::string ty = in.type();
    const int d = l.dst();
    const int a = l.value(in.ops[1]);
    const int b = l.value(in.ops[2]);
    const bool wide16 = in.has("wide") && type_bits(ty) == 16;
    if (in.has("hi")) l.refuse("mul.hi/mad.hi are lowered by lower_mul_hi");
    if (wide16) {
        l.emit(std::string(ty[0] == 's' ? "IMUL.S16.S16" : "IMUL.U16.U16") + " {d0}{g}, {u0L}, {u1L}", {d}, {a, b});
    } else if (in.has("wide")) {
        l.refuse("mul.wide of 32-bit operands (a 64-bit product) is not supported yet");
    } else if (in.opcode == "mul24" || in.opcode == "mad24") {
        l.emit(std::string(ty[0] == 's' ? "IMUL.S24.S24" : "IMUL.U24.U24") + " {d0}{g}, {u0}, {u1}", {d}, {a, b});
    } else {
        emit_mul_lo(l, d, a, b);
    }
    if (mad) {
        const int c = l.value(in.ops[3]);
        l.emit("IADD {d0}{g}, {u0}, {u1}", {d}, {d, c});
    }
    normalize(l, d, ty);
}

void lower_shift(Lowerer& l, const std::string& op) {
    const PtxInst& in = l.inst();
    const int d = l.dst();
    const bool sgn = in.type()[0] == 's';
    const int a = op == "shr" ? narrow_operand(l, l.value(in.ops[1]), in.type()) : l.value(in.ops[1]);
    const std::string mn = op == "shl" ? "SHL" : (sgn ? "SHR.S32" : "SHR");
    if (small_imm(in.ops[2])) {
        const std::uint32_t v = std::uint32_t(in.ops[2].imm);
        if (v >= 32) {
            l.emit(sgn && op == "shr" ? "SHR.S32 {d0}{g}, {u0}, 0x1f" : "MVI {d0}{g}, 0x0", {d},
                   sgn && op == "shr" ? std::vector<int>{a} : std::vector<int>{});
        } else {
            l.emit(mn + " {d0}{g}, {u0}, " + hex(v), {d}, {a});
        }
    } else {
        l.emit(mn + " {d0}{g}, {u0}, {u1}", {d}, {a, l.value(in.ops[2])});
    }
    normalize(l, d, in.type());
}

void lower_logic(Lowerer& l, const std::string& op) {
    const PtxInst& in = l.inst();
    const int d = l.dst();
    const int a = l.value(in.ops[1]);
    if (in.type() == "pred" && op == "not") {  // predicates are 0 / 0xffffffff
        l.emit("LOP.XOR {d0}{g}, {u0}, {u1}", {d}, {a, l.imm(0xffffffffu)});
        return;
    }
    if (op == "not") {
        l.emit("LOP.XOR {d0}{g}, {u0}, {u1}", {d}, {a, l.imm(0xffffffffu)});
    } else if (op == "cnot") {  // a == 0 ? 1 : 0: ISET gives 0xffffffff for true
        const int t = l.temp();
        l.emit("ISET.U32 {d0}, {u0}, R124, EQ", {t}, {narrow_operand(l, a, in.type())});
        l.emit("LOP.AND {d0}{g}, {u0}, {u1}", {d}, {t, l.imm(1)});
    } else {
        const std::string mn = op == "and" ? "LOP.AND" : op == "or" ? "LOP.OR" : "LOP.XOR";
        l.emit(mn + " {d0}{g}, {u0}, {u1}", {d}, {a, l.value(in.ops[2])});
    }
    normalize(l, d, in.type());
}

void lower_neg_abs(Lowerer& l, bool neg) {
    const PtxInst& in = l.inst();
    const int d = l.dst();
    const int a = l.value(in.ops[1]);
    if (neg)
        l.emit("IADD {d0}{g}, R124, -{u0}", {d}, {a});
    else {  // |a| = (a ^ s) - s with s = a >> 31 (arithmetic)
        const int s = l.temp();
        l.emit("SHR.S32 {d0}{g}, {u0}, 0x1f", {s}, {a});
        l.emit("LOP.XOR {d0}{g}, {u0}, {u1}", {d}, {a, s});
        l.emit("IADD {d0}{g}, {u0}, -{u1}", {d}, {d, s});
    }
    normalize(l, d, in.type());
}

}  // namespace

void emit_mul_hi(Lowerer& l, int d, int a, int b, bool sgn);
void emit_divrem(Lowerer& l, int d, int n, int den, bool sgn, bool rem);

bool lower_integer(Lowerer& l) {
    const PtxInst& in = l.inst();
    const std::string& op = in.opcode;
    const std::string ty = in.type();
    if (ty == "f32" && op != "mov" && op != "selp") return false;
    if (op == "add" || op == "sub")
        lower_add(l, op == "sub");
    else if ((op == "mul" || op == "mad") && in.has("hi")) {
        const int d = l.dst();
        emit_mul_hi(l, d, l.value(in.ops[1]), l.value(in.ops[2]), ty[0] == 's');
        if (op == "mad") l.emit("IADD {d0}{g}, {u0}, {u1}", {d}, {d, l.value(in.ops[3])});
    } else if (op == "mul" || op == "mul24")
        lower_mul(l, false);
    else if (op == "mad" || op == "mad24")
        lower_mul(l, true);
    else if (op == "shl" || op == "shr")
        lower_shift(l, op);
    else if (op == "and" || op == "or" || op == "xor" || op == "not" || op == "cnot")
        lower_logic(l, op);
    else if (op == "neg" || op == "abs")
        lower_neg_abs(l, op == "neg");
    else if (op == "div" || op == "rem") {
        const int d = l.dst();
        emit_divrem(l, d, narrow_operand(l, l.value(in.ops[1]), ty), narrow_operand(l, l.value(in.ops[2]), ty),
                    ty[0] == 's', op == "rem");
        normalize(l, d, ty);
    } else
        return false;
    return true;
}

}  // namespace fgtlm::compiler
