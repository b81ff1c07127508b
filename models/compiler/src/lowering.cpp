// Lowering driver: splits the PTX body into basic blocks, dispatches every instruction to its
// opcode group and applies PTX guards (@%p) to what the group emitted.
#include "lowering.hpp"
#include "lower_int64.hpp"
#include "operand_forms.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <utility>

namespace fgtlm::compiler {

Lowerer::Lowerer(const PtxFunction& f, const SymbolLayout& layout, const CompileOptions& opts)
    : f_(f), layout_(layout), opts_(opts) {
    out_.name = f.name;
}

int Lowerer::vreg(const std::string& ptx_reg) {
    const auto it = vregs_.find(ptx_reg);
    if (it != vregs_.end()) return it->second;
    const int v = out_.num_vregs++;
    vregs_.emplace(ptx_reg, v);
    return v;
}

int Lowerer::temp() {
    temps_.insert(out_.num_vregs);
    return out_.num_vregs++;
}

int Lowerer::imm(std::uint32_t v) {
    const int t = temp();
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%x", v);
    emit(std::string("MVI {d0}, ") + buf, {t}, {});
    return t;
}

int Lowerer::value(const PtxOperand& o) {
    switch (o.kind) {
        case PtxOperand::Kind::Reg:
            if (o.negate) refuse("a negated predicate as a value");
            if (is_special_register(o.name)) refuse("special register " + o.name + " outside mov");
            return vreg(o.name);
        case PtxOperand::Kind::Imm: return imm(std::uint32_t(o.imm));
        case PtxOperand::Kind::FImm: return imm(o.fbits);
        case PtxOperand::Kind::Sym: {
            if (const auto s = layout_.shared.find(o.name); s != layout_.shared.end()) return imm(s->second);
            if (const auto g = layout_.global.find(o.name); g != layout_.global.end()) return imm(g->second);
            if (const auto lo = layout_.local.find(o.name); lo != layout_.local.end()) {
                const int t = temp();
                emit_local_address(*this, t, lo->second);
                return t;
            }
            refuse("the address of '" + o.name + "' (not a variable of .shared, .global or .const)");
        }
        default: refuse("a memory or vector operand where a value is expected");
    }
}

const std::string& Lowerer::reg_name(std::size_t i) const {
    if (i >= cur_->ops.size() || cur_->ops[i].kind != PtxOperand::Kind::Reg)
        refuse("operand " + std::to_string(i + 1) + " must be a register");
    return cur_->ops[i].name;
}

std::uint32_t Lowerer::operand_imm(std::size_t i) const {
    if (i >= cur_->ops.size() || cur_->ops[i].kind != PtxOperand::Kind::Imm)
        refuse("operand " + std::to_string(i + 1) + " must be an integer constant");
    return std::uint32_t(cur_->ops[i].imm);
}

void Lowerer::emit(const std::string& text, std::vector<int> defs, std::vector<int> uses, bool partial) {
    MInst m;
    m.text = text;
    m.defs = std::move(defs);
    m.uses = std::move(uses);
    m.line = cur_ ? cur_->line : 0;
    m.partial = partial;
    out_.blocks.back().insts.push_back(std::move(m));
}

void Lowerer::refuse(const std::string& why) const {
    const std::uint32_t line = cur_ ? cur_->line : f_.line;
    throw CompileError(line, opts_.file + ":" + std::to_string(line) + ": " + (cur_ ? cur_->text + ": " : "") + why);
}

// Immediate forms (MVI, IADD32I) have no guard field: their constant goes into a temporary
// first and a register form carries the guard.
void Lowerer::unguardable_to_register(std::vector<MInst>& out, MInst m) {
    const bool mvi = m.text.rfind("MVI ", 0) == 0, iadd = m.text.rfind("IADD32I ", 0) == 0;
    if (!mvi && !iadd) return out.push_back(std::move(m));
    const std::string constant = m.text.substr(m.text.rfind(", ") + 2);
    MInst load = m;
    const int t = temp();
    load.text = "MVI {d0}, " + constant;
    load.defs = {t};
    load.uses = {};
    out.push_back(load);
    m.text = mvi ? "MOV {d0}{g}, {u0}" : "IADD {d0}{g}, {u0}, {u1}";
    m.uses.push_back(t);
    out.push_back(std::move(m));
}

// Every instruction the group emitted runs under C0, set from the predicate first.
// false (nothing changed) when some instruction of the sequence cannot take the guard: it sets C0 itself, or has
// no {g} (the caller branches around the instruction instead).
bool Lowerer::apply_guard(std::size_t first, const PtxInst& in) {
    auto& insts = out_.blocks.back().insts;
    std::vector<MInst> guarded;
    MInst set;
    set.text = "ISET.S32.C0 o[0x7f], {u0}, R124, NE";
    set.uses = {vreg(in.guard)};
    set.line = in.line;
    guarded.push_back(set);
    for (std::size_t i = first; i < insts.size(); ++i) unguardable_to_register(guarded, insts[i]);
    // Work on temporaries (no memory access) runs whatever the guard: only what PTX can see is guarded. Guarding it
    // would make each temporary a partial definition, live from the kernel's entry.
    const auto temp_constant = [this](const MInst& m) {
        if (m.text.rfind("MVI ", 0) == 0 && m.text.find("{g}") == std::string::npos) return true;
        if (m.defs.empty() || m.partial || m.text.find('[') != std::string::npos) return false;
        for (const int d : m.defs)
            if (!temps_.count(d)) return false;
        return m.text.find(".C0") == std::string::npos;
    };
    for (std::size_t i = 1; i < guarded.size(); ++i) {
        const std::string& t = guarded[i].text;
        if (!temp_constant(guarded[i]) && (t.find("{g}") == std::string::npos || t.find(".C0") != std::string::npos))
            return false;
    }
    for (std::size_t i = 1; i < guarded.size(); ++i) {
        MInst& m = guarded[i];
        if (temp_constant(m)) {
            if (const std::size_t g = m.text.find("{g}"); g != std::string::npos) m.text.erase(g, 3);
            continue;
        }
        m.text.replace(m.text.find("{g}"), 3, in.guard_negated ? " (C0.EQ)" : " (C0.NE)");
        m.partial = true;
    }
    insts.resize(first);
    insts.insert(insts.end(), guarded.begin(), guarded.end());
    return true;
}

// Whole instruction classes G80 does not have: named, so the user knows it is not a gap.
void Lowerer::refuse_without_sm10_meaning(const PtxInst& in) const {
    const std::string& op = in.opcode;
    if (op == "atom" || op == "red") refuse("atomic operations have no SM_1.0 form (FlexGripPlus has no atomics)");
    if (op == "vote" || op == "shfl" || op == "match" || op == "activemask")
        refuse("warp vote/shuffle operations have no SM_1.0 form");
    if (op == "tex" || op == "tld4" || op == "txq" || op == "suld" || op == "sust")
        refuse("texture/surface instructions need a texture descriptor: not supported by the compiler");
    if (op == "call") refuse("calls of .func are not supported (device functions must be inlined)");
}

// Operand count, kinds, register classes and type modifiers (operand_forms.cpp): checked before
// any pass indexes an operand; an opcode without a form is refused there.
void Lowerer::check_form(const PtxInst& in) const {
    if (const std::string e = operand_form_error(in, f_.regs); !e.empty()) refuse(e);
}

// `call.sub (results), NAME, (arguments)` (inline.cpp, float_subroutines): the argument words moved into the
// subroutine's registers, CAL, the result words moved out. The kernel's own values live above the subroutines'
// registers (compile.cpp), so nothing else needs saving.
void Lowerer::lower_subroutine_call(const PtxInst& in) {
    const auto it = layout_.subroutines.find(in.ops[1].name);
    if (it == layout_.subroutines.end()) refuse("internal error: no subroutine " + in.ops[1].name);
    const SubroutineAbi& abi = it->second;
    for (std::size_t k = 0; k < abi.args.size() && k < in.ops[2].elems.size(); ++k)
        if (abi.args[k] >= 0) emit("MOV R" + std::to_string(abi.args[k]) + ", {u0}", {}, {vreg(in.ops[2].elems[k])});
    emit("CAL.NOINC " + abi.label, {}, {});
    for (std::size_t k = 0; k < abi.result.size() && k < in.ops[0].elems.size(); ++k)
        emit("MOV {d0}, R" + std::to_string(abi.result[k]), {vreg(in.ops[0].elems[k])}, {});
}

bool Lowerer::lower_inst(const PtxInst& in) {
    cur_ = &in;
    const std::size_t first = out_.blocks.back().insts.size();
    if (in.opcode == "call" && in.has("sub")) return lower_subroutine_call(in), true;
    for (const std::string& m : in.mods)
        if (m == "f64") refuse("double precision (.f64) has no SM_1.0 form (--demote-f64 computes doubles in f32)");
    for (const PtxOperand& o : in.ops)
        if (o.from_double) refuse("a double immediate has no SM_1.0 form (--demote-f64 computes doubles in f32)");
    refuse_without_sm10_meaning(in);
    check_form(in);
    if (in.opcode == "membar" || in.opcode == "fence") return true;  // in-order memory: nothing to wait for
    if (lower_bits(*this) || lower_int64(*this))  // computes into temporaries: needs no destination override
        return guarded(first, in);
    // A destination that is also a source is computed into a temporary first: sequences may
    // write their destination before they have read all of their sources.
    dst_override_ = -1;
    if (!in.ops.empty() && in.ops[0].kind == PtxOperand::Kind::Reg && in.opcode != "st" && reads_own_dest(in))
        dst_override_ = temp();
    if (!lower_integer(*this) && !lower_float(*this) && !lower_memory(*this) && !lower_special(*this) &&
        !lower_convert(*this))
        refuse("instruction not supported by the SM_1.0 compiler");
    if (dst_override_ >= 0) emit("MOV {d0}{g}, {u0}", {vreg(in.ops[0].name)}, {dst_override_});
    dst_override_ = -1;
    // A narrower load into a 64-bit register extends it (PTX: zero for .u/.b, sign for .s); so
    // do the moves the inliner makes of such loads (inline.cpp).
    const bool moves = in.opcode == "ld" || in.opcode == "mov" || in.opcode == "cvt";
    if (moves && !in.ops.empty() && in.ops[0].kind == PtxOperand::Kind::Reg && is_wide_reg(in.ops[0].name)) {
        const int lo = vreg(in.ops[0].name);
        if (in.type()[0] == 's')
            emit("SHR.S32 {d0}{g}, {u0}, 0x1f", {vreg_hi(in.ops[0].name)}, {lo});
        else if (in.type().substr(1) != "64")
            emit("MOV {d0}{g}, R124", {vreg_hi(in.ops[0].name)}, {});
    }
    return guarded(first, in);
}

// The guard applied to the code lowered from `first` on; false (the code removed) when it cannot take it.
bool Lowerer::guarded(std::size_t first, const PtxInst& in) {
    if (in.guard.empty() || apply_guard(first, in)) return true;
    out_.blocks.back().insts.resize(first);
    return false;
}

bool Lowerer::is_wide_reg(const std::string& name) const {
    for (const PtxRegDecl& r : f_.regs) {
        if (r.type.size() != 3 || r.type.substr(1) != "64" || name.rfind(r.prefix, 0) != 0) continue;
        const std::string rest = name.substr(r.prefix.size());
        if (r.count == 0 ? rest.empty() : (!rest.empty() && rest.find_first_not_of("0123456789") == std::string::npos))
            return true;
    }
    return false;
}

bool Lowerer::reads_own_dest(const PtxInst& in) {
    const std::string& d = in.ops[0].name;
    for (std::size_t i = 1; i < in.ops.size(); ++i) {
        const PtxOperand& o = in.ops[i];
        if (o.name == d && (o.kind == PtxOperand::Kind::Reg || (o.kind == PtxOperand::Kind::Mem && o.base_is_reg)))
            return true;
    }
    return false;
}

void Lowerer::end_block(TermKind kind) {
    out_.blocks.back().term = kind;
    out_.blocks.back().line = cur_ ? cur_->line : 0;
    out_.blocks.push_back(MBlock{});
    out_.blocks.back().name = "B" + std::to_string(out_.blocks.size() - 1);
    pending_targets_.emplace_back();
}

}  // namespace fgtlm::compiler
