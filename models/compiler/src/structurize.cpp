// SIMT structurisation. The model's warp stack (models/sm/README.md, "Divergence and the
// warp stack"): SSY pushes {join, mask}, a diverging BRA pushes the path not taken, every
// execution of a .S instruction pops one entry. So a region is correct when every thread
// that executed its SSY reaches its join block exactly once per divergent path.
//   * A conditional branch b reconverges at its immediate post-dominator P.
//   * If b sits in loops that P is outside of, the SSY goes in the preheader of the
//     outermost such loop (once, not per iteration); several exits of one loop share it.
//   * Regions with the same P get their own join blocks, chained inner -> outer -> P.
//   * A branch whose region is entered other than through its SSY point gets no SSY of its
//     own: its paths reconverge at the enclosing region's join (each one pops one entry).
#include "structurize.hpp"

#include "cfg.hpp"

#include <algorithm>
#include <map>

#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

namespace {

struct Region {
    int ssy_block = -1;    // the block the SSY goes at the end of
    int join_target = -1;  // P
    BlockSet members;
    int size = 0;
    int join_block = -1;
};

BlockSet region_members(const Cfg& c, int start, int p, std::size_t n, bool from_successors) {
    BlockSet in(n, false);
    std::vector<int> work;
    if (from_successors)
        work = c.succ[std::size_t(start)];
    else
        work.push_back(start);
    while (!work.empty()) {
        const int x = work.back();
        work.pop_back();
        if (x == p || in[std::size_t(x)]) continue;
        in[std::size_t(x)] = true;
        for (const int s : c.succ[std::size_t(x)]) work.push_back(s);
    }
    return in;
}

// A new block jumping to `header`, taking over the edges into it from outside the loop.
int make_preheader(MFunction& f, const Loop& loop) {
    const int ph = int(f.blocks.size());
    MBlock b;
    b.name = f.label_prefix + "PH" + std::to_string(ph);
    b.term = TermKind::Jump;
    b.target = loop.header;
    b.line = f.blocks[std::size_t(loop.header)].line;
    for (std::size_t i = 0; i < f.blocks.size(); ++i) {
        // Blocks past the loop's set are preheaders made for other loops: they jump to other headers.
        if (i < loop.body.size() && loop.body[i]) continue;
        MBlock& x = f.blocks[i];
        if (x.term != TermKind::Exit && x.target == loop.header) x.target = ph;
        if (x.term == TermKind::Branch && x.fall == loop.header) x.fall = ph;
    }
    f.blocks.push_back(b);
    return ph;
}

// Where the SSY of branch `b` goes: b itself, or the header of the outermost loop holding b
// but not P (returned negated-minus-one so the caller makes its preheader).
const Loop* hoist_loop(const std::vector<Loop>& loops, int b, int p) {
    const Loop* best = nullptr;
    for (const Loop& l : loops)
        if (l.body[std::size_t(b)] && !l.body[std::size_t(p)] && (!best || l.size > best->size)) best = &l;
    return best;
}

bool dominates_all(const Cfg& c, int s, const BlockSet& members) {
    for (std::size_t x = 0; x < members.size(); ++x)
        if (members[x] && !c.dom[x][std::size_t(s)]) return false;
    return true;
}

// The region an edge from `n` to `p` belongs to: the innermost one joining at p that
// holds n (or whose SSY n executes). -1: none.
int innermost(const std::vector<Region>& regions, int n, int p, int except) {
    int best = -1;
    for (std::size_t i = 0; i < regions.size(); ++i) {
        const Region& r = regions[i];
        if (int(i) == except || r.join_target != p) continue;
        const bool holds = (std::size_t(n) < r.members.size() && r.members[std::size_t(n)]) || r.ssy_block == n;
        if (holds && (best < 0 || r.size < regions[std::size_t(best)].size)) best = int(i);
    }
    return best;
}

void build_joins(MFunction& f, std::vector<Region>& regions) {
    const std::size_t n = f.blocks.size();
    for (Region& r : regions) {
        r.join_block = int(f.blocks.size());
        MBlock j;
        j.name = f.label_prefix + "J" + std::to_string(r.join_block);
        j.is_join = true;
        j.term = TermKind::Jump;
        j.line = f.blocks[std::size_t(r.join_target)].line;
        f.blocks.push_back(j);
    }
    for (std::size_t i = 0; i < regions.size(); ++i) {
        const int parent = innermost(regions, regions[i].ssy_block, regions[i].join_target, int(i));
        // The SSY block itself is not a member of its own region; a parent holding it is outer.
        f.blocks[std::size_t(regions[i].join_block)].target =
            parent >= 0 ? regions[std::size_t(parent)].join_block : regions[i].join_target;
    }
    for (std::size_t b = 0; b < n; ++b) {
        MBlock& blk = f.blocks[b];
        for (int* slot : {&blk.target, &blk.fall}) {
            if (*slot < 0 || (slot == &blk.fall && blk.term != TermKind::Branch) || blk.term == TermKind::Exit)
                continue;
            const int r = innermost(regions, int(b), *slot, -1);
            if (r >= 0) *slot = regions[std::size_t(r)].join_block;
        }
    }
    std::vector<const Region*> order;
    for (const Region& r : regions) order.push_back(&r);
    std::sort(order.begin(), order.end(), [](const Region* a, const Region* b) { return a->size > b->size; });
    for (const Region* r : order) {
        MInst ssy;
        ssy.text = "SSY " + f.blocks[std::size_t(r->join_block)].name;
        ssy.line = f.blocks[std::size_t(r->ssy_block)].line;
        f.blocks[std::size_t(r->ssy_block)].insts.push_back(ssy);
    }
}

int exit_of(const MFunction& f) {
    for (std::size_t b = 0; b < f.blocks.size(); ++b)
        if (f.blocks[b].name == f.label_prefix + "EXIT") return int(b);
    return int(f.blocks.size()) - 1;
}

void place(const std::vector<std::vector<int>>& placed_before, int b, std::vector<int>& out) {
    for (const int x : placed_before[std::size_t(b)]) place(placed_before, x, out);
    out.push_back(b);
}

// Layout: the original order; a preheader or join block right before the block it jumps to.
std::vector<int> place_blocks(const MFunction& f, const std::vector<int>& before) {
    std::vector<std::vector<int>> placed_before(f.blocks.size());
    for (std::size_t b = 0; b < before.size(); ++b)
        if (before[b] >= 0) placed_before[std::size_t(before[b])].push_back(int(b));
    std::vector<int> all, order;
    for (std::size_t b = 0; b < f.blocks.size(); ++b)
        if (before[b] < 0) place(placed_before, int(b), all);
    const Cfg c = analyse(f, int(before.size()) > 0 ? exit_of(f) : 0);
    for (const int b : all)
        if (c.reachable[std::size_t(b)]) order.push_back(b);  // unreachable code is not emitted
    return order;
}

}  // namespace

