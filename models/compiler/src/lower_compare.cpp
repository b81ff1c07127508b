// Lowering of comparisons and selections: setp/set (ISET/FSET give 0 or 0xffffffff, which
// is also how a predicate lives in a register), selp, min/max, and predicate logic.
#include "lowering.hpp"

namespace fgtlm::compiler {

std::string compare_name(const std::string& c) {
    if (c == "lt" || c == "lo") return "LT";
    if (c == "le" || c == "ls") return "LE";
    if (c == "gt" || c == "hi") return "GT";
    if (c == "ge" || c == "hs") return "GE";
    if (c == "eq") return "EQ";
    if (c == "ne") return "NE";
    return "";
}

namespace {

// Unordered float comparisons are the negation of the complementary ordered one.
std::string unordered_complement(const std::string& c) {
    if (c == "ltu") return "GE";
    if (c == "leu") return "GT";
    if (c == "gtu") return "LE";
    if (c == "geu") return "LT";
    if (c == "equ") return "NE";
    if (c == "neu") return "EQ";
    return "";
}

std::string find_compare(const PtxInst& in) {
    for (const std::string& m : in.mods)
        if (!compare_name(m).empty() || !unordered_complement(m).empty() || m == "num" || m == "nan") return m;
    return "";
}

// d = 0xffffffff if (a cmp b) else 0.
void emit_compare(Lowerer& l, int d, int a, int b, const std::string& cmp, const std::string& ty) {
    if (ty == "f32") {
        const std::string un = unordered_complement(cmp);
        if (cmp == "num" || cmp == "nan") {  // ordered: a == a and b == b
            float_compare(l, d, a, a, "EQ");
            const int t = l.temp();
            float_compare(l, t, b, b, "EQ");
            l.emit("LOP.AND {d0}{g}, {u0}, {u1}", {d}, {d, t});
        } else {
            float_compare(l, d, a, b, un.empty() ? compare_name(cmp) : un);
        }
        if (!un.empty() || cmp == "nan") l.emit("LOP.XOR {d0}{g}, {u0}, {u1}", {d}, {d, l.imm(0xffffffffu)});
        return;
    }
    if (compare_name(cmp).empty()) l.refuse("comparison ." + cmp + " of integers");
    const bool sgn = ty[0] == 's' && cmp != "lo" && cmp != "ls" && cmp != "hi" && cmp != "hs";
    const std::string as = (sgn ? "s" : "u") + ty.substr(1);  // lo/ls/hi/hs compare unsigned
    l.emit(std::string(sgn ? "ISET.S32" : "ISET.U32") + " {d0}{g}, {u0}, {u1}, " + compare_name(cmp), {d},
           {narrow_operand(l, a, as), narrow_operand(l, b, as)});
}

// setp.cmp[.bool].type p[|q], a, b[, c]: with .and/.or/.xor the result combines with predicate c.
void lower_setp(Lowerer& l) {
    const PtxInst& in = l.inst();
    if (in.ops.size() < 3) l.refuse("setp needs a destination and two sources");
    const std::string cmp = find_compare(in);
    if (cmp.empty()) l.refuse("unknown comparison");
    const int d = l.dst();
    emit_compare(l, d, l.value(in.ops[1]), l.value(in.ops[2]), cmp, in.type());
    if (in.ops.size() == 4) {
        const PtxOperand& c = in.ops[3];
        int cv = l.vreg(c.name);
        if (c.negate) {
            const int t = l.temp();
            l.emit("LOP.XOR {d0}{g}, {u0}, {u1}", {t}, {cv, l.imm(0xffffffffu)});
            cv = t;
        }
        const std::string mn = in.has("and") ? "LOP.AND" : in.has("or") ? "LOP.OR" : in.has("xor") ? "LOP.XOR" : "";
        if (mn.empty()) l.refuse("setp with a fourth operand needs .and, .or or .xor");
        l.emit(mn + " {d0}{g}, {u0}, {u1}", {d}, {d, cv});
    }
    if (in.opcode == "set" && in.mods.size() > 0 && in.mods[in.mods.size() - 2] == "f32")
        l.refuse("set with a .f32 result is not supported yet");
}

void lower_selp(Lowerer& l) {
    const PtxInst& in = l.inst();
    const int d = l.dst();
    const int a = l.value(in.ops[1]);
    const int b = l.value(in.ops[2]);
    const PtxOperand& p = in.ops[3];
    if (p.kind != PtxOperand::Kind::Reg) l.refuse("selp needs a predicate register");
    const int r = l.temp();  // not d: d may be a or b
    l.emit("ISET.S32.C0 o[0x7f], {u0}, R124, NE", {}, {l.vreg(p.name)});
    l.emit("MOV {d0}, {u0}", {r}, {b});
    l.emit(std::string("MOV {d0} ") + (p.negate ? "(C0.EQ)" : "(C0.NE)") + ", {u0}", {r}, {a}, true);
    l.emit("MOV {d0}, {u0}", {d}, {r});
}

void lower_minmax(Lowerer& l) {
    const PtxInst& in = l.inst();
    const std::string ty = in.type();
    const int d = l.dst();
    const int a = narrow_operand(l, l.value(in.ops[1]), ty);
    const int b = narrow_operand(l, l.value(in.ops[2]), ty);
    if (ty == "f32") return float_minmax(l, d, a, b, in.opcode == "min");
    // d = b; d = a where a < b (min) or a > b (max).
    l.emit(std::string(ty[0] == 's' ? "ISET.S32.C0" : "ISET.U32.C0") + " o[0x7f], {u0}, {u1}, " +
               (in.opcode == "min" ? "LT" : "GT"),
           {}, {a, b});
    const int r = l.temp();  // not d: d may be a or b
    l.emit("MOV {d0}, {u0}", {r}, {b});
    l.emit("MOV {d0} (C0.NE), {u0}", {r}, {a}, true);
    l.emit("MOV {d0}, {u0}", {d}, {r});
}

}  // namespace

bool lower_compare(Lowerer& l) {
    const std::string& op = l.inst().opcode;
    if (op == "setp" || (op == "set" && l.inst().type() != "f32"))
        lower_setp(l);
    else if (op == "selp")
        lower_selp(l);
    else if (op == "min" || op == "max")
        lower_minmax(l);
    else
        return false;
    return true;
}

}  // namespace fgtlm::compiler
