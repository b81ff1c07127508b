#include "regalloc.hpp"

#include "cfg.hpp"

#include <algorithm>
#include <set>

#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

namespace {

struct Liveness {
    std::vector<BlockSet> in, out;  // per block, per vreg
};

// Uses of a block's terminator (the branch predicate).
void term_uses(const MBlock& b, std::vector<int>& uses) {
    if (b.term == TermKind::Branch && b.pred >= 0) uses.push_back(b.pred);
}

Liveness liveness(const MFunction& f) {
    const std::size_t nb = f.blocks.size(), nv = std::size_t(f.num_vregs);
    std::vector<BlockSet> use(nb, BlockSet(nv, false)), def(nb, BlockSet(nv, false));
    for (std::size_t b = 0; b < nb; ++b) {
        const MBlock& blk = f.blocks[b];
        auto read = [&](int v) {
            if (!def[b][std::size_t(v)]) use[b][std::size_t(v)] = true;
        };
        for (const MInst& m : blk.insts) {
            for (const int v : m.uses) read(v);
            if (m.partial)
                for (const int v : m.defs) read(v);
            for (const int v : m.defs) def[b][std::size_t(v)] = true;
        }
        std::vector<int> tu;
        term_uses(blk, tu);
        for (const int v : tu) read(v);
    }
    Liveness l{std::vector<BlockSet>(nb, BlockSet(nv, false)), std::vector<BlockSet>(nb, BlockSet(nv, false))};
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t b = nb; b-- > 0;) {
            BlockSet out(nv, false);
            for (const int s : successors(f.blocks[b])) out |= l.in[std::size_t(s)];
            if (f.blocks[b].term == TermKind::Exit)
                for (const int v : f.live_out) out[std::size_t(v)] = true;
            BlockSet in = use[b] | (out - def[b]);
            if (in != l.in[b] || out != l.out[b]) l.in[b] = std::move(in), l.out[b] = std::move(out), changed = true;
        }
    }
    return l;
}

struct Interval {
    int start = -1, end = -1;
    void cover(int p) {
        start = start < 0 ? p : std::min(start, p);
        end = std::max(end, p);
    }
};

// Positions: instruction i of the emitted order uses at 2i and defines at 2i + 1.
std::vector<Interval> intervals(const MFunction& f, const std::vector<int>& order, const Liveness& l) {
    std::vector<Interval> iv(std::size_t(f.num_vregs));
    int pos = 0;
    for (const int b : order) {
        const MBlock& blk = f.blocks[std::size_t(b)];
        const int first = pos;
        for (const MInst& m : blk.insts) {
            for (const int v : m.uses) iv[std::size_t(v)].cover(pos);
            for (const int v : m.defs) {
                if (m.partial) iv[std::size_t(v)].cover(pos);
                iv[std::size_t(v)].cover(pos + 1);
            }
            pos += 2;
        }
        std::vector<int> tu;
        term_uses(blk, tu);
        for (const int v : tu) iv[std::size_t(v)].cover(pos);
        pos += 2;
        for (std::size_t v = 0; v < iv.size(); ++v) {
            if (l.in[std::size_t(b)][v]) iv[v].cover(first);
            if (l.out[std::size_t(b)][v]) iv[v].cover(pos - 1);
        }
    }
    return iv;
}

// FMAD's third source register field holds instruction bits 52..51, which the FlexGripPlus RTL takes for the FPU's
// rounding bits (docs/cosim-known-differences.md): an addend in R32..R63 would make the FMAD truncate. The vregs an
// FMAD adds (its last register operand) must therefore get R1..R31.
constexpr int kLowRegisters = 32;

std::vector<bool> fmad_addends(const MFunction& f) {
    std::vector<bool> low(std::size_t(f.num_vregs), false);
    for (const MBlock& b : f.blocks)
        for (const MInst& m : b.insts) {
            if (m.text.rfind("FMAD ", 0) != 0) continue;
            const std::size_t at = m.text.rfind("{u");
            if (at == std::string::npos || at + 4 != m.text.size() || m.text[at + 3] != '}') continue;
            const std::size_t k = std::size_t(m.text[at + 2] - '0');
            if (k < m.uses.size()) low[std::size_t(m.uses[k])] = true;
        }
    return low;
}

// A 16-bit half is register field 2n+h, and the RTL compares the raw field: field 124 (R62L) reads 0 like R124 and
// field 127 (R63H) is never written (docs/cosim-known-differences.md, "Register fields 124 and 127"). A value
// accessed as a half ({u0L}, {d0H}) therefore never gets R62 or R63.
std::vector<bool> half_accessed(const MFunction& f) {
    std::vector<bool> half(std::size_t(f.num_vregs), false);
    for (const MBlock& b : f.blocks)
        for (const MInst& m : b.insts)
            for (std::size_t at = m.text.find('{'); at != std::string::npos; at = m.text.find('{', at + 1)) {
                if (at + 4 >= m.text.size() || (m.text[at + 3] != 'L' && m.text[at + 3] != 'H')) continue;
                const auto& list = m.text[at + 1] == 'd' ? m.defs : m.uses;
                const std::size_t k = std::size_t(m.text[at + 2] - '0');
                if (k < list.size()) half[std::size_t(list[k])] = true;
            }
    return half;
}

