// Lowering of PTX f32 arithmetic. FADD/FMUL round to nearest; the SFU forms (rcp, rsqrt,
// lg2, ex2, sin, cos and the approximate division/square root built from them) have the
// accuracy models/compiler/README.md states. div.rn/rcp.rn/sqrt.rn never reach this file (the
// inliner turns them into calls of software functions), nor do fma.rn/mad.rn.
#include "fpu_f32.hpp"
#include "lowering.hpp"

namespace fgtlm::compiler {

namespace {

void binary(Lowerer& l, const std::string& text) {
    const PtxInst& in = l.inst();
    l.emit(text, {l.dst()}, {l.value(in.ops[1]), l.value(in.ops[2])});
}

void check_rounding(Lowerer& l) {
    const PtxInst& in = l.inst();
    for (const char* r : {"rz", "rm", "rp"})
        if (in.has(r)) l.refuse(std::string("rounding mode .") + r + " is not supported yet");
}

void sfu(Lowerer& l, const std::string& op) {
    const PtxInst& in = l.inst();
    const int d = l.dst();
    const int a = l.value(in.ops[1]);
    if (op == "rcp")
        l.emit("RCP {d0}{g}, {u0}", {d}, {a});
    else if (op == "rsqrt")
        l.emit("RSQ {d0}{g}, {u0}", {d}, {a});
    else if (op == "sqrt") {
        const int t = l.temp();
        l.emit("RSQ {d0}{g}, {u0}", {t}, {a});
        l.emit("RCP {d0}{g}, {u0}", {d}, {t});
    } else if (op == "lg2")
        l.emit("LG2 {d0}{g}, {u0}", {d}, {a});
    else {
        const int t = l.temp();
        l.emit(std::string("RRO {d0}{g}, {u0}, ") + (op == "ex2" ? "EX2" : "SIN"), {t}, {a});
        const std::string mn = op == "ex2" ? "EX2" : op == "sin" ? "SIN" : "COS";
        l.emit(mn + " {d0}{g}, {u0}", {d}, {t});
    }
}

bool approximate(const PtxInst& in) { return in.has("approx") || in.has("full"); }

}  // namespace

bool lower_float(Lowerer& l) {
    const PtxInst& in = l.inst();
    const std::string& op = in.opcode;
    if (in.type() != "f32" || op == "mov" || op == "ld" || op == "st" || op == "setp" || op == "set" || op == "selp" ||
        op == "min" || op == "max" || op == "cvt")
        return false;
    if (lower_float_fpu(l)) return true;  // --f32 fpu (fpu_f32.cpp)
    if (op == "add" || op == "sub" || op == "mul" || op == "mad" || op == "fma") check_rounding(l);
    if (in.has("sat") && op != "add" && op != "sub" && op != "mul") l.refuse(".sat on " + op + ".f32");
    if (op == "testp") {
        float_testp(l);
    } else if (op == "add" || op == "sub") {
        float_add(l, l.dst(), l.value(in.ops[1]), l.value(in.ops[2]), op == "sub");
    } else if (op == "mul") {
        binary(l, "FMUL {d0}{g}, {u0}, {u1}");
    } else if (op == "fma" || op == "mad") {
        l.refuse(op + ".f32 without a rounding modifier (only " + op + ".rn.f32 is supported)");
    } else if (op == "neg" || op == "abs") {
        const int d = l.dst();
        const int a = l.value(in.ops[1]);
        l.emit(op == "neg" ? "LOP.XOR {d0}{g}, {u0}, {u1}" : "LOP.AND {d0}{g}, {u0}, {u1}", {d},
               {a, l.imm(op == "neg" ? 0x80000000u : 0x7fffffffu)});
    } else if (op == "div") {
        check_rounding(l);  // .rz/.rm/.rp division: the software routines round to nearest only
        if (!approximate(in)) l.refuse("div.rn.f32 (IEEE division) is not supported yet: use __fdividef / div.approx");
        const int t = l.temp();
        l.emit("RCP {d0}{g}, {u0}", {t}, {l.value(in.ops[2])});
        l.emit("FMUL {d0}{g}, {u0}, {u1}", {l.dst()}, {l.value(in.ops[1]), t});
    } else if (op == "rcp" || op == "sqrt" || op == "rsqrt" || op == "lg2" || op == "ex2" || op == "sin" ||
               op == "cos") {
        check_rounding(l);
        if (!approximate(in) && op != "rsqrt" && op != "lg2" && op != "ex2" && op != "sin" && op != "cos")
            l.refuse(op + ".rn.f32 (IEEE rounding) is not supported yet: use the .approx form");
        sfu(l, op);
    } else
        return false;
    if (in.has("sat")) float_saturate(l, l.dst());
    return true;
}

}  // namespace fgtlm::compiler
