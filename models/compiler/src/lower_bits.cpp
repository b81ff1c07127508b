// Lowering of the PTX bit operations SM_1.0 has no instruction for: popc, clz, brev (32 and 64 bits), bfe, bfi (32
// bits; bfe.u64/s64 and bfi.b64 are in lower_int64_ops.cpp) and prmt (default mode). Branch-free sequences of shifts,
// LOP and IADD, so they run under a guard and never diverge. They rely on SHL/SHR giving 0 (SHR.S32: the sign) for a
// count >= 32, the whole register counting (models/core/src/units/sp_function.cpp), which is also PTX's clamping for
// bfe/bfi.
#include "lower_int64.hpp"

namespace fgtlm::compiler {

namespace {

int and_imm(Lowerer& l, int a, std::uint32_t k) { return op3(l, "LOP.AND", a, l.imm(k)); }

// Population count by bit-parallel sums (the SWAR method), 14 instructions.
int popc32(Lowerer& l, int a) {
    int x = sub32(l, a, and_imm(l, op_imm(l, "SHR", a, 1), 0x55555555u));
    x = op3(l, "IADD", and_imm(l, x, 0x33333333u), and_imm(l, op_imm(l, "SHR", x, 2), 0x33333333u));
    x = and_imm(l, op3(l, "IADD", x, op_imm(l, "SHR", x, 4)), 0x0f0f0f0fu);
    x = op3(l, "IADD", x, op_imm(l, "SHR", x, 8));
    x = op3(l, "IADD", x, op_imm(l, "SHR", x, 16));
    return and_imm(l, x, 0x3f);
}

// Leading zeros: smear the top one bit to the right, then 32 - popc.
int clz32(Lowerer& l, int a) {
    int x = a;
    for (std::uint32_t k : {1u, 2u, 4u, 8u, 16u}) x = op3(l, "LOP.OR", x, op_imm(l, "SHR", x, k));
    return sub32(l, l.imm(32), popc32(l, x));
}

// Bit reversal: swap ever larger groups.
int brev32(Lowerer& l, int a) {
    int x = a;
    const std::pair<std::uint32_t, std::uint32_t> steps[] = {
        {1, 0x55555555u}, {2, 0x33333333u}, {4, 0x0f0f0f0fu}, {8, 0x00ff00ffu}};
    for (const auto& [k, m] : steps)
        x = op3(l, "LOP.OR", and_imm(l, op_imm(l, "SHR", x, k), m), op_imm(l, "SHL", and_imm(l, x, m), k));
    return op3(l, "LOP.OR", op_imm(l, "SHR", x, 16), op_imm(l, "SHL", x, 16));
}

// bfe: d = the len-bit field of a at pos, zero- or sign-extended (pos, len: low 8 bits).
int bfe32(Lowerer& l, int a, int b, int c, bool sgn) {
    const std::string down = sgn ? "SHR.S32" : "SHR";
    const int pos = and_imm(l, b, 0xff), len = and_imm(l, c, 0xff);
    const int field = op3(l, down, a, pos);  // pos >= 32: 0 or the sign, as PTX wants
    const int k = sub32(l, l.imm(32), len);  // len 0: k = 32, the result 0
    const int cut = op3(l, down, op3(l, "SHL", field, k), k);
    const int whole = l.temp();  // len >= 32: the whole shifted word (k would wrap)
    l.emit("ISET.U32 {d0}{g}, {u0}, {u1}, GE", {whole}, {len, l.imm(32)});
    return select_mask(l, whole, field, cut);
}

// bfi: d = b with the low len bits of a inserted at pos.
int bfi32(Lowerer& l, int a, int b, int c, int d) {
    const int pos = and_imm(l, c, 0xff), len = and_imm(l, d, 0xff);
    const int ones = op3(l, "LOP.XOR", op3(l, "SHL", l.imm(~0u), len), l.imm(~0u));  // len >= 32: all ones
    const int mask = op3(l, "SHL", ones, pos);
    return select_mask(l, mask, op3(l, "SHL", a, pos), b);
}

// One byte of prmt's result for a constant selector nibble s.
int prmt_byte(Lowerer& l, int a, int b, std::uint32_t s, std::uint32_t i) {
    const int src = (s & 4) ? b : a;
    int byte = and_imm(l, op_imm(l, "SHR", src, 8 * (s & 3)), 0xff);
    if (s & 8) byte = and_imm(l, op_imm(l, "SHR.S32", op_imm(l, "SHL", byte, 24), 31), 0xff);  // the sign, replicated
    return i == 0 ? byte : op_imm(l, "SHL", byte, 8 * i);
}

// One byte for a selector in a register: the same steps, chosen by masks.
int prmt_byte_reg(Lowerer& l, int a, int b, int c, std::uint32_t i) {
    const int s = and_imm(l, op_imm(l, "SHR", c, 4 * i), 0xf);
    const int from_b = sub32(l, l.imm(0), and_imm(l, op_imm(l, "SHR", s, 2), 1));
    const int shift = op_imm(l, "SHL", and_imm(l, s, 3), 3);
    const int byte = and_imm(l, op3(l, "SHR", select_mask(l, from_b, b, a), shift), 0xff);
    const int sign = and_imm(l, op_imm(l, "SHR.S32", op_imm(l, "SHL", byte, 24), 31), 0xff);
    const int replicate = sub32(l, l.imm(0), op_imm(l, "SHR", s, 3));
    const int r = select_mask(l, replicate, sign, byte);
    return i == 0 ? r : op_imm(l, "SHL", r, 8 * i);
}

int prmt32(Lowerer& l, int a, int b, const PtxOperand& c) {
    int d = -1;
    for (std::uint32_t i = 0; i < 4; ++i) {
        const int byte = c.kind == PtxOperand::Kind::Imm
                             ? prmt_byte(l, a, b, (std::uint32_t(c.imm) >> (4 * i)) & 0xf, i)
                             : prmt_byte_reg(l, a, b, l.value(c), i);
        d = d < 0 ? byte : op3(l, "LOP.OR", d, byte);
    }
    return d;
}

}  // namespace

bool lower_bits(Lowerer& l) {
    const PtxInst& in = l.inst();
    const std::string& op = in.opcode;
    if (op != "popc" && op != "clz" && op != "brev" && op != "bfe" && op != "bfi" && op != "prmt") return false;
    const std::string ty = in.type();
    const bool w = is_int64_type(ty);
    if (w && (op == "bfe" || op == "bfi")) return false;  // lower_int64_ops.cpp
    if (in.ops.size() < 2 || in.ops[0].kind != PtxOperand::Kind::Reg) l.refuse("expected a destination register");
    const std::string& dst = in.ops[0].name;
    if (w && op == "brev") {
        const Pair a = operand_pair(l, in.ops[1]);
        move_pair(l, {l.vreg(dst), l.vreg_hi(dst)}, {brev32(l, a.hi), brev32(l, a.lo)});
        return true;
    }
    if (w && op != "popc" && op != "clz") l.refuse(op + " of 64-bit values is not supported yet");
    if (op == "prmt" && (in.mods.size() != 1 || in.ops.size() != 4)) l.refuse("prmt modes other than the default");
    if ((op == "bfe" && in.ops.size() != 4) || (op == "bfi" && in.ops.size() != 5)) l.refuse("wrong operand count");
    int r = -1;
    if (w) {
        const Pair a = operand_pair(l, in.ops[1]);
        if (op == "popc") {
            r = op3(l, "IADD", popc32(l, a.lo), popc32(l, a.hi));
        } else {  // the low word counts only when the high one is zero
            const int hi_zero = l.temp();
            l.emit("ISET.U32 {d0}{g}, {u0}, R124, EQ", {hi_zero}, {a.hi});
            r = op3(l, "IADD", clz32(l, a.hi), op3(l, "LOP.AND", clz32(l, a.lo), hi_zero));
        }
    } else {
        const int a = l.value(in.ops[1]);
        if (op == "popc") r = popc32(l, a);
        if (op == "clz") r = clz32(l, a);
        if (op == "brev") r = brev32(l, a);
        if (op == "bfe") r = bfe32(l, a, l.value(in.ops[2]), l.value(in.ops[3]), ty[0] == 's');
        if (op == "bfi") r = bfi32(l, a, l.value(in.ops[2]), l.value(in.ops[3]), l.value(in.ops[4]));
        if (op == "prmt") r = prmt32(l, a, l.value(in.ops[2]), in.ops[3]);
    }
    l.emit("MOV {d0}{g}, {u0}", {l.vreg(dst)}, {r});
    return true;
}

}  // namespace fgtlm::compiler
