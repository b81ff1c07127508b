// The branch unit of the SM: BRA, SSY and the join (.S), CAL/RET, KIL, BAR, NOP and TRAP.
//
// The unit works on the warp it is handed: ExecContext::warp (PC, active and exited masks,
// the divergence/call stack with its depth) and sets ExecContext::next_pc_set when it
// moved the PC itself. What reaches beyond that warp -- a warp that has no thread left
// (block completion, timing, observers) and the block's barrier -- it asks of the SM
// through the WarpControl interface. A kernel error is returned in ExecContext::error (the
// core records it), or recorded by the SM when WarpControl answers false. So a replacement
// branch unit bound to the SM (sm::BranchUnit's socket) needs the payload and a WarpControl.
// The semantics are described in models/sm/README.md ("Divergence and the warp stack").
#pragma once

#include <cstdint>

#include <fgtlm/core/rtl_policy.hpp>
#include <fgtlm/core/units/unit_function.hpp>
#include <fgtlm/core/warp_state.hpp>

namespace fgtlm::core {

// The SM's side of warp control (SmCore implements it).
class WarpControl {
public:
    virtual ~WarpControl() = default;
    // The warp has no thread left: it is done. false = the SM recorded a kernel error (a
    // warp finished while others of its block wait at a barrier).
    virtual bool finish_warp(std::uint32_t warp_slot) = 0;
    // The warp arrives at BAR (its PC already past it): counts it at the block's barrier and
    // releases the block's warps when all arrived. false = the SM recorded a kernel error.
    virtual bool arrive_barrier(std::uint32_t warp_slot) = 0;
};

struct BranchConfig {
    std::uint32_t stack_depth = 32;  // warp stack entries (SmCoreConfig::stack_depth)
    bool guarded_return = true;      // RtlPolicy::guarded_return: RET on a non-empty stack (rtl_return)
    bool join_empty_stack = true;    // RtlPolicy::join_empty_stack: a join with nothing to pop runs on
};

class BranchFunction final : public UnitFunction {
public:
    BranchFunction(WarpControl& control, const BranchConfig& cfg) : control_(control), cfg_(cfg) {}
    bool execute(ExecContext& op) override;

    // Stack operations write-back performs as well: the join of a .S instruction, and the
    // threads that end at an end marker.
    bool join(ExecContext& op, std::uint32_t next_pc);
    bool exit_threads(ExecContext& op, std::uint32_t mask);

private:
    bool branch(ExecContext& op);      // BRA
    bool call(ExecContext& op);        // CAL
    bool ret(ExecContext& op);         // RET
    bool rtl_return(ExecContext& op);  // RET with Semantics::Rtl and a non-empty stack
    bool push(ExecContext& op, StackKind kind, std::uint32_t pc, std::uint32_t mask);
    bool unwind(ExecContext& op);  // the active mask became empty: resume the next path

    WarpControl& control_;
    const BranchConfig& cfg_;
};

}  // namespace fgtlm::core
