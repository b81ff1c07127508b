// 64-bit division and remainder: a restoring shift-subtract loop of 64 steps over the
// (remainder:quotient) pair, as the 32-bit one in lower_intdiv.cpp. The counter is the same in
// every thread, so the loop's branch never diverges.
#include "lower_int64.hpp"

namespace fgtlm::compiler {

namespace {

// (hi:lo) << 1 with the bit shifted in from `in` (the next word's top bit).
int shl1_with(Lowerer& l, int w, int in) { return op3(l, "LOP.OR", op_imm(l, "SHL", w, 1), op_imm(l, "SHR", in, 31)); }

// q = n / den, r = n % den (unsigned). The BRA lists the loop-carried registers as used so
// the register allocator keeps them across the back edge.
void udivrem64(Lowerer& l, Pair q, Pair r, Pair n, Pair den) {
    const int cnt = l.temp();
    const std::string loop = "DIV64_" + std::to_string(cnt);
    move_pair(l, q, n);
    l.emit("MVI {d0}{g}, 0x0", {r.lo}, {});
    l.emit("MVI {d0}{g}, 0x0", {r.hi}, {});
    l.emit("MVI {d0}{g}, 0x40", {cnt}, {});
    l.emit(loop + ":", {}, {});
    const int overflow = op_imm(l, "SHR.S32", r.hi, 31);  // the shifted remainder exceeds 64 bits
    const Pair r2{shl1_with(l, r.lo, q.hi), shl1_with(l, r.hi, r.lo)};
    const Pair q2{op_imm(l, "SHL", q.lo, 1), shl1_with(l, q.hi, q.lo)};
    const int ge = op3(l, "LOP.OR", compare64(l, r2, den, "hs", false), overflow);
    const Pair diff = sub64(l, r2, {op3(l, "LOP.AND", den.lo, ge), op3(l, "LOP.AND", den.hi, ge)});
    move_pair(l, r, diff);
    l.emit("MOV {d0}{g}, {u0}", {q.hi}, {q2.hi});
    l.emit("LOP.OR {d0}{g}, {u0}, {u1}", {q.lo}, {q2.lo, op_imm(l, "SHR", ge, 31)});
    l.emit("IADD32I {d0}{g}, {u0}, 0xffffffff", {cnt}, {cnt});
    l.emit("ISET.S32.C1 o[0x7f], {u0}, R124, NE", {}, {cnt});
    l.emit("BRA C1.NE, " + loop, {}, {q.lo, q.hi, r.lo, r.hi, den.lo, den.hi, cnt});
}

Pair abs64(Lowerer& l, Pair a) {
    const int s = op_imm(l, "SHR.S32", a.hi, 31);
    return sub64(l, {op3(l, "LOP.XOR", a.lo, s), op3(l, "LOP.XOR", a.hi, s)}, {s, s});
}

}  // namespace

Pair divrem64(Lowerer& l, Pair n, Pair den, bool sgn, bool rem) {
    const Pair q = temp_pair(l), r = temp_pair(l);
    if (!sgn) {
        udivrem64(l, q, r, n, den);
        return rem ? r : q;
    }
    udivrem64(l, q, r, abs64(l, n), abs64(l, den));
    // Quotient negative when the signs differ; remainder takes the dividend's sign.
    const int s = op_imm(l, "SHR.S32", rem ? n.hi : op3(l, "LOP.XOR", n.hi, den.hi), 31);
    const Pair v = rem ? r : q;
    return sub64(l, {op3(l, "LOP.XOR", v.lo, s), op3(l, "LOP.XOR", v.hi, s)}, {s, s});
}

}  // namespace fgtlm::compiler
