// Float forms done on the bit pattern with integer instructions (exact, no FPU): testp's
// classes and .sat's clamp to [0.0, 1.0].
#include "lower_int64.hpp"

namespace fgtlm::compiler {

namespace {

int iset_imm(Lowerer& l, int a, std::uint32_t k, const std::string& cmp) {
    const int d = l.temp();
    l.emit("ISET.U32 {d0}{g}, {u0}, {u1}, " + cmp, {d}, {a, l.imm(k)});
    return d;
}

}  // namespace

// d = clamp(d, 0.0, 1.0): a negative value (-0 included) or a NaN gives +0.
void float_saturate(Lowerer& l, int d) {
    const int neg = op_imm(l, "SHR.S32", d, 31);
    const int nan = iset_imm(l, op3(l, "LOP.AND", d, l.imm(0x7fffffffu)), 0x7f800000u, "GT");
    const int zero = op3(l, "LOP.XOR", op3(l, "LOP.OR", neg, nan), l.imm(~0u));  // keep-mask
    const int one = iset_imm(l, d, 0x3f800000u, "GE");                           // positive and >= 1.0
    const int r = select_mask(l, one, l.imm(0x3f800000u), d);
    l.emit("LOP.AND {d0}{g}, {u0}, {u1}", {d}, {r, zero});
}

// testp.{finite,infinite,number,notanumber,normal,subnormal}.f32 p, a (on |a|'s bits).
void float_testp(Lowerer& l) {
    const PtxInst& in = l.inst();
    if (in.ops.size() != 2) l.refuse("testp needs a predicate and a value");
    const int x = op3(l, "LOP.AND", l.value(in.ops[1]), l.imm(0x7fffffffu));
    int r = -1;
    if (in.has("finite")) r = iset_imm(l, x, 0x7f800000u, "LT");
    if (in.has("infinite")) r = iset_imm(l, x, 0x7f800000u, "EQ");
    if (in.has("number")) r = iset_imm(l, x, 0x7f800000u, "LE");
    if (in.has("notanumber")) r = iset_imm(l, x, 0x7f800000u, "GT");
    if (in.has("normal")) r = iset_imm(l, op_imm(l, "IADD32I", x, 0xff800000u), 0x7f000000u, "LT");
    if (in.has("subnormal")) r = iset_imm(l, op_imm(l, "IADD32I", x, 0xffffffffu), 0x007fffffu, "LT");
    if (r < 0) l.refuse("unknown testp class");
    l.emit("MOV {d0}{g}, {u0}", {l.dst()}, {r});
}

}  // namespace fgtlm::compiler
