// Lowering of 64-bit integer operations (u64/s64/b64) to 32-bit SM_1.0 instructions. A PTX
// 64-bit register is two virtual registers: the low word under its own name (so a 32-bit use
// of a 64-bit register, as clang's `st.global.u32 [a], %rd` reads the low word) and the high
// word under "name.hi". Carries and borrows come from unsigned compares (ISET gives 0 or
// 0xffffffff, so "+ carry" is "- mask"); no condition register is set, so every sequence can
// run under a PTX guard. Results go to temporaries first and are moved to the destination at
// the end: a destination may also be a source.
#include "lower_int64.hpp"

namespace fgtlm::compiler {

bool is_int64_type(const std::string& t) { return t == "u64" || t == "s64" || t == "b64"; }

Pair operand_pair(Lowerer& l, const PtxOperand& o) {
    if (o.kind == PtxOperand::Kind::Reg && !o.negate) return {l.vreg(o.name), l.vreg_hi(o.name)};
    if (o.kind == PtxOperand::Kind::Imm) {
        const auto v = std::uint64_t(o.imm);
        return {l.imm(std::uint32_t(v)), l.imm(std::uint32_t(v >> 32))};
    }
    return {l.value(o), l.imm(0)};  // a symbol's address (below 4 GiB)
}

Pair temp_pair(Lowerer& l) { return {l.temp(), l.temp()}; }

int op3(Lowerer& l, const std::string& mn, int a, int b) {
    const int d = l.temp();
    l.emit(mn + " {d0}{g}, {u0}, {u1}", {d}, {a, b});
    return d;
}

int op_imm(Lowerer& l, const std::string& mn, int a, std::uint32_t k) {
    const int d = l.temp();
    l.emit(mn + " {d0}{g}, {u0}, " + hex(k), {d}, {a});
    return d;
}

int sub32(Lowerer& l, int a, int b) {
    const int d = l.temp();
    l.emit("IADD {d0}{g}, {u0}, -{u1}", {d}, {a, b});
    return d;
}

int select_mask(Lowerer& l, int m, int a, int b) {
    const int x = op3(l, "LOP.XOR", a, b);
    return op3(l, "LOP.XOR", b, op3(l, "LOP.AND", x, m));
}

Pair select_pair(Lowerer& l, int m, Pair a, Pair b) {
    return {select_mask(l, m, a.lo, b.lo), select_mask(l, m, a.hi, b.hi)};
}

Pair add64(Lowerer& l, Pair a, Pair b) {
    const int lo = op3(l, "IADD", a.lo, b.lo);
    const int carry = l.temp();
    l.emit("ISET.U32 {d0}{g}, {u0}, {u1}, LT", {carry}, {lo, a.lo});
    return {lo, sub32(l, op3(l, "IADD", a.hi, b.hi), carry)};
}

Pair sub64(Lowerer& l, Pair a, Pair b) {
    const int lo = sub32(l, a.lo, b.lo);
    const int borrow = l.temp();
    l.emit("ISET.U32 {d0}{g}, {u0}, {u1}, LT", {borrow}, {a.lo, b.lo});
    return {lo, op3(l, "IADD", sub32(l, a.hi, b.hi), borrow)};
}

void move_pair(Lowerer& l, Pair dst, Pair src) {
    l.emit("MOV {d0}{g}, {u0}", {dst.lo}, {src.lo});
    l.emit("MOV {d0}{g}, {u0}", {dst.hi}, {src.hi});
}

}  // namespace fgtlm::compiler

namespace fgtlm::compiler {

namespace {

int iset(Lowerer& l, bool sgn, int a, int b, const std::string& c) {
    const int d = l.temp();
    l.emit(std::string(sgn ? "ISET.S32" : "ISET.U32") + " {d0}{g}, {u0}, {u1}, " + c, {d}, {a, b});
    return d;
}

}  // namespace

int compare64(Lowerer& l, Pair a, Pair b, const std::string& cmp, bool sgn) {
    const std::string c = compare_name(cmp);
    if (c.empty()) l.refuse("comparison ." + cmp + " of 64-bit integers");
    if (c == "EQ" || c == "NE")
        return op3(l, c == "EQ" ? "LOP.AND" : "LOP.OR", iset(l, false, a.lo, b.lo, c), iset(l, false, a.hi, b.hi, c));
    // The high words decide unless they are equal; then the low words, unsigned.
    const std::string strict = c == "LE" ? "LT" : c == "GE" ? "GT" : c;
    const int high = iset(l, sgn, a.hi, b.hi, strict);
    const int tie = op3(l, "LOP.AND", iset(l, false, a.hi, b.hi, "EQ"), iset(l, false, a.lo, b.lo, c));
    return op3(l, "LOP.OR", high, tie);
}

}  // namespace fgtlm::compiler
