// Spilling for the register allocator (regalloc.hpp). A spilled value lives in the thread's
// spill slots: words at the end of its local window in shared memory (FlexGripPlus has no
// local-memory instructions), addressed through A2 (slots 0-31) and A3 (slots 32-63), which
// the kernel's entry sets (Lowerer, "spill base"). A reload is `MOV R, g[A2+k]`, a store
// `R2G.U32.U32 g[A2+k], R`: both RTL-implemented and flag-free, so they may sit between an
// ISET.C0/C1 and the instruction it guards.
#include "regalloc.hpp"

#include <fgtlm/compiler/ptx.hpp>

#include <algorithm>
#include <cstdio>

namespace fgtlm::compiler {

namespace {

std::string slot_operand(int slot) {
    char b[32];
    std::snprintf(b, sizeof b, "g[A%d+0x%x]", slot < 32 ? 2 : 3, unsigned(slot % 32));
    return b;
}

struct Rewriter {
    MFunction& f;
    std::vector<int>& slot_of;
    std::vector<bool>& no_spill;

    int fresh() {
        no_spill.push_back(true);
        slot_of.push_back(-1);
        return f.num_vregs++;
    }
    MInst reload(int t, int v, std::uint32_t line) const {
        return MInst{"MOV {d0}, " + slot_operand(slot_of[std::size_t(v)]), {t}, {}, line, false};
    }
    MInst store(int t, int v, std::uint32_t line) const {
        return MInst{"R2G.U32.U32 " + slot_operand(slot_of[std::size_t(v)]) + ", {u0}", {}, {t}, line, false};
    }
    bool spilled(int v) const { return slot_of[std::size_t(v)] >= 0; }

    // One instruction: reloads before it, stores after it.
    void rewrite(std::vector<MInst>& out, MInst m) {
        std::vector<std::pair<int, int>> map;  // spilled vreg -> its temporary here
        const auto temp_for = [&](int v) {
            for (const auto& [from, to] : map)
                if (from == v) return to;
            map.emplace_back(v, fresh());
            return map.back().second;
        };
        for (int& v : m.uses)
            if (spilled(v)) v = temp_for(v);
        std::vector<int> defined;
        for (int& v : m.defs)
            if (spilled(v)) defined.push_back(v), v = temp_for(v);
        for (const auto& [from, to] : map) {
            const bool used = std::find(m.uses.begin(), m.uses.end(), to) != m.uses.end();
            if (used || m.partial) out.push_back(reload(to, from, m.line));
        }
        out.push_back(m);
        for (const int v : defined) out.push_back(store(temp_for(v), v, m.line));
    }
};

}  // namespace

void rewrite_spills(MFunction& f, const std::vector<int>& spilled, std::vector<int>& slot_of, int& slots,
                    std::vector<bool>& no_spill) {
    for (const int v : spilled)
        if (slot_of[std::size_t(v)] < 0) slot_of[std::size_t(v)] = slots++;
    if (slots > kMaxSpillSlots)
        throw CompileError(
            0, f.name + ": needs more than " + std::to_string(kMaxSpillSlots) + " spilled values (raise --max-regs)");
    Rewriter rw{f, slot_of, no_spill};
    for (MBlock& b : f.blocks) {
        std::vector<MInst> out;
        for (MInst& m : b.insts) rw.rewrite(out, std::move(m));
        if (b.term == TermKind::Branch && b.pred >= 0 && rw.spilled(b.pred)) {
            const int t = rw.fresh();
            out.push_back(rw.reload(t, b.pred, b.line));
            b.pred = t;
        }
        b.insts = std::move(out);
    }
}

Allocation allocate_with_spills(MFunction& f, const std::vector<int>& order, int max_regs, int& slots, int first_reg) {
    std::vector<int> slot_of(std::size_t(f.num_vregs), -1);
    std::vector<bool> no_spill(std::size_t(f.num_vregs), false);
    for (const int v : f.no_spill) no_spill[std::size_t(v)] = true;
    slots = 0;
    for (;;) {
        Allocation a = allocate_registers(f, order, max_regs, no_spill, first_reg);
        if (a.spill.empty()) return a;
        rewrite_spills(f, a.spill, slot_of, slots, no_spill);
    }
}

}  // namespace fgtlm::compiler