std::vector<int> structurize(MFunction& f) {
    const int exit_block = int(f.blocks.size()) - 1;
    Cfg c = analyse(f, exit_block);
    const std::vector<Loop> loops = find_loops(f, c);
    std::map<int, int> preheader;  // loop header -> preheader block
    std::map<std::pair<int, int>, Region> regions;
    const std::size_t n0 = f.blocks.size();
    for (std::size_t b = 0; b < n0; ++b) {
        const MBlock& blk = f.blocks[b];
        if (!c.reachable[b] || blk.term != TermKind::Branch || blk.uniform || blk.target == blk.fall) continue;
        const int p = c.ipdom[b];
        if (p < 0)  // the post-dominator sets give no single join (the PTX fuzzer's crafted flow)
            throw CompileError(blk.line,
                               "line " + std::to_string(blk.line) + ": a branch whose paths never join again");
        int s = int(b);
        if (const Loop* l = hoist_loop(loops, int(b), p)) {
            if (!preheader.count(l->header)) preheader[l->header] = make_preheader(f, *l);
            s = preheader[l->header];
        }
        regions.emplace(std::make_pair(s, p), Region{s, p, {}, 0, -1});
    }
    c = analyse(f, exit_block);
    std::vector<Region> list;
    for (auto& [key, r] : regions) {
        r.members = region_members(c, r.ssy_block, r.join_target, f.blocks.size(), true);
        if (!dominates_all(c, r.ssy_block, r.members)) continue;
        r.size = int(r.members.count());
        list.push_back(r);
    }
    build_joins(f, list);
    std::vector<int> before(f.blocks.size(), -1);  // block -> the block it is laid out before
    for (const auto& [h, ph] : preheader) before[std::size_t(ph)] = h;
    for (const Region& r : list) before[std::size_t(r.join_block)] = f.blocks[std::size_t(r.join_block)].target;
    return place_blocks(f, before);
}

}  // namespace fgtlm::compiler
