// Lowering of the integer operations SM_1.0 has no instruction for: the high half of a
// 32x32-bit product (from four 16x16-bit products) and division/remainder (a restoring
// shift-subtract loop of one step per dividend bit, 8, 16, 24 or 32 steps: leading zero bytes of
// the dividend are skipped, docs/code-quality.md; threads with other counts leave the loop apart,
// reconverging at a join of the division's own SSY).
#include "lowering.hpp"

namespace fgtlm::compiler {

// d = high 32 bits of a * b (unsigned; signed by the correction hi -= (a<0 ? b : 0) + (b<0 ? a : 0)).
void emit_mul_hi(Lowerer& l, int d, int a, int b, bool sgn) {
    const int t0 = l.temp(), t1 = l.temp(), t2 = l.temp(), mid = l.temp(), x = l.temp();
    l.emit("IMUL.U16.U16 {d0}{g}, {u0L}, {u1L}", {t0}, {a, b});
    l.emit("SHR {d0}{g}, {u0}, 0x10", {t0}, {t0});
    l.emit("IMUL.U16.U16 {d0}{g}, {u0L}, {u1H}", {t1}, {a, b});
    l.emit("IMUL.U16.U16 {d0}{g}, {u0H}, {u1L}", {t2}, {a, b});
    l.emit("I2I.U32.U16 {d0}{g}, {u0L}", {mid}, {t1});
    l.emit("IADD {d0}{g}, {u0}, {u1}", {mid}, {mid, t0});
    l.emit("I2I.U32.U16 {d0}{g}, {u0L}", {x}, {t2});
    l.emit("IADD {d0}{g}, {u0}, {u1}", {mid}, {mid, x});
    l.emit("SHR {d0}{g}, {u0}, 0x10", {mid}, {mid});
    l.emit("SHR {d0}{g}, {u0}, 0x10", {t1}, {t1});
    l.emit("SHR {d0}{g}, {u0}, 0x10", {t2}, {t2});
    l.emit("IADD {d0}{g}, {u0}, {u1}", {t1}, {t1, t2});
    l.emit("IADD {d0}{g}, {u0}, {u1}", {t1}, {t1, mid});
    l.emit("IMAD.U16 {d0}{g}, {u0H}, {u1H}, {u2}", {d}, {a, b, t1});
    if (!sgn) return;
    const int s = l.temp();
    l.emit("SHR.S32 {d0}{g}, {u0}, 0x1f", {s}, {a});
    l.emit("LOP.AND {d0}{g}, {u0}, {u1}", {s}, {s, b});
    l.emit("IADD {d0}{g}, {u0}, -{u1}", {d}, {d, s});
    l.emit("SHR.S32 {d0}{g}, {u0}, 0x1f", {s}, {b});
    l.emit("LOP.AND {d0}{g}, {u0}, {u1}", {s}, {s, a});
    l.emit("IADD {d0}{g}, {u0}, -{u1}", {d}, {d, s});
}

namespace {

// Skips the dividend's leading zero bytes (at most three): each is 8 steps that shift a zero into the
// remainder and a zero quotient bit. Not when den is 0: those steps would give quotient bits of 1 (the
// loop's result for a zero divisor, 0xffffffff, stays what it was).
void skip_zero_bytes(Lowerer& l, int q, int cnt, int den) {
    const int dz = l.temp(), t = l.temp(), minus8 = l.imm(0xfffffff8u);
    l.emit("ISET.U32 {d0}{g}, {u0}, R124, EQ", {dz}, {den});
    for (int k = 0; k < 3; ++k) {
        l.emit("SHR {d0}{g}, {u0}, 0x18", {t}, {q});
        l.emit("LOP.OR {d0}{g}, {u0}, {u1}", {t}, {t, dz});
        l.emit("ISET.S32.C0 o[0x7f], {u0}, R124, EQ", {}, {t});
        l.emit("SHL {d0} (C0.NE), {u0}, 0x8", {q}, {q}, true);
        l.emit("IADD {d0} (C0.NE), {u0}, {u1}", {cnt}, {cnt, minus8}, true);
    }
}

// q = n / den, r = n % den (unsigned). The loop's BRA lists every register the loop reads
// or writes as used, so the register allocator keeps them across the back edge. The step count
// differs between threads, so the loop sits in an SSY region of its own: each group of threads
// that leaves early waits at the join (one warp-stack entry per group, at most four in all).
void emit_udivrem(Lowerer& l, int q, int r, int n, int den) {
    const int cnt = l.temp(), c = l.temp(), t = l.temp(), ge = l.temp(), one = l.imm(1);
    const std::string loop = "DIV" + std::to_string(cnt), join = "DIVJ" + std::to_string(cnt);
    l.emit("MOV {d0}{g}, {u0}", {q}, {n});
    l.emit("MVI {d0}{g}, 0x0", {r}, {});
    l.emit("MVI {d0}{g}, 0x20", {cnt}, {});
    skip_zero_bytes(l, q, cnt, den);
    l.emit("SSY " + join, {}, {});
    l.emit(loop + ":", {}, {});
    l.emit("SHR {d0}{g}, {u0}, 0x1f", {c}, {r});
    l.emit("SHR {d0}{g}, {u0}, 0x1f", {t}, {q});
    l.emit("SHL {d0}{g}, {u0}, 0x1", {r}, {r});
    l.emit("IADD {d0}{g}, {u0}, {u1}", {r}, {r, t});
    l.emit("SHL {d0}{g}, {u0}, 0x1", {q}, {q});
    l.emit("ISET.U32 {d0}{g}, {u0}, {u1}, GE", {ge}, {r, den});
    l.emit("LOP.OR {d0}{g}, {u0}, {u1}", {ge}, {ge, c});
    l.emit("ISET.S32.C0 o[0x7f], {u0}, R124, NE", {}, {ge});
    l.emit("IADD {d0} (C0.NE), {u0}, -{u1}", {r}, {r, den}, true);
    l.emit("IADD {d0} (C0.NE), {u0}, {u1}", {q}, {q, one}, true);
    l.emit("IADD32I {d0}{g}, {u0}, 0xffffffff", {cnt}, {cnt});
    l.emit("ISET.S32.C1 o[0x7f], {u0}, R124, NE", {}, {cnt});
    l.emit("BRA C1.NE, " + loop, {}, {q, r, den, cnt, one});
    l.emit(join + ":", {}, {});
    l.emit("NOP.S", {}, {});
}

}  // namespace

void emit_divrem(Lowerer& l, int d, int n, int den, bool sgn, bool rem) {
    const int q = l.temp(), r = l.temp();
    if (!sgn) {
        emit_udivrem(l, q, r, n, den);
        l.emit("MOV {d0}{g}, {u0}", {d}, {rem ? r : q});
        return;
    }
    const int an = l.temp(), ad = l.temp(), s = l.temp();
    l.emit("I2I.S32.S32 {d0}{g}, |{u0}|", {an}, {n});
    l.emit("I2I.S32.S32 {d0}{g}, |{u0}|", {ad}, {den});
    emit_udivrem(l, q, r, an, ad);
    // Quotient negative when the signs differ; remainder takes the dividend's sign.
    if (rem)
        l.emit("SHR.S32 {d0}{g}, {u0}, 0x1f", {s}, {n});
    else {
        l.emit("LOP.XOR {d0}{g}, {u0}, {u1}", {s}, {n, den});
        l.emit("SHR.S32 {d0}{g}, {u0}, 0x1f", {s}, {s});
    }
    const int v = rem ? r : q;
    l.emit("LOP.XOR {d0}{g}, {u0}, {u1}", {v}, {v, s});
    l.emit("IADD {d0}{g}, {u0}, -{u1}", {d}, {v, s});
}

}  // namespace fgtlm::compiler
