#include "operand_forms.hpp"

#include "ptx_parser.hpp"

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>

namespace fgtlm::compiler {

namespace {

// One letter an operand position:
//   d  destination register            D  destination register or {vector}
//   v  value: register, constant, name  V  value or {vector}
//   p  predicate register (a source may be negated, !%p)
//   m  [memory]   l  label   i  integer constant
// Positions from `min_ops` on are optional; `types` is the number of type modifiers
// (cvt.dst.src and set.cmp.dst.src: 2).
struct Form {
    const char* kinds;
    std::size_t min_ops;
    std::size_t types;
};

const std::map<std::string, Form>& forms() {
    static const std::map<std::string, Form> kForms = [] {
        std::map<std::string, Form> m;
        m["mov"] = {"DV", 2, 1};
        m["ld"] = {"Dm", 2, 1};
        m["st"] = {"mV", 2, 1};
        m["cvta"] = {"dv", 2, 1};
        for (const char* o :
             {"not", "cnot", "neg", "abs", "rcp", "sqrt", "rsqrt", "lg2", "ex2", "sin", "cos", "popc", "clz", "brev"})
            m[o] = {"dv", 2, 1};
        m["cvt"] = {"dv", 2, 2};
        for (const char* o :
             {"add", "sub", "mul", "mul24", "div", "rem", "and", "or", "xor", "shl", "shr", "min", "max"})
            m[o] = {"dvv", 3, 1};
        for (const char* o : {"mad", "mad24", "fma", "bfe", "prmt"}) m[o] = {"dvvv", 4, 1};
        m["bfi"] = {"dvvvv", 5, 1};
        m["selp"] = {"dvvp", 4, 1};
        m["setp"] = {"pvvp", 3, 1};
        m["set"] = {"dvvp", 3, 2};
        m["testp"] = {"pv", 2, 1};
        m["bra"] = {"l", 1, 0};
        m["bar"] = m["barrier"] = {"i", 1, 0};
        for (const char* o : {"ret", "exit", "membar", "fence"}) m[o] = {"", 0, 0};
        return m;
    }();
    return kForms;
}

std::string kind_text(const PtxOperand& o) {
    switch (o.kind) {
        case PtxOperand::Kind::Reg: return "register " + o.name;
        case PtxOperand::Kind::Imm: return "the integer constant " + std::to_string(o.imm);
        case PtxOperand::Kind::FImm: return "a float constant";
        case PtxOperand::Kind::Sym: return "the name " + o.name;
        case PtxOperand::Kind::Mem: return "a [memory] operand";
        case PtxOperand::Kind::Vec: return "a {vector} operand";
    }
    return "an operand";
}

const char* wanted_text(char k) {
    switch (k) {
        case 'd': return "a register";
        case 'D': return "a register or a {vector} of registers";
        case 'v': return "a register, a constant or a variable's name";
        case 'V': return "a register, a constant or a {vector} of registers";
        case 'p': return "a predicate register";
        case 'm': return "a [memory] operand";
        case 'l': return "a label";
        default: return "an integer constant";
    }
}

bool kind_fits(char k, PtxOperand::Kind kind) {
    using K = PtxOperand::Kind;
    switch (k) {
        case 'd':
        case 'p': return kind == K::Reg;
        case 'D': return kind == K::Reg || kind == K::Vec;
        case 'v': return kind == K::Reg || kind == K::Imm || kind == K::FImm || kind == K::Sym;
        case 'V': return kind == K::Reg || kind == K::Imm || kind == K::FImm || kind == K::Sym || kind == K::Vec;
        case 'm': return kind == K::Mem;
        case 'l': return kind == K::Sym;
        default: return kind == K::Imm;
    }
}

// The declared type of register `name` ("pred", "b32", ...), if a declaration covers it.
std::optional<std::string> declared_type(const std::string& name, const std::vector<PtxRegDecl>& regs) {
    for (const PtxRegDecl& r : regs) {
        if (name.compare(0, r.prefix.size(), r.prefix) != 0) continue;
        const std::string rest = name.substr(r.prefix.size());
        const bool digits = !rest.empty() && rest.find_first_not_of("0123456789") == std::string::npos;
        if (r.count == 0 ? rest.empty() : digits) return r.type;
    }
    return std::nullopt;
}

// A register at position `i` (kind letter `k`) of the right class: predicates where a
// predicate is read or written, data registers elsewhere (unless the instruction's type is .pred).
std::string register_class_error(const PtxInst& in, std::size_t i, char k, const std::vector<PtxRegDecl>& regs) {
    const PtxOperand& o = in.ops[i];
    const std::string pos = "operand " + std::to_string(i + 1) + " of " + in.opcode;
    if (o.negate && (k != 'p' || i == 0)) return pos + ": a negated predicate (!" + o.name + ") only as a source";
    const std::optional<std::string> type = declared_type(o.name, regs);
    if (!type) return "";
    const bool want_pred = k == 'p' || in.type() == "pred";
    if (want_pred && *type != "pred") return pos + " must be a predicate register, got " + o.name + " (." + *type + ")";
    if (!want_pred && *type == "pred")
        return pos + " must be a ." + in.type() + " value, got the predicate register " + o.name;
    return "";
}

std::string count_error(const PtxInst& in, const Form& f) {
    const std::size_t max_ops = std::char_traits<char>::length(f.kinds);
    if (in.ops.size() >= f.min_ops && in.ops.size() <= max_ops) return "";
    const std::string n =
        f.min_ops == max_ops ? std::to_string(max_ops) : std::to_string(f.min_ops) + " or " + std::to_string(max_ops);
    return in.opcode + " takes " + n + " operand" + (max_ops == 1 ? "" : "s") + ", got " +
           std::to_string(in.ops.size());
}

}  // namespace

bool has_operand_form(const std::string& opcode) { return forms().count(opcode) != 0; }

std::string operand_form_error(const PtxInst& in, const std::vector<PtxRegDecl>& regs) {
    const auto it = forms().find(in.opcode);
    if (it == forms().end()) return "instruction not supported by the SM_1.0 compiler";
    const Form& f = it->second;
    if (std::string e = count_error(in, f); !e.empty()) return e;
    if ((f.types >= 1 && in.type().empty()) || (f.types >= 2 && in.type2().empty()))
        return in.opcode +
               (f.types == 2 ? " needs a destination and a source type" : " needs a type (.u32, .f32, ...)");
    const auto types = std::size_t(std::count_if(in.mods.begin(), in.mods.end(), is_ptx_type));
    if (f.types >= 1 && types > f.types)  // cvt.rz.f32.s32.f32 would otherwise compile as one of its readings
        return in.opcode + " takes " + std::to_string(f.types) + " type modifier" + (f.types == 1 ? "" : "s") +
               ", got " + std::to_string(types);
    for (std::size_t i = 0; i < in.ops.size(); ++i) {
        const char k = f.kinds[i];
        if (!kind_fits(k, in.ops[i].kind))
            return "operand " + std::to_string(i + 1) + " of " + in.opcode + " must be " + wanted_text(k) + ", got " +
                   kind_text(in.ops[i]);
        if (in.ops[i].kind != PtxOperand::Kind::Reg) continue;
        if (std::string e = register_class_error(in, i, k, regs); !e.empty()) return e;
    }
    return "";
}

}  // namespace fgtlm::compiler
