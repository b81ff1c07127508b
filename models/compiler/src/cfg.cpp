#include "cfg.hpp"

#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

std::vector<int> successors(const MBlock& b) {
    switch (b.term) {
        case TermKind::Jump: return {b.target};
        case TermKind::Branch:
            return b.target == b.fall ? std::vector<int>{b.target} : std::vector<int>{b.target, b.fall};
        case TermKind::Exit: return {};
    }
    return {};
}

namespace {

BlockSet mark_reachable(const Cfg& c, std::size_t n) {
    BlockSet seen(n, false);
    std::vector<int> work{0};
    seen[0] = true;
    while (!work.empty()) {
        const int b = work.back();
        work.pop_back();
        for (const int s : c.succ[std::size_t(b)])
            if (!seen[std::size_t(s)]) seen[std::size_t(s)] = true, work.push_back(s);
    }
    return seen;
}

// Iterative (post-)dominator sets: d[b] = {b} + intersection of d over `edges`[b].
std::vector<BlockSet> dominator_sets(const Cfg& c, const std::vector<std::vector<int>>& edges, int root) {
    const std::size_t n = c.succ.size();
    std::vector<BlockSet> d(n, c.reachable);
    d[std::size_t(root)] = BlockSet(n, false);
    d[std::size_t(root)][std::size_t(root)] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t b = 0; b < n; ++b) {
            if (int(b) == root || !c.reachable[b]) continue;
            BlockSet next = c.reachable;
            bool any = false;
            for (const int e : edges[b]) {
                if (!c.reachable[std::size_t(e)]) continue;
                any = true;
                next &= d[std::size_t(e)];
            }
            if (!any) next = c.reachable;
            next[b] = true;
            if (next != d[b]) d[b] = std::move(next), changed = true;
        }
    }
    return d;
}

int count(const BlockSet& s) { return int(s.count()); }

}  // namespace

Cfg analyse(const MFunction& f, int exit_block) {
    Cfg c;
    const std::size_t n = f.blocks.size();
    c.succ.resize(n);
    c.pred.resize(n);
    for (std::size_t b = 0; b < n; ++b) {
        c.succ[b] = successors(f.blocks[b]);
        for (const int s : c.succ[b]) c.pred[std::size_t(s)].push_back(int(b));
    }
    c.reachable = mark_reachable(c, n);
    c.dom = dominator_sets(c, c.pred, 0);
    c.pdom = dominator_sets(c, c.succ, exit_block);
    c.ipdom.assign(n, -1);
    for (std::size_t b = 0; b < n; ++b) {
        if (!c.reachable[b] || int(b) == exit_block) continue;
        if (!c.pdom[b][std::size_t(exit_block)])
            throw CompileError(f.blocks[b].line, "line " + std::to_string(f.blocks[b].line) +
                                                     ": a loop that never exits (no path to the end of the kernel)");
        const int want = count(c.pdom[b]) - 1;
        for (std::size_t p = 0; p < n; ++p)
            if (p != b && c.pdom[b][p] && count(c.pdom[p]) == want) c.ipdom[b] = int(p);
    }
    return c;
}

std::vector<Loop> find_loops(const MFunction& f, const Cfg& c) {
    const std::size_t n = f.blocks.size();
    std::vector<Loop> loops;
    for (std::size_t b = 0; b < n; ++b) {
        if (!c.reachable[b]) continue;
        for (const int h : c.succ[b]) {
            if (!c.dom[b][std::size_t(h)]) continue;  // not a back edge
            Loop* loop = nullptr;
            for (Loop& l : loops)
                if (l.header == h) loop = &l;
            if (!loop) {
                loops.push_back(Loop{h, BlockSet(n, false), 0});
                loop = &loops.back();
                loop->body[std::size_t(h)] = true;
            }
            std::vector<int> work{int(b)};
            while (!work.empty()) {
                const int x = work.back();
                work.pop_back();
                if (loop->body[std::size_t(x)]) continue;
                loop->body[std::size_t(x)] = true;
                for (const int p : c.pred[std::size_t(x)]) work.push_back(p);
            }
        }
    }
    for (Loop& l : loops) l.size = count(l.body);
    return loops;
}

}  // namespace fgtlm::compiler
