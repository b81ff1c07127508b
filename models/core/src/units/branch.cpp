// Execute stage, branch unit: BRA/SSY/join/CAL/RET/BAR/TRAP and the warp stack.
// The semantics are described in models/sm/README.md ("Divergence and the warp stack").
#include <string>

#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::core {

using isa::Opcode;

bool SmCore::push(ExecContext& ctx, StackKind kind, std::uint32_t pc, std::uint32_t mask) {
    WarpState& w = warps_[ctx.warp_slot];
    if (w.depth >= cfg_.stack_depth) {
        fail(KernelErrorKind::StackOverflow, ctx.warp_slot, 0,
             "warp stack holds " + std::to_string(cfg_.stack_depth) + " entries");
        return false;
    }
    w.stack[w.depth++] = StackEntry{kind, pc, mask};
    return true;
}

void SmCore::finish_warp(std::uint32_t slot) {
    WarpState& w = warps_[slot];
    if (w.status == WarpStatus::Done) return;
    w.status = WarpStatus::Done;
    w.active = 0;
    --warps_live_;
    BlockState& b = blocks_[w.block_slot];
    ++b.warps_done;
    if (b.warps_at_barrier != 0 && cfg_.strict_barrier) {
        fail(KernelErrorKind::BarrierDeadlock, slot, 0,
             "warp finished while " + std::to_string(b.warps_at_barrier) + " warp(s) of its block wait at BAR");
    }
    if (b.warps_done == b.num_warps) {
        b.active = false;
        if (cost_ != nullptr) cost_->on_block_end(cfg_.sm_id, b.block);
        for (ExecutionObserver* o : observers_) o->on_block_end(cfg_.sm_id, b.block);
    }
}

// The current path has no thread left: resume the innermost pending path.
bool SmCore::unwind(ExecContext& ctx) {
    WarpState& w = warps_[ctx.warp_slot];
    while (w.active == 0) {
        if (w.depth == 0) {
            finish_warp(ctx.warp_slot);
            ctx.rec.warp_done = true;
            return !failed();
        }
        const StackEntry e = w.stack[--w.depth];
        w.active = e.mask & ~w.exited;
        switch (e.kind) {
            case StackKind::Div:
            case StackKind::Call:
                w.pc = e.pc;
                break;
            case StackKind::Sync:
                // Every surviving thread of the SSY region has executed the join already.
                w.pc = w.join_seen ? w.join_next_pc : e.pc;
                break;
        }
        ctx.rec.reconverged = true;
    }
    next_pc_set_ = true;
    return true;
}

bool SmCore::exit_threads(ExecContext& ctx, std::uint32_t mask) {
    WarpState& w = warps_[ctx.warp_slot];
    w.exited |= mask;
    w.active &= ~mask;
    if (w.active == 0) return unwind(ctx);
    return true;
}

// A join (.S) instruction has executed: pop one entry.
bool SmCore::join(ExecContext& ctx, std::uint32_t next_pc) {
    WarpState& w = warps_[ctx.warp_slot];
    if (w.depth == 0) {
        fail(KernelErrorKind::StackUnderflow, ctx.warp_slot, 0, "join (.S) with an empty warp stack");
        return false;
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
            fail(KernelErrorKind::StackUnderflow, ctx.warp_slot, 0, "join (.S) inside a subroutine without SSY");
            return false;
    }
    if (w.active == 0) return unwind(ctx);
    return true;
}

bool SmCore::arrive_barrier(ExecContext& ctx) {
    WarpState& w = warps_[ctx.warp_slot];
    BlockState& b = blocks_[w.block_slot];
    w.pc = ctx.pc + ctx.inst->size_bytes();
    next_pc_set_ = true;
    if (b.warps_done != 0 && cfg_.strict_barrier) {
        fail(KernelErrorKind::BarrierDeadlock, ctx.warp_slot, 0,
             std::to_string(b.warps_done) + " warp(s) of the block finished and can never reach the barrier");
        return false;
    }
    ++b.warps_at_barrier;
    const std::uint32_t needed = cfg_.strict_barrier ? b.num_warps : b.num_warps - b.warps_done;
    if (b.warps_at_barrier >= needed) {
        for (std::uint32_t i = 0; i < b.num_warps; ++i) {
            WarpState& o = warps_[b.first_warp + i];
            if (o.status == WarpStatus::AtBarrier) o.status = WarpStatus::Ready;
        }
        b.warps_at_barrier = 0;
    } else {
        w.status = WarpStatus::AtBarrier;
    }
    return true;
}

