// Execute stage, branch unit: BRA/SSY/join/CAL/RET/KIL/BAR/TRAP and the warp stack. The unit
// works on the warp in the payload (ExecContext::warp) and asks the SM (WarpControl) for
// what reaches beyond it (units/branch_function.hpp). The semantics are described in
// models/sm/README.md ("Divergence and the warp stack").
#include <string>

#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::core {

using isa::Opcode;

bool BranchFunction::push(ExecContext& op, StackKind kind, std::uint32_t pc, std::uint32_t mask) {
    WarpState& w = *op.fetch.warp;
    if (w.depth >= cfg_.stack_depth)
        return unit_fail(op, KernelErrorKind::StackOverflow, 0,
                         "warp stack holds " + std::to_string(cfg_.stack_depth) + " entries");
    w.stack[w.depth++] = StackEntry{kind, pc, mask};
    return true;
}

// The current path has no thread left: resume the innermost pending path.
bool BranchFunction::unwind(ExecContext& op) {
    WarpState& w = *op.fetch.warp;
    while (w.active == 0) {
        if (w.depth == 0) {
            const bool ok = control_.finish_warp(op.fetch.warp_slot);
            op.writeback.rec.warp_done = true;
            return ok;
        }
        const StackEntry e = w.stack[--w.depth];
        w.active = e.mask & ~w.exited;
        switch (e.kind) {
            case StackKind::Div:
            case StackKind::Call: w.pc = e.pc; break;
            case StackKind::Sync:
                // Every surviving thread of the SSY region has executed the join already.
                w.pc = w.join_seen ? w.join_next_pc : e.pc;
                break;
        }
        op.writeback.rec.reconverged = true;
    }
    op.execute.next_pc_set = true;
    return true;
}

bool BranchFunction::exit_threads(ExecContext& op, std::uint32_t mask) {
    WarpState& w = *op.fetch.warp;
    w.exited |= mask;
    w.active &= ~mask;
    if (w.active == 0) return unwind(op);
    return true;
}

// A join (.S) instruction has executed: pop one entry.
bool BranchFunction::join(ExecContext& op, std::uint32_t next_pc) {
    WarpState& w = *op.fetch.warp;
    if (w.depth == 0) {
        // Under the RTL's reading the read stage has already restored the initial mask
        // (SmCore::join_on_empty_stack); there is nothing to pop and the warp runs on.
        if (cfg_.join_empty_stack) return true;
        return unit_fail(op, KernelErrorKind::StackUnderflow, 0, "join (.S) with an empty warp stack");
    }
    const StackEntry e = w.stack[--w.depth];
    w.join_next_pc = next_pc;
    w.join_seen = true;
    switch (e.kind) {
        case StackKind::Div:  // run the other path
            w.active = e.mask & ~w.exited;
            w.pc = e.pc;
            break;
        case StackKind::Sync:  // reconverged: continue after the join with the SSY mask
            w.active = e.mask & ~w.exited;
            w.pc = next_pc;
            break;
        case StackKind::Call:
            return unit_fail(op, KernelErrorKind::StackUnderflow, 0, "join (.S) inside a subroutine without SSY");
    }
    if (w.active == 0) return unwind(op);
    return true;
}

// branch_exec_unit.vhd (CHECK_RETURN): with a non-empty warp stack a RET pops the top entry
// and continues with its mask and address whatever the guard says (a `RET C0.NE` inside a
// subroutine returns the whole warp to the caller, even when no thread's guard holds). Only
// with an empty stack does the guard matter: those threads finish (exit_threads).
bool BranchFunction::rtl_return(ExecContext& op) {
    WarpState& w = *op.fetch.warp;
    const StackEntry e = w.stack[--w.depth];
    w.active = e.mask & ~w.exited;
    w.pc = e.pc;
    op.writeback.rec.branch_taken = true;
    op.writeback.rec.reconverged = true;
    if (w.active == 0) return unwind(op);
    return true;
}

bool BranchFunction::branch(ExecContext& op) {
    WarpState& w = *op.fetch.warp;
    const std::uint32_t next = op.fetch.next_pc;
    const std::uint32_t m = op.decode.exec_mask;
    const std::uint32_t not_taken = w.active & ~m;
    op.execute.next_pc_set = true;
    if (m == 0) {
        w.pc = next;
    } else if (not_taken == 0) {
        w.pc = op.fetch.inst->target;
        op.writeback.rec.branch_taken = true;
    } else {
        // Divergence: the fall-through path waits on the stack, the taken path runs first.
        if (!push(op, StackKind::Div, next, not_taken)) return false;
        w.active = m;
        w.pc = op.fetch.inst->target;
        op.writeback.rec.branch_taken = true;
        op.writeback.rec.diverged = true;
    }
    return true;
}

bool BranchFunction::call(ExecContext& op) {
    WarpState& w = *op.fetch.warp;
    const std::uint32_t next = op.fetch.next_pc;
    op.execute.next_pc_set = true;
    if (op.decode.exec_mask == 0) {
        w.pc = next;
        return true;
    }
    // Threads whose guard failed wait at the return address with the callers.
    if (!push(op, StackKind::Call, next, w.active)) return false;
    w.active = op.decode.exec_mask;
    w.pc = op.fetch.inst->target;
    op.writeback.rec.branch_taken = true;
    return true;
}

bool BranchFunction::ret(ExecContext& op) {
    WarpState& w = *op.fetch.warp;
    const std::uint32_t m = op.decode.exec_mask;
    op.execute.next_pc_set = true;
    w.pc = op.fetch.next_pc;
    if (cfg_.guarded_return && w.depth != 0) return rtl_return(op);
    if (m == 0) return true;
    bool in_call = false;
    for (std::uint32_t i = w.depth; i-- > 0;)
        if (w.stack[i].kind == StackKind::Call) {
            in_call = true;
            break;
        }
    op.writeback.rec.branch_taken = true;
    if (!in_call) return exit_threads(op, m);  // return from the kernel
    // Return from a subroutine: these threads wait in the CAL frame for the others.
    w.active &= ~m;
    if (w.active == 0) return unwind(op);
    return true;
}

[[gnu::hot]] bool BranchFunction::execute(ExecContext& op) {
    WarpState& w = *op.fetch.warp;
    const std::uint32_t next = op.fetch.next_pc;
    switch (op.fetch.inst->op) {
        case Opcode::NOP: return true;  // PC advance and .S handled by write-back
        case Opcode::BRA: return branch(op);
        case Opcode::SSY:
            if (!push(op, StackKind::Sync, op.fetch.inst->target, w.active)) return false;
            w.join_seen = false;
            w.pc = next;
            op.execute.next_pc_set = true;
            return true;
        case Opcode::CAL: return call(op);
        case Opcode::RET: return ret(op);
        case Opcode::KIL:
            op.execute.next_pc_set = true;
            w.pc = next;
            return op.decode.exec_mask == 0 ? true : exit_threads(op, op.decode.exec_mask);
        case Opcode::BAR:
            op.writeback.rec.barrier = true;
            w.pc = next;
            op.execute.next_pc_set = true;
            return control_.arrive_barrier(op.fetch.warp_slot);
        case Opcode::TRAP: return unit_fail(op, KernelErrorKind::IllegalInstruction, 0, "TRAP executed");
        default:  // BRK, PBK
            return unit_fail(op, KernelErrorKind::IllegalInstruction, 0,
                             "flow-control opcode FlexGripPlus does not execute");
    }
}

}  // namespace fgtlm::core
