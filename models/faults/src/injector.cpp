#include <fgtlm/faults/injector.hpp>

#include <fgtlm/isa/decoder.hpp>

#include <fgtlm/faults/core_access.hpp>

namespace fgtlm::faults {

using isa::Opcode;

bool is_in_flight(Structure s) {
    return s == Structure::Inst || s == Structure::SpResult || s == Structure::FpuResult || s == Structure::SfuResult;
}

Structure result_unit(Opcode op) {
    switch (op) {
        case Opcode::IADD:
        case Opcode::IMUL:
        case Opcode::IMAD:
        case Opcode::ISET:
        case Opcode::IMAX:
        case Opcode::IMIN:
        case Opcode::SHL:
        case Opcode::SHR:
        case Opcode::LOP:
        case Opcode::I2I:
        case Opcode::MOV:
        case Opcode::MVC:
        case Opcode::A2R:
        case Opcode::R2A:
        case Opcode::P2R:
        case Opcode::R2P:
        case Opcode::ADA: return Structure::SpResult;
        case Opcode::FADD:
        case Opcode::FMUL:
        case Opcode::FMAD:
        case Opcode::FSET:
        case Opcode::FMAX:
        case Opcode::FMIN:
        case Opcode::RRO:
        case Opcode::I2F:
        case Opcode::F2I:
        case Opcode::F2F: return Structure::FpuResult;
        case Opcode::RCP:
        case Opcode::RSQ:
        case Opcode::LG2:
        case Opcode::SIN:
        case Opcode::COS:
        case Opcode::EX2: return Structure::SfuResult;
        default: return Structure::Count;
    }
}

template <class T>
void Injector::hit(T& cell, std::uint32_t bit) {
    const T before = cell;
    const T m = T(T(1) << bit);
    switch (fault_.model) {
        case FaultModel::Flip: cell = T(cell ^ m); break;
        case FaultModel::Stuck0: cell = T(cell & T(~m)); break;
        case FaultModel::Stuck1: cell = T(cell | m); break;
    }
    activated = activated || cell != before;
}

StateView view_of(Machine& m) {
    return {m.sm(),
            m.global().data(),
            m.global().size(),
            m.constant().data(),
            m.constant().size(),
            m.image().launch.regs_per_thread};
}

bool Injector::apply_state(const StateView& v) {
    core::SmCore& sm = v.sm;
    const Fault& f = fault_;
    const std::uint32_t warps = sm.num_warps();
    const std::uint32_t regs = sm.num_warps() == 0 ? 0 : v.regs_per_thread;
    switch (f.structure) {
        case Structure::Gpr:
            if (f.a >= warps * regs) return false;
            hit(CoreAccess::reg_cell(sm, f.a, f.b), f.bit);
            return true;
        case Structure::Pred:
            if (f.a >= warps) return false;
            hit(sm.pred(f.a, f.b, f.c), f.bit);
            return true;
        case Structure::Areg:
            if (f.a >= warps) return false;
            hit(sm.areg(f.a, f.b, f.c), f.bit);
            return true;
        case Structure::Shared:
            if (f.a >= sm.config().shared_bytes) return false;
            hit(sm.shared()[f.a], f.bit);
            return true;
        case Structure::Const:
            if (f.a >= v.constant_bytes) return false;
            hit(v.constant[f.a], f.bit);
            return true;
        case Structure::Global:
            if (f.a >= v.global_bytes) return false;
            hit(v.global[f.a], f.bit);
            return true;
        case Structure::Pc:
            if (f.a >= warps) return false;
            hit(CoreAccess::warp(sm, f.a).pc, f.bit);
            return CoreAccess::warp(sm, f.a).status != core::WarpStatus::Done;
        case Structure::Mask:
            if (f.a >= warps) return false;
            hit(CoreAccess::warp(sm, f.a).active, f.bit);
            return CoreAccess::warp(sm, f.a).status != core::WarpStatus::Done;
        case Structure::Stack: {
            if (f.a >= warps) return false;
            core::WarpState& w = CoreAccess::warp(sm, f.a);
            core::StackEntry& e = w.stack[f.b];
            hit(f.c == 0 ? e.pc : e.mask, f.bit);
            return f.b < w.depth;
        }
        case Structure::Barrier:
            if (f.a >= CoreAccess::num_blocks(sm)) return false;
            hit(CoreAccess::block(sm, f.a).warps_at_barrier, f.bit);
            return CoreAccess::block(sm, f.a).active;
        default: return false;  // in-flight structures act through the hooks
    }
}

void Injector::after_fetch(core::ExecContext& ctx) {
    if (!armed || fault_.structure != Structure::Inst) return;
    // The fetch latch holds 64 bits (pipeline_fetch.vhd's instruction_i): a short word's upper
    // half is zero there. The length the fetch read stays (ctx.fetch.next_pc): a flip of bit 0
    // changes how the word decodes, not where the warp goes next.
    std::uint32_t lo = ctx.fetch.inst->lo;
    std::uint32_t hi = ctx.fetch.inst->is_long() ? ctx.fetch.inst->hi : 0u;
    const std::uint32_t before_lo = lo, before_hi = hi;
    if (fault_.bit < 32)
        hit(lo, fault_.bit);
    else
        hit(hi, fault_.bit - 32);
    if (lo == before_lo && hi == before_hi) return;
    // Bit 0 of a 64-bit word cleared: the latch still holds the upper half (measured on the
    // Verilated RTL: such flips of GLD, I2I, RRO and EX2 words were Masked, of SHL words SDC).
    corrupted_ = ctx.fetch.inst->is_long() && (lo & 1u) == 0
                     ? core::decode_short_in_long_latch(policy_, lo, hi, ctx.fetch.pc)
                     : core::decode_under(policy_, lo, hi, ctx.fetch.pc, false);
    ctx.fetch.inst = &corrupted_;
    // The decode stage dispatches the word it is handed: its unit, latches and flags, and the
    // operand fields of its issue record. Only the resource the timing model charges stays the
    // fetched word's (the SystemC path's scheduler reserved it at issue).
    const core::UnitId timing = ctx.fetch.form.timing;
    ctx.fetch.form = core::form_info(corrupted_);
    ctx.fetch.form.timing = timing;
}

void Injector::after_execute(core::ExecContext& ctx) {
    if (!armed || !is_in_flight(fault_.structure) || fault_.structure == Structure::Inst) return;
    if (result_unit(ctx.fetch.inst->op) != fault_.structure || ctx.execute.res_regs == 0) return;
    if (((ctx.decode.exec_mask >> fault_.a) & 1u) == 0) return;
    hit(ctx.execute.res[0][fault_.a], fault_.bit);
}

bool run_with_fault(Machine& m, const Fault& fault, std::uint64_t max_steps) {
    Injector inj(fault, m.sm().config().rtl);
    const bool in_flight = is_in_flight(fault.structure);
    if (fault.model == FaultModel::Flip) {
        if (in_flight) {
            inj.armed = true;
            if (m.steps() < max_steps) m.step(inj);
        } else {
            inj.apply_state(m);
        }
        m.run_until(max_steps);
        return inj.activated;
    }
    // Permanent: force before every instruction (state) or inside every one (in flight).
    inj.armed = in_flight;
    while (m.status() == RunStatus::Running && m.steps() < max_steps) {
        if (!in_flight) inj.apply_state(m);
        if (in_flight)
            m.step(inj);
        else
            m.step();
    }
    if (!in_flight && m.status() == RunStatus::Done) inj.apply_state(m);
    return inj.activated;
}

}  // namespace fgtlm::faults
