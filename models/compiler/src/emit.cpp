#include "emit.hpp"

#include <fgtlm/isa/assembler.hpp>

#include <regex>

namespace fgtlm::compiler {

namespace {

struct Line {
    std::string text;
    std::uint32_t ptx_line = 0;
    bool is_label = false;
};

// Replaces {d0} {u1} {u0L} ... by physical registers and drops an unused {g}.
std::string substitute(const MInst& m, const Allocation& a) {
    std::string out;
    const std::string& t = m.text;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '{') {
            out += t[i];
            continue;
        }
        const std::size_t close = t.find('}', i);
        const std::string key = t.substr(i + 1, close - i - 1);
        i = close;
        if (key == "g") continue;
        const auto& list = key[0] == 'd' ? m.defs : m.uses;
        const std::size_t idx = std::size_t(key[1] - '0');
        out += "R" + std::to_string(a.phys[std::size_t(list.at(idx))]);
        if (key.size() > 2) out += key[2];
    }
    return out;
}

// "MOV R3, R3" (a copy the register allocator made redundant).
bool is_self_move(const std::string& t) {
    if (t.rfind("MOV R", 0) != 0) return false;
    const std::size_t comma = t.find(", ");
    return comma != std::string::npos && t.substr(4, comma - 4) == t.substr(comma + 2);
}

// Whether `t` may take its 32-bit form (the assembler's `.short_forms on`: it uses the 32-bit encoding when one
// exists, pairs 32-bit instructions as nvcc does and promotes a lone one back to 64 bits). Only the forms nvcc's
// FlexGripPlus programs use, which the RTL runs as the model does (VectorAdd, nn, Reduction bundles): IADD32,
// FADD32, FMUL32 with register or plain g [N] sources and MOV32 between registers; not FMAD32 nor a g [A1+N]
// source (docs/cosim-known-differences.md 30, 31). Fewer code words mean fewer fetch cycles on the RTL.
bool short_form_candidate(const std::string& t) {
    static const std::regex ok(R"(^(IADD|FADD|FMUL) R\d+, (g \[0x[0-9a-f]+\]|-?R\d+), -?R\d+$|^MOV R\d+, R\d+$)");
    return std::regex_match(t, ok);
}

void emit_terminator(const MFunction& f, const MBlock& b, int next, const Allocation& a, std::vector<Line>& out) {
    const auto name = [&](int x) { return f.blocks[std::size_t(x)].name; };
    switch (b.term) {
        case TermKind::Exit: out.push_back({"RET", b.line, false}); return;
        case TermKind::Jump:
            if (b.target != next) out.push_back({"BRA " + name(b.target), b.line, false});
            return;
        case TermKind::Branch:
            if (!b.pred_in_c0)
                out.push_back({"ISET.S32.C0 o[0x7f], R" + std::to_string(a.phys[std::size_t(b.pred)]) + ", R124, NE",
                               b.line, false});
            out.push_back(
                {std::string("BRA C0.") + (b.pred_negated ? "EQ, " : "NE, ") + name(b.target), b.line, false});
            if (b.fall != next) out.push_back({"BRA " + name(b.fall), b.line, false});
            return;
    }
}

void function_lines(const MFunction& f, const std::vector<int>& order, const Allocation& a, std::vector<Line>& lines) {
    for (std::size_t k = 0; k < order.size(); ++k) {
        const MBlock& b = f.blocks[std::size_t(order[k])];
        lines.push_back({b.name + ":", 0, true});
        if (b.is_join) lines.push_back({"NOP.S", b.line, false});
        for (const MInst& m : b.insts) {
            const std::string text = substitute(m, a);
            if (is_self_move(text)) continue;
            // Not where a branch or a RET lands: the RTL's RET to a 32-bit instruction after a CAL loses the
            // warp's commits there (compiler.rtl.f32_arith_subroutines), so a jump target stays 64-bit.
            const bool target = !lines.empty() && ((lines.back().is_label && lines.back().text.back() == ':') ||
                                                   lines.back().text.rfind("CAL", 0) == 0);
            if (!target && short_form_candidate(text)) {
                lines.push_back({".short_forms on", 0, true});
                lines.push_back({text, m.line, false});
                lines.push_back({".short_forms off", 0, true});
                continue;
            }
            lines.push_back({text, m.line, !text.empty() && text.back() == ':'});
        }
        emit_terminator(f, b, k + 1 < order.size() ? order[k + 1] : -1, a, lines);
    }
}

}  // namespace

void emit_kernel(const MFunction& f, const std::vector<int>& order, const Allocation& a, KernelCode& out) {
    emit_program({EmitPart{&f, &order, &a}}, out);
}

void emit_program(const std::vector<EmitPart>& parts, KernelCode& out) {
    std::vector<Line> lines;
    for (const EmitPart& p : parts) function_lines(*p.f, *p.order, *p.a, lines);
    const MFunction& f = *parts.front().f;
    std::string source;
    for (const Line& l : lines) source += l.text + "\n";
    const isa::AssembleResult r = isa::assemble(source, f.name);
    if (!r.ok())
        throw CompileError(
            0, f.name + ": internal error: the generated SASS does not assemble: " + r.errors[0].str() + "\n" + source);
    out.code = r.words;
    std::size_t inst = 0;
    for (const Line& l : lines) {
        if (l.is_label) continue;
        const bool short_form = inst < r.instructions.size() && r.instructions[inst].form == isa::Form::Short;
        out.sass.push_back(short_form ? l.text.substr(0, l.text.find(' ')) + "32" + l.text.substr(l.text.find(' '))
                                      : l.text);
        if (inst < r.instructions.size()) out.line_map.push_back({r.instructions[inst].address, l.ptx_line});
        ++inst;
    }
}

}  // namespace fgtlm::compiler
