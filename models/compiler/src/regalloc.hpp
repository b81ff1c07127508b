// Register allocation: liveness over the final control-flow graph, one live interval per
// virtual register over the emitted order, linear scan onto R1..R(max-1) (R0 holds the
// thread index the hardware writes at launch and stays reserved).
#pragma once

#include "mir.hpp"

#include <vector>

namespace fgtlm::compiler {

struct Allocation {
    std::vector<int> phys;   // per vreg: GPR number, -1 = never referenced
    int regs_used = 1;       // registers per thread (highest used + 1, R0 included)
    std::vector<int> spill;  // non-empty: the allocation failed; these vregs must live in memory
};

// Linear scan onto R<first_reg>..R(max_regs-1) (below first_reg: the software float subroutines' registers);
// when more values are live it lists values to spill instead (never one marked in no_spill). Throws
// CompileError when only no_spill values are left.
Allocation allocate_registers(const MFunction& f, const std::vector<int>& order, int max_regs,
                              const std::vector<bool>& no_spill, int first_reg = 1);

// Spilling (spill.cpp): every use of a spilled vreg reloads it into a fresh short-lived vreg
// (MOV from the thread's spill slot, g[A2+k] / g[A3+k-32]) and every definition stores one
// back (R2G). slot_of (per vreg, -1 = none) and no_spill grow with the new vregs.
void rewrite_spills(MFunction& f, const std::vector<int>& spilled, std::vector<int>& slot_of, int& slots,
                    std::vector<bool>& no_spill);
// Allocation with spilling: rewrite and allocate again until it fits. Returns the slots used.
Allocation allocate_with_spills(MFunction& f, const std::vector<int>& order, int max_regs, int& slots,
                                int first_reg = 1);
constexpr int kMaxSpillSlots = 64;  // two address registers x 32 word offsets (MOV g[] has 5 bits)

}  // namespace fgtlm::compiler
