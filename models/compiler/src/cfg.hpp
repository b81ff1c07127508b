// Control-flow analyses over machine IR: successors/predecessors, reachability, dominators,
// post-dominators (the function has one exit block) and natural loops.
#pragma once

#include "mir.hpp"

#include <vector>

#include <boost/dynamic_bitset.hpp>

namespace fgtlm::compiler {

// Sets of blocks (and, in the register allocator, of virtual registers): the data-flow loops
// combine them a machine word at a time.
using BlockSet = boost::dynamic_bitset<>;

std::vector<int> successors(const MBlock& b);

struct Cfg {
    std::vector<std::vector<int>> succ, pred;
    BlockSet reachable;
    std::vector<BlockSet> dom;   // dom[b][a]: a dominates b
    std::vector<BlockSet> pdom;  // pdom[b][a]: a post-dominates b
    std::vector<int> ipdom;      // immediate post-dominator (-1: none)
};

struct Loop {
    int header = -1;
    BlockSet body;
    int size = 0;
};

// Throws CompileError for a block that cannot reach the exit (an endless loop).
Cfg analyse(const MFunction& f, int exit_block);
// Natural loops of the back edges (target dominates source); irreducible flow is refused.
std::vector<Loop> find_loops(const MFunction& f, const Cfg& c);

}  // namespace fgtlm::compiler
