// Lowering driver, control flow: basic blocks at labels and after bra/ret/exit, branch
// targets resolved by label, one exit block at the end (reconvergence needs a single exit).
#include "lowering.hpp"

namespace fgtlm::compiler {

namespace {

bool is_terminator(const PtxInst& in) { return in.opcode == "bra" || in.opcode == "ret" || in.opcode == "exit"; }

}  // namespace

void Lowerer::emit_spill_base() {
    const int base = temp();
    emit_local_address(*this, base, layout_.spill_offset);
    emit("R2A A2, {u0}", {}, {base});
    if (layout_.spill_slots <= 32) return;
    const int upper = temp();
    emit("IADD32I {d0}, {u0}, 0x80", {upper}, {base});
    emit("R2A A3, {u0}", {}, {upper});
}

// A guarded instruction whose code sets C0 itself (min/max, div/rem, ...): a conditional branch around it, so the
// guard needs no condition register while it runs (the structuriser reconverges the two paths).
void Lowerer::guard_by_branch(const PtxInst& in) {
    const std::string skip = "#guard" + std::to_string(out_.blocks.size());
    MBlock& b = out_.blocks.back();
    b.pred = vreg(in.guard);
    b.pred_negated = !in.guard_negated;
    pending_targets_.back() = skip;
    end_block(TermKind::Branch);
    PtxInst plain = in;
    plain.guard.clear();
    plain.guard_negated = false;
    lower_inst(plain);
    cur_ = &in;
    pending_targets_.back() = "#next";
    end_block(TermKind::Jump);
    labels_[skip] = int(out_.blocks.size()) - 1;
}

void Lowerer::split_blocks(const PtxFunction& f) {
    out_.blocks.push_back(MBlock{});
    out_.blocks.back().name = "B0";
    pending_targets_.emplace_back();
    if (layout_.spill_slots > 0) {  // the spill base: A2 = slot 0, A3 = slot 32 (spill.cpp)
        const int first = out_.num_vregs;
        emit_spill_base();
        for (int v = first; v < out_.num_vregs; ++v) out_.no_spill.push_back(v);  // runs before A2 is set
    }
    for (const PtxStmt& s : f.body) {
        if (!s.label.empty()) {
            if (!out_.blocks.back().insts.empty()) {  // fall through into the labelled block
                pending_targets_.back() = "#next";
                end_block(TermKind::Jump);
            }
            if (labels_.count(s.label)) refuse("label " + s.label + " defined twice");
            labels_[s.label] = int(out_.blocks.size()) - 1;
            continue;
        }
        const PtxInst& in = s.inst;
        if (!is_terminator(in)) {
            if (!lower_inst(in)) guard_by_branch(in);
            continue;
        }
        cur_ = &in;
        check_form(in);
        if (in.opcode != "bra") {
            if (!in.guard.empty()) refuse("a guarded " + in.opcode + " (branch to the end instead)");
            end_block(TermKind::Exit);
            continue;
        }
        if (in.ops.size() != 1 || in.ops[0].kind != PtxOperand::Kind::Sym) refuse("bra needs one label operand");
        MBlock& b = out_.blocks.back();
        b.uniform = in.has("uni");
        pending_targets_.back() = in.ops[0].name;
        if (in.guard.empty()) {
            end_block(TermKind::Jump);
            continue;
        }
        b.pred = vreg(in.guard);
        b.pred_negated = in.guard_negated;
        end_block(TermKind::Branch);
    }
    out_.blocks.back().term = TermKind::Exit;  // falling off the end returns
}

MFunction Lowerer::run() {
    split_blocks(f_);
    cur_ = nullptr;
    const int n = int(out_.blocks.size());
    for (int i = 0; i < n; ++i) {
        MBlock& b = out_.blocks[std::size_t(i)];
        const std::string& t = pending_targets_[std::size_t(i)];
        if (b.term == TermKind::Exit) continue;
        if (t == "#next") {
            b.target = i + 1;
        } else {
            const auto it = labels_.find(t);
            if (it == labels_.end())
                throw CompileError(b.line, opts_.file + ":" + std::to_string(b.line) + ": bra: unknown label " + t);
            b.target = it->second;
        }
        if (b.term == TermKind::Branch) b.fall = i + 1;
    }
    // One exit block: every Exit jumps there, so early returns reconverge before it.
    MBlock exit;
    exit.name = "EXIT";
    exit.term = TermKind::Exit;
    out_.blocks.push_back(exit);
    for (int i = 0; i < n; ++i) {
        MBlock& b = out_.blocks[std::size_t(i)];
        if (b.term != TermKind::Exit) continue;
        b.term = TermKind::Jump;
        b.target = n;
    }
    return std::move(out_);
}

}  // namespace fgtlm::compiler
