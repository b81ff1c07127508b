// Register allocation: liveness over the final control-flow graph, one live interval per
// virtual register over the emitted order, linear scan onto R1..R(max-1) (R0 holds the
// thread index the hardware writes at launch and stays reserved).
#pragma once

#include "mir.hpp"

#include <vector>

namespace fgtlm::compiler {

struct Allocation {
    std::vector<int> phys;  // per vreg: GPR number, -1 = never referenced
    int regs_used = 1;      // registers per thread (highest used + 1, R0 included)
};

// Throws CompileError when more than max_regs registers would be live at once.
Allocation allocate_registers(const MFunction& f, const std::vector<int>& order, int max_regs);

}  // namespace fgtlm::compiler
