// The calibrated model's work of each pipeline stage for one warp instruction (cycles a stage is
// busy with it, before any waiting): what README.md's "Model" formulas say, stage by stage.
#include <fgtlm/timing/timing_model.hpp>

#include "stage_index.hpp"

#include <algorithm>
#include <bit>

namespace fgtlm::timing {

namespace {

using namespace stage_index;

// Stack pushes that are not visible as divergence: SSY and CAL always push an entry.
bool pushes_stack(const core::IssueRecord& rec) { return rec.diverged || rec.flags.has(core::FormFlag::PushesStack); }

// A RET that returns from a CAL (not the warp's last RET) pops the call's stack entry.
bool returns_from_call(const core::IssueRecord& rec) { return rec.flags.has(core::FormFlag::Return) && !rec.warp_done; }

bool writes_back(const core::IssueRecord& rec) {
    return rec.dst_reg != 0xff || rec.flags.has(core::FormFlag::SetsPred);
}

}  // namespace

TimingModel::StageWork TimingModel::stage_work(const core::IssueRecord& rec, SmState& sm) const {
    StageWork w;
    w.cycles[kFetch] = p_.fetch_cycles;
    w.cycles[kDecode] = p_.decode_cycles;
    w.cycles[kRead] = read_work(rec, sm);
    w.cycles[kExec] = exec_work(rec, sm, w);
    w.cycles[kWrite] = write_work(rec, sm);
    return w;
}

std::uint64_t TimingModel::read_work(const core::IssueRecord& rec, SmState& sm) const {
    // RTL (pipeline_read.vhd): a NOP without the join marker goes from IDLE straight to
    // READ_OPS_DONE: no pass, no guard, no operand.
    if (rec.flags.has(core::FormFlag::IdleRead)) return p_.read_base_cycles;
    const std::uint64_t passes = p_.passes();
    // Bank conflicts of shared operand reads: a conflict-free shared access fits the pass
    // budget; each extra conflict way serialises.
    const std::uint32_t read_conflict = std::max<std::uint32_t>(1, rec.shared_read_conflict_degree);
    std::uint32_t reg_operands = 0;
    for (std::uint8_t r : rec.src_regs) reg_operands += r != 0xff ? 1 : 0;
    const std::uint64_t shared_read =
        std::uint64_t(rec.shared_operands) * passes *
        (p_.read_shared_cycles_per_pass + (read_conflict - 1) * p_.shared_conflict_cycles_per_way);
    const std::uint64_t const_read =
        std::uint64_t(rec.const_operands) * (p_.read_const_cycles + passes * p_.read_const_cycles_per_pass);
    sm.stats.shared_busy += shared_read;
    sm.stats.constant_busy += const_read;
    // One source of memory time: a shared/constant memory without DMI (a probe, a user's model)
    // annotates its delay; it replaces the calibrated read time when longer, never adds to it.
    const std::uint64_t memory_read = std::max<std::uint64_t>(shared_read + const_read, rec.operand_latency_cycles);
    std::uint64_t read = p_.read_base_cycles + passes * p_.read_cycles_per_pass +
                         reg_operands * passes * p_.read_reg_cycles_per_pass + memory_read;
    if (rec.flags.has(core::FormFlag::ReadsGuard))
        read += p_.read_guard_cycles + passes * p_.read_guard_cycles_per_pass;
    return read;
}

std::uint64_t TimingModel::exec_work(const core::IssueRecord& rec, SmState& sm, StageWork& w) const {
    std::uint64_t exec = p_.exec_base_cycles + unit_work(rec, sm, w);
    if (rec.barrier) exec += p_.barrier_cycles;
    return exec;
}

std::uint64_t TimingModel::unit_work(const core::IssueRecord& rec, SmState& sm, StageWork& w) const {
    const std::uint64_t passes = p_.passes();
    switch (rec.unit) {
        case core::UnitId::SP:
        case core::UnitId::None: return passes * p_.sp_cycles_per_pass;
        case core::UnitId::FPU: {
            w.unit = {UnitLatency::Fpu, p_.fpu_latency};
            const bool arith = rec.flags.has(core::FormFlag::FloatArith);
            return passes * p_.fpu_cycles_per_pass + p_.fpu_latency +
                   (arith ? passes * p_.fpu_arith_cycles_per_pass : 0);
        }
        case core::UnitId::SFU: {
            // RTL: the SFU's fixed evaluation time hides part of the lanes' per-pass work, so an
            // SFU instruction gains less from more lanes than an SP one.
            const std::uint64_t fill =
                p_.sfu_latency - std::min<std::uint64_t>(p_.sfu_latency, passes * p_.sfu_pass_overlap_cycles);
            w.unit = {UnitLatency::Sfu, fill};
            return (std::uint64_t(p_.warp_size) + p_.sfu_units - 1) / p_.sfu_units * p_.sfu_cycles_per_thread + fill;
        }
        case core::UnitId::Branch: {
            // Guards and branch conditions are evaluated per thread, one pass at a time.
            std::uint64_t c = passes * p_.sp_cycles_per_pass + p_.branch_cycles;
            if (pushes_stack(rec)) c += p_.diverge_push_cycles;
            // RTL: a join (marker .S) pops in the read stage after the guard read (CHECK_JOIN,
            // REQUEST_STACK); a RET takes its return address from the stack without the guard
            // read (the traces: NOP.S 68 cycles, RET from a call 43, at 8 lanes).
            if (returns_from_call(rec))
                c += p_.return_pop_cycles;
            else if (rec.reconverged)
                c += p_.reconverge_pop_cycles;
            return c;
        }
        case core::UnitId::Memory:
        case core::UnitId::Texture:  // TEX: a global-memory access (texels read through the controller)
            return memory_unit_work(rec, sm, w);
    }
    return 0;
}

std::uint64_t TimingModel::memory_unit_work(const core::IssueRecord& rec, SmState& sm, StageWork& w) const {
    const std::uint64_t passes = p_.passes();
    std::uint64_t c = passes * p_.sp_cycles_per_pass;  // address generation, one pass at a time
    if (rec.mem.space == core::MemSpace::Global) {
        // The accesses themselves go through the shared controller (global_access_end).
        c += p_.global_issue_cycles;
        w.global_access = true;
        w.unit = {UnitLatency::Global, p_.global_latency_cycles};
    } else if (rec.mem.space == core::MemSpace::None && rec.shared_operands > 0) {
        c += passes * p_.load_cycles_per_pass;                                         // MOV Rd, g[...]
    } else if (rec.mem.space == core::MemSpace::Constant || rec.const_operands > 0) {  // MVC
        // RTL: MVC costs what MOV Rd, g[x] costs at every lane count (107 / 65 cycles).
        c += p_.constant_latency_cycles + passes * p_.load_cycles_per_pass;
        sm.stats.constant_busy += p_.constant_latency_cycles + passes * p_.load_cycles_per_pass;
    }
    return c;
}

std::uint64_t TimingModel::write_work(const core::IssueRecord& rec, SmState& sm) const {
    const std::uint64_t passes = p_.passes();
    std::uint64_t write = p_.write_base_cycles + passes * p_.write_cycles_per_pass;
    if (writes_back(rec)) write += passes * p_.write_reg_cycles_per_pass;
    // The data of a global load come back and are written to the register file one pass at a
    // time (the traces: GLD commits 25 / 9 / 4 cycles after a GST of the same width at
    // 8 / 16 / 32 lanes).
    if (rec.mem.space == core::MemSpace::Global && !rec.mem.is_store) write += passes * p_.global_load_cycles_per_pass;
    // RTL: a shared store, or a shared read indexed by an address register, goes thread by thread.
    const std::uint64_t shared_serial = std::uint64_t(rec.flags.indexed_shared) *
                                        std::uint64_t(std::popcount(rec.active_mask)) * p_.shared_thread_cycles;
    write += shared_serial;
    sm.stats.shared_busy += shared_serial;
    if (rec.mem.space == core::MemSpace::Shared && rec.mem.is_store) {
        // Bank conflicts of a shared store: each extra way serialises.
        const std::uint64_t extra_ways = std::max<std::uint32_t>(1, rec.mem.bank_conflict_degree) - 1;
        const std::uint64_t store = std::max<std::uint64_t>(  // the controller's annotated delay, if longer
            passes * (p_.shared_write_cycles_per_pass + extra_ways * p_.shared_conflict_cycles_per_way),
            rec.mem.latency_cycles);
        write += store;
        sm.stats.shared_busy += store;
    }
    return write;
}

}  // namespace fgtlm::timing