// branch_exec_unit.vhd (CHECK_RETURN): with a non-empty warp stack a RET pops the top entry
// and continues with its mask and address whatever the guard says (a `RET C0.NE` inside a
// subroutine returns the whole warp to the caller, even when no thread's guard holds). Only
// with an empty stack does the guard matter: those threads finish (exit_threads).
bool SmCore::rtl_return(ExecContext& ctx) {
    WarpState& w = warps_[ctx.warp_slot];
    const StackEntry e = w.stack[--w.depth];
    w.active = e.mask & ~w.exited;
    w.pc = e.pc;
    ctx.rec.branch_taken = true;
    ctx.rec.reconverged = true;
    if (w.active == 0) return unwind(ctx);
    return true;
}

bool BranchFunction::execute(ExecContext& ctx) { return core_.exec_flow(ctx); }

bool SmCore::exec_flow(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.inst;
    WarpState& w = warps_[ctx.warp_slot];
    const std::uint32_t next = ctx.pc + in.size_bytes();
    const std::uint32_t m = ctx.exec_mask;
    switch (in.op) {
        case Opcode::NOP:
            return true;  // PC advance and .S handled by write-back
        case Opcode::BRA: {
            const std::uint32_t not_taken = w.active & ~m;
            next_pc_set_ = true;
            if (m == 0) {
                w.pc = next;
            } else if (not_taken == 0) {
                w.pc = in.target;
                ctx.rec.branch_taken = true;
            } else {
                // Divergence: the fall-through path waits on the stack, the taken path runs first.
                if (!push(ctx, StackKind::Div, next, not_taken)) return false;
                w.active = m;
                w.pc = in.target;
                ctx.rec.branch_taken = true;
                ctx.rec.diverged = true;
            }
            return true;
        }
        case Opcode::SSY:
            if (!push(ctx, StackKind::Sync, in.target, w.active)) return false;
            w.join_seen = false;
            w.pc = next;
            next_pc_set_ = true;
            return true;
        case Opcode::CAL:
            next_pc_set_ = true;
            if (m == 0) {
                w.pc = next;
                return true;
            }
            // Threads whose guard failed wait at the return address with the callers.
            if (!push(ctx, StackKind::Call, next, w.active)) return false;
            w.active = m;
            w.pc = in.target;
            ctx.rec.branch_taken = true;
            return true;
        case Opcode::RET: {
            next_pc_set_ = true;
            w.pc = next;
            if (cfg_.semantics == Semantics::Rtl && w.depth != 0) return rtl_return(ctx);
            if (m == 0) return true;
            bool in_call = false;
            for (std::uint32_t i = w.depth; i-- > 0;)
                if (w.stack[i].kind == StackKind::Call) { in_call = true; break; }
            ctx.rec.branch_taken = true;
            if (!in_call) return exit_threads(ctx, m);  // return from the kernel
            // Return from a subroutine: these threads wait in the CAL frame for the others.
            w.active &= ~m;
            if (w.active == 0) return unwind(ctx);
            return true;
        }
        case Opcode::KIL:
            next_pc_set_ = true;
            w.pc = next;
            return m == 0 ? true : exit_threads(ctx, m);
        case Opcode::BAR:
            ctx.rec.barrier = true;
            return arrive_barrier(ctx);
        case Opcode::TRAP:
            fail(KernelErrorKind::IllegalInstruction, ctx.warp_slot, 0, "TRAP executed");
            return false;
        case Opcode::BRK:
        case Opcode::PBK:
        default:
            fail(KernelErrorKind::IllegalInstruction, ctx.warp_slot, 0, "flow-control opcode FlexGripPlus does not execute");
            return false;
    }
}

void SmCore::fill_record(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.inst;
    const WarpState& w = warps_[ctx.warp_slot];
    IssueRecord& r = ctx.rec;
    r.inst = &in;
    r.sm = cfg_.sm_id;
    r.block = w.block;
    r.warp = w.warp_in_block;
    r.warp_slot = ctx.warp_slot;
    r.pc = ctx.pc;
    r.active_mask = ctx.exec_mask;
    r.issue_mask = ctx.issue_mask;
    r.shared_operands = r.const_operands = 0;
    for (std::uint32_t i = 0; i < 3; ++i) {
        r.src_regs[i] = 0xff;
        if (i >= in.num_src) continue;
        const isa::Operand& o = in.src[i];
        switch (o.kind) {
            case isa::OperandKind::Reg: case isa::OperandKind::RegLo: case isa::OperandKind::RegHi:
            case isa::OperandKind::Global:
                r.src_regs[i] = o.reg;
                break;
            case isa::OperandKind::Shared: ++r.shared_operands; break;
            case isa::OperandKind::Const: ++r.const_operands; break;
            default: break;
        }
    }
    const isa::OperandKind dk = in.dst.kind;
    const bool gpr = dk == isa::OperandKind::Reg || dk == isa::OperandKind::RegLo || dk == isa::OperandKind::RegHi;
    r.dst_reg = gpr ? in.dst.reg : 0xff;
    r.dst_dropped = gpr && write_dropped(in.dst);
    r.stack_depth = w.depth;
}

}  // namespace fgtlm::core
