// --f32 fpu: f32 add/sub/mul and fma/mad (.rn or no rounding modifier, .ftz and .sat too) straight to the FPU, one
// instruction each, as nvcc compiles them for sm_1x (FADD, FADD with a negated operand, FMUL, FMAD; clang contracts
// a*b+c into fma with fgtlm cc --f32 fpu, as nvcc's default fmad=true does). The results are the FlexGripPlus FPU's
// (models/numerics/README.md, "What the RTL does"), not IEEE: FMUL and FMAD round to nearest even for normal
// operands and results, FADD rounds from two bits below the result with no sticky bit (one unit off nearest-even at
// times: VectorAdd_float), FADD of a negative operand subtracts magnitudes ((-1) + (-2) = -1), a pass mixing adds
// and subtracts reads +0 for the adds, operands below 2^-125 are misread, Inf counts as NaN, FMAD's exact
// cancellation returns a stale sum, .ftz flushes nothing. That is what nvcc's own code gets on this RTL (the
// conformance bundles' golden memory), so the mode compares like with like; the default (--f32 ieee) is exact.
#include "fpu_f32.hpp"

namespace fgtlm::compiler {

namespace {

bool rounds_to_nearest(const PtxInst& in) { return !in.has("rz") && !in.has("rm") && !in.has("rp"); }

bool fpu_form(const PtxInst& in) {
    if (in.type() != "f32" || !rounds_to_nearest(in)) return false;
    const std::string& op = in.opcode;
    if (op == "add" || op == "sub" || op == "mul") return true;
    return (op == "fma" || op == "mad") && in.has("rn") && !in.has("sat");
}

}  // namespace

void mark_fpu_f32(PtxModule& m) {
    for (PtxFunction& f : m.functions)
        for (PtxStmt& s : f.body)
            if (s.label.empty() && fpu_form(s.inst)) s.inst.mods.insert(s.inst.mods.begin(), "fpu");
}

bool lower_float_fpu(Lowerer& l) {
    const PtxInst& in = l.inst();
    if (!in.has("fpu")) return false;
    const int d = l.dst();
    const int a = l.value(in.ops[1]), b = l.value(in.ops[2]);
    if (in.opcode == "add")
        l.emit("FADD {d0}{g}, {u0}, {u1}", {d}, {a, b});
    else if (in.opcode == "sub")
        l.emit("FADD {d0}{g}, {u0}, -{u1}", {d}, {a, b});
    else if (in.opcode == "mul")
        l.emit("FMUL {d0}{g}, {u0}, {u1}", {d}, {a, b});
    else
        l.emit("FMAD {d0}{g}, {u0}, {u1}, {u2}", {d}, {a, b, l.value(in.ops[3])});
    if (in.has("sat")) float_saturate(l, d);
    return true;
}

}  // namespace fgtlm::compiler