bool half_field_unusable(int r) { return r == 62 || r == 63; }

}  // namespace

namespace {

// An FMAD addend finds R1..R31 all held (`unfit`: the registers it cannot take, R32.. for it, R62/R63 for a half):
// the spillable value among those holding a fitting register that ends last goes to memory. Returns it, or -1.
template <typename Unfit>
int choose_fitting_spill(const std::vector<Interval>& iv, const std::vector<int>& active, const Allocation& a,
                         const std::vector<bool>& no_spill, Unfit unfit) {
    int best = -1;
    for (const int v : active)
        if (!unfit(a.phys[std::size_t(v)]) && !no_spill[std::size_t(v)] &&
            (best < 0 || iv[std::size_t(v)].end > iv[std::size_t(best)].end))
            best = v;
    return best;
}

// The lowest free register `v` may take, or -1.
template <typename Unfit>
int first_fitting(const std::set<int>& free, Unfit unfit) {
    for (const int r : free)
        if (!unfit(r)) return r;
    return -1;
}

// Out of registers at `cur`: the spillable interval among the active ones and cur that ends
// last goes to memory (the classic linear-scan choice). Returns it, or -1 if none may spill.
int choose_spill(const std::vector<Interval>& iv, const std::vector<int>& active, int cur,
                 const std::vector<bool>& no_spill) {
    int best = no_spill[std::size_t(cur)] ? -1 : cur;
    for (const int v : active)
        if (!no_spill[std::size_t(v)] && (best < 0 || iv[std::size_t(v)].end > iv[std::size_t(best)].end)) best = v;
    return best;
}

}  // namespace

Allocation allocate_registers(const MFunction& f, const std::vector<int>& order, int max_regs,
                              const std::vector<bool>& no_spill, int first_reg) {
    const std::vector<Interval> iv = intervals(f, order, liveness(f));
    const std::vector<bool> low = fmad_addends(f), half = half_accessed(f);
    std::vector<int> byStart;
    for (std::size_t v = 0; v < iv.size(); ++v)
        if (iv[v].start >= 0) byStart.push_back(int(v));
    std::sort(byStart.begin(), byStart.end(),
              [&](int a, int b) { return iv[std::size_t(a)].start < iv[std::size_t(b)].start; });
    Allocation a;
    a.phys.assign(iv.size(), -1);
    std::set<int> free;
    for (int r = first_reg; r < max_regs; ++r) free.insert(r);
    std::vector<int> active;
    for (const int v : byStart) {
        const Interval& cur = iv[std::size_t(v)];
        for (auto it = active.begin(); it != active.end();) {
            if (iv[std::size_t(*it)].end < cur.start) {
                free.insert(a.phys[std::size_t(*it)]);
                it = active.erase(it);
            } else {
                ++it;
            }
        }
        if (free.empty()) {
            const int victim = choose_spill(iv, active, v, no_spill);
            if (victim < 0)
                throw CompileError(0, f.name + ": needs more than " + std::to_string(max_regs) +
                                          " registers at once, even with every long-lived value spilled");
            a.spill.push_back(victim);
            if (victim == v) continue;
            free.insert(a.phys[std::size_t(victim)]);
            a.phys[std::size_t(victim)] = -1;
            active.erase(std::find(active.begin(), active.end(), victim));
        }
        const bool is_low = low[std::size_t(v)], is_half = half[std::size_t(v)];
        const auto unfit = [&](int r) { return (is_low && r >= kLowRegisters) || (is_half && half_field_unusable(r)); };
        if (first_fitting(free, unfit) < 0) {
            const int victim = choose_fitting_spill(iv, active, a, no_spill, unfit);
            if (victim < 0)
                throw CompileError(0, f.name +
                                          ": no register left for an FMAD addend (R1..R31) or a 16-bit half (not "
                                          "R62/R63)");
            a.spill.push_back(victim);
            free.insert(a.phys[std::size_t(victim)]);
            a.phys[std::size_t(victim)] = -1;
            active.erase(std::find(active.begin(), active.end(), victim));
        }
        a.phys[std::size_t(v)] = first_fitting(free, unfit);
        free.erase(a.phys[std::size_t(v)]);
        a.regs_used = std::max(a.regs_used, a.phys[std::size_t(v)] + 1);
        active.push_back(v);
    }
    return a;
}

}  // namespace fgtlm::compiler
