#include <fgtlm/timing/timing_model.hpp>

#include "stage_index.hpp"

#include <fgtlm/core/launch.hpp>

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace fgtlm::timing {

const char* to_string(StallReason reason) {
    switch (reason) {
        case StallReason::Launch: return "launch";
        case StallReason::Barrier: return "barrier";
        case StallReason::Fetch: return "fetch";
        case StallReason::Read: return "operand_read";
        case StallReason::ExecSP: return "exec_sp";
        case StallReason::ExecFPU: return "exec_fpu";
        case StallReason::ExecSFU: return "exec_sfu";
        case StallReason::ExecBranch: return "exec_branch";
        case StallReason::ExecMemory: return "exec_memory";
        case StallReason::MemBandwidth: return "mem_bandwidth";
        case StallReason::Write: return "write_back";
        case StallReason::Count: break;
    }
    return "?";
}

const char* to_string(PipeStage stage) {
    switch (stage) {
        case PipeStage::Fetch: return "fetch";
        case PipeStage::Decode: return "decode";
        case PipeStage::Read: return "read";
        case PipeStage::Execute: return "execute";
        case PipeStage::Write: return "write";
        case PipeStage::Count: break;
    }
    return "?";
}

namespace {

using namespace stage_index;

StallReason exec_reason(const core::IssueRecord& rec) {
    switch (rec.unit) {
        case core::UnitId::SP: return StallReason::ExecSP;
        case core::UnitId::FPU: return StallReason::ExecFPU;
        case core::UnitId::SFU: return StallReason::ExecSFU;
        case core::UnitId::Branch: return StallReason::ExecBranch;
        case core::UnitId::Memory:
        case core::UnitId::Texture: return StallReason::ExecMemory;
        case core::UnitId::None: return StallReason::ExecSP;
    }
    return StallReason::ExecSP;
}

}  // namespace

TimingModel::TimingModel(const TimingParams& params, Mode mode) : p_(params), mode_(mode) {
    if (p_.sp_lanes == 0 || p_.sfu_units == 0 || p_.num_sms == 0 || p_.warp_size == 0) {
        throw std::invalid_argument("timing model: sm.sp_lanes, sm.sfu_units and gpu.num_sms must be > 0");
    }
    passes_ = p_.passes();
    sms_.resize(p_.num_sms);
    sm_count_ = std::uint32_t(sms_.size());
}

void TimingModel::begin_kernel(const core::LaunchConfig& launch) {
    warps_per_block_ = std::max<std::uint32_t>(1, (launch.threads_per_block() + p_.warp_size - 1) / p_.warp_size);
    blocks_per_sm_ = std::max<std::uint32_t>(1, launch.blocks_per_sm);
    // The SM controller's work per block of a batch (see TimingParams): header, parameter
    // words, one R0 write per thread, one warp-pool entry per warp.
    block_setup_cycles_ = std::uint64_t(p_.block_launch_cycles) +
                          std::uint64_t(launch.params.size()) * p_.launch_param_cycles +
                          std::uint64_t(launch.threads_per_block()) * p_.launch_thread_cycles +
                          std::uint64_t(warps_per_block_) * p_.launch_warp_cycles;
    global_mem_.reset();
    global_busy_total_ = 0;
    last_ = InstrTiming{};
    for (SmState& sm : sms_) {
        sm = SmState{};
        sm.warps.assign(std::size_t(warps_per_block_) * blocks_per_sm_, WarpTiming{});
        sm.blocks.assign(blocks_per_sm_, BlockSlot{});
        sm.hold_reason.fill(StallReason::Fetch);
        sm.dispatch_free = mode_ == Mode::Calibrated ? p_.kernel_launch_cycles : 0;
    }
}

TimingModel::SmState& TimingModel::sm_state(std::uint32_t sm) {
    if (sm >= sms_.size()) {
        // The GPU has more SMs than gpu.num_sms said: grow (once), do not crash.
        const std::size_t old = sms_.size();
        sms_.resize(sm + 1);
        sm_count_ = std::uint32_t(sms_.size());
        for (std::size_t i = old; i < sms_.size(); ++i) {
            sms_[i].warps.assign(std::size_t(warps_per_block_) * blocks_per_sm_, WarpTiming{});
            sms_[i].blocks.assign(blocks_per_sm_, BlockSlot{});
            sms_[i].hold_reason.fill(StallReason::Fetch);
            sms_[i].dispatch_free = mode_ == Mode::Calibrated ? p_.kernel_launch_cycles : 0;
        }
    }
    return sms_[sm];
}

TimingModel::BlockSlot* TimingModel::slot_for_block(SmState& sm, std::uint32_t block) {
    for (BlockSlot& slot : sm.blocks) {
        if (slot.active && slot.block == block) return &slot;
    }
    return nullptr;
}

void TimingModel::on_block_start(std::uint32_t sm_index, std::uint32_t block) {
    SmState& sm = sm_state(sm_index);
    if (sm.resident == 0) {
        // A new batch: FlexGripPlus dispatches the next batch only when the previous one is done.
        const std::uint64_t launch = mode_ == Mode::Calibrated ? p_.batch_launch_cycles : 0;
        sm.dispatch_free = std::max(sm.dispatch_free, sm.batch_done) + launch;
        for (WarpTiming& w : sm.warps) w.started = false;
    }
    BlockSlot* slot = nullptr;
    for (BlockSlot& s : sm.blocks) {
        if (!s.active) {
            slot = &s;
            break;
        }
    }
    if (slot == nullptr) {  // more resident blocks than blocks_per_sm: grow
        sm.blocks.emplace_back();
        slot = &sm.blocks.back();
    }
    *slot = BlockSlot{};
    slot->active = true;
    slot->block = block;
    slot->warps_alive = warps_per_block_;
    if (mode_ == Mode::Calibrated) {
        // RTL: the SM controller sets the batch's blocks up one after the other (header and
        // parameters, then thread IDs, then the warp generator), and the warp scheduler starts
        // only when all of them are done: every warp of the batch waits for dispatch_free.
        sm.dispatch_free += block_setup_cycles_;
        slot->start = sm.dispatch_free;
    } else {
        slot->start = std::max(sm.dispatch_free, sm.last_issue);
    }
    slot->last_complete = slot->start;
    sm.last_block_start = slot->start;
    ++sm.resident;
}

void TimingModel::on_block_end(std::uint32_t sm_index, std::uint32_t block) {
    SmState& sm = sm_state(sm_index);
    BlockSlot* slot = slot_for_block(sm, block);
    if (slot == nullptr) return;  // unknown block: nothing to account
    slot->active = false;
    sm.last_block_end = slot->last_complete;
    sm.batch_done = std::max(sm.batch_done, slot->last_complete);
    sm.stats.last_complete = std::max(sm.stats.last_complete, slot->last_complete);
    if (sm.resident > 0) --sm.resident;
}

TimingModel::WarpTiming& TimingModel::warp_for(SmState& sm, const core::IssueRecord& rec) {
    if (rec.warp_slot >= sm.warps.size()) sm.warps.resize(rec.warp_slot + 1);
    WarpTiming& warp = sm.warps[rec.warp_slot];
    if (!warp.started) {
        warp = WarpTiming{};
        warp.started = true;
        BlockSlot* slot = slot_for_block(sm, rec.block);
        if (slot == nullptr) {
            // Records without on_block_start (unit tests, simple drivers): implicit block.
            on_block_start(rec.sm, rec.block);
            slot = slot_for_block(sm, rec.block);
        }
        warp.block_slot = std::uint32_t(slot - sm.blocks.data());
        // The block scheduler dispatches the whole batch (shared headers, parameters, warp
        // creation) before its warps start executing.
        warp.ready = mode_ == Mode::Calibrated ? std::max(slot->start, sm.dispatch_free) : slot->start;
    }
    return warp;
}

void TimingModel::arrive_at_barrier(BlockSlot& slot, std::uint64_t when) {
    slot.bar_release = std::max(slot.bar_release, when);
    ++slot.bar_arrived;
    if (slot.bar_arrived >= slot.warps_alive) {
        slot.bar_prev_release = slot.bar_release + (mode_ == Mode::Calibrated ? p_.barrier_cycles : 0);
        slot.bar_arrived = 0;
        slot.bar_release = 0;
    }
}

void TimingModel::on_kernel_start(std::uint32_t sm) { sm_state(sm).clock = 0; }

std::uint64_t TimingModel::advance_clock(std::uint32_t sm_index, std::uint64_t target) {
    std::uint64_t& now = sm_state(sm_index).clock;
    const std::uint64_t delta = target > now ? target - now : 0;
    now += delta;
    return delta;
}

std::uint64_t TimingModel::batch_end_cycles(std::uint32_t sm) {
    return advance_clock(sm, sm_state(sm).stats.last_complete);
}

std::uint32_t TimingModel::pick_warp(std::uint32_t sm_index, std::uint32_t ready, std::uint32_t rr) {
    // Earliest ready time wins; ties keep the round-robin order starting at rr.
    SmState& sm = sm_state(sm_index);
    std::uint32_t best = rr;
    std::uint64_t best_ready = ~std::uint64_t(0);
    for (std::uint32_t i = 0; i < 32; ++i) {
        const std::uint32_t s = (rr + i) & 31u;
        if (!((ready >> s) & 1u)) continue;
        const bool known = s < sm.warps.size() && sm.warps[s].started;
        const std::uint64_t t = known ? sm.warps[s].ready : sm.dispatch_free;
        if (t < best_ready) {
            best_ready = t;
            best = s;
        }
    }
    return best;
}

[[gnu::hot]] std::uint64_t TimingModel::on_issue(const core::IssueRecord& rec) {
    // The SM and warp already known (every issue but a warp's first): no growth checks.
    SmState& sm = rec.sm < sm_count_ ? sms_[rec.sm] : sm_state(rec.sm);
    WarpTiming& warp = rec.warp_slot < sm.warps.size() && sm.warps[rec.warp_slot].started ? sm.warps[rec.warp_slot]
                                                                                          : warp_for(sm, rec);
    BlockSlot& slot = sm.blocks[warp.block_slot];

    last_.stall.fill(0);
    last_.barrier_wait = 0;
    last_.mem_start = last_.mem_end = 0;
    if (warp.at_barrier) {
        // The functional core only lets the warp go on after every warp arrived, so the
        // release time is known now.
        warp.at_barrier = false;
        if (slot.bar_prev_release > warp.ready) {
            last_.barrier_wait = slot.bar_prev_release - warp.ready;
            last_.stall[std::size_t(StallReason::Barrier)] += std::uint32_t(last_.barrier_wait);
            warp.ready = slot.bar_prev_release;
        }
    }
    if (sm.stats.instructions == 0) sm.stats.first_issue = warp.ready;

    if (mode_ == Mode::Fixed) {
        issue_lt(rec, sm, warp);
        // Fixed mode stalls only for a barrier and for the previous instruction (fetch).
        for (const StallReason r : {StallReason::Barrier, StallReason::Fetch})
            sm.stats.stall[std::size_t(r)] += last_.stall[std::size_t(r)];
    } else {
        issue_at(rec, sm, warp);
        for (std::size_t r = 0; r < kNumStallReasons; ++r) sm.stats.stall[r] += last_.stall[r];
    }

    sm.stats.instructions++;
    sm.last_issue = last_.issue;
    sm.last_warp_slot = rec.warp_slot;
    sm.any_issued = true;
    warp.last_complete = last_.complete;
    slot.last_complete = std::max(slot.last_complete, last_.complete);
    sm.stats.last_complete = std::max(sm.stats.last_complete, last_.complete);

    if (rec.barrier) {
        warp.at_barrier = true;
        arrive_at_barrier(slot, last_.complete);
    }
    if (rec.warp_done) warp_finished(slot);
    const std::uint64_t delta = sm.last_issue > sm.clock ? sm.last_issue - sm.clock : 0;  // advance_clock
    sm.clock += delta;
    return delta;
}

void TimingModel::warp_finished(BlockSlot& slot) {
    if (slot.warps_alive > 0) --slot.warps_alive;
    // Warps still waiting at a barrier are released once every live warp arrived.
    if (slot.bar_arrived > 0 && slot.bar_arrived >= slot.warps_alive) {
        slot.bar_prev_release = slot.bar_release + p_.barrier_cycles;
        slot.bar_arrived = 0;
        slot.bar_release = 0;
    }
}

[[gnu::always_inline]] inline void TimingModel::issue_lt(const core::IssueRecord& rec, SmState& sm, WarpTiming& warp) {
    // The functional SM's own cost: warp instructions one after the other, 32/lanes each.
    // The SM in fixed mode adds a TLM target's annotated delay (slow path) to the instruction's cost.
    const std::uint64_t cost = passes_ + rec.mem.latency_cycles + rec.operand_latency_cycles;
    const std::uint64_t t = std::max(warp.ready, sm.stage_free[kFetch]);
    if (t > warp.ready) last_.stall[std::size_t(StallReason::Fetch)] += std::uint32_t(t - warp.ready);
    last_.ready = warp.ready;
    last_.issue = t;
    last_.start.fill(t);
    last_.end.fill(t + cost);
    last_.complete = t + cost;
    last_.exec_busy = cost;
    sm.stage_free.fill(t + cost);
    warp.ready = t + cost;
    sm.stats.unit_busy[std::size_t(rec.unit)] += cost;
    sm.stats.stage_busy[kExec] += cost;
}

void TimingModel::issue_at(const core::IssueRecord& rec, SmState& sm, WarpTiming& warp) {
    const StageWork work = stage_work(rec, sm);
    // Flow through the blocking pipeline.
    const std::array<StallReason, kNumStages> own{StallReason::Fetch, StallReason::Fetch, StallReason::Read,
                                                  exec_reason(rec), StallReason::Write};
    last_.ready = warp.ready;
    const std::uint64_t t0 = std::max(warp.ready, pipeline_front(rec, sm, work.unit));
    if (t0 > warp.ready) last_.stall[std::size_t(sm.hold_reason[kFetch])] += std::uint32_t(t0 - warp.ready);
    last_.issue = t0;
    flow_through_stages(rec, sm, work, own, t0);
    retire(rec, sm, warp, own);
}

std::uint64_t TimingModel::pipeline_front(const core::IssueRecord& rec, SmState& sm, const UnitLatency& unit) {
    // Without overlap (FlexGripPlus) the warp unit issues only into an empty pipeline.
    std::uint64_t front = p_.pipeline_overlap ? sm.stage_free[kFetch] : sm.pipeline_empty;
    // RTL: another warp's fetch may start while the previous instruction is still finishing,
    // and when both use the same pipelined unit (FPU, SFU, global memory path: the commit
    // traces show FMAD/FADD/GST of consecutive warps closer than any other pair) the second
    // one's passes follow the first one's through the unit: its fill latency is hidden too.
    if (!p_.pipeline_overlap && sm.any_issued && rec.warp_slot != sm.last_warp_slot) {
        std::uint64_t overlap = p_.warp_switch_overlap_cycles;
        if (unit.unit != UnitLatency::None && unit.unit == sm.last_unit.unit)
            overlap += std::min(unit.cycles, sm.last_unit.cycles);
        front = std::max(sm.last_issue, front - std::min<std::uint64_t>(front, overlap));
    }
    sm.last_unit = unit;
    return front;
}

void TimingModel::flow_through_stages(const core::IssueRecord& rec, SmState& sm, const StageWork& work,
                                      const std::array<StallReason, kNumStages>& own, std::uint64_t t0) {
    for (std::size_t s = 0; s < kNumStages; ++s) {
        std::uint64_t start = t0;
        if (s > 0) {
            start = std::max(last_.end[s - 1], sm.stage_free[s]);
            // The previous stage is released when this one accepts the instruction.
            sm.stage_free[s - 1] = start;
            if (start > last_.end[s - 1]) {
                const StallReason why = sm.hold_reason[s];
                last_.stall[std::size_t(why)] += std::uint32_t(start - last_.end[s - 1]);
                sm.hold_reason[s - 1] = why;  // the stage was held by a later bottleneck
            } else {
                sm.hold_reason[s - 1] = own[s - 1];
            }
        }
        std::uint64_t end = start + work.cycles[s];
        if (s == kExec && work.global_access) end = global_access_end(rec, sm, end);
        last_.start[s] = start;
        last_.end[s] = end;
        sm.stats.stage_busy[s] += end - start;
    }
}

std::uint64_t TimingModel::global_access_end(const core::IssueRecord& rec, SmState& sm, std::uint64_t want) {
    // One access per thread (or per transaction) through the controller shared by all SMs.
    const std::uint64_t accesses =
        p_.global_per_thread ? std::uint64_t(std::popcount(rec.active_mask)) : std::uint64_t(rec.mem.transactions);
    if (accesses == 0) return want;
    // RTL: the load/store unit also walks the warp's inactive threads.
    const std::uint64_t skipped = p_.warp_size - std::min<std::uint64_t>(p_.warp_size, std::popcount(rec.active_mask));
    // One source of memory time: the controller is busy for its own occupancy or for the time
    // the TLM target annotated on these accesses, whichever is longer (the calibrated occupancy
    // already contains FlexGripPlus' memory; a slower target replaces it, it does not add to it).
    const std::uint64_t occupancy = std::max<std::uint64_t>(
        accesses * (p_.global_cycles_per_access + std::uint64_t(p_.global_cycles_per_byte) * rec.mem.access_bytes) +
            skipped * p_.global_inactive_thread_cycles,
        rec.mem.latency_cycles);
    const auto [mem_start, mem_done] = global_mem_.book(want, occupancy);
    // Waiting for the controller: before the first access and in gaps between them.
    const std::uint64_t waited = (mem_done - want) - occupancy;
    if (waited != 0) last_.stall[std::size_t(StallReason::MemBandwidth)] += std::uint32_t(waited);
    global_busy_total_ += occupancy;
    sm.stats.global_mem_busy += occupancy;
    last_.mem_start = mem_start;
    last_.mem_end = mem_done + p_.global_latency_cycles;
    return last_.mem_end;
}

void TimingModel::retire(const core::IssueRecord& rec, SmState& sm, WarpTiming& warp,
                         const std::array<StallReason, kNumStages>& own) {
    sm.stage_free[kWrite] = last_.end[kWrite];
    sm.pipeline_empty = last_.end[kWrite];
    sm.hold_reason[kWrite] = StallReason::Write;
    // Serial issue: whoever waits for the pipeline waits for this instruction's busiest stage.
    if (!p_.pipeline_overlap) {
        std::size_t busiest = 0;
        for (std::size_t s = 1; s < kNumStages; ++s)
            if (last_.end[s] - last_.start[s] > last_.end[busiest] - last_.start[busiest]) busiest = s;
        sm.hold_reason[kFetch] = busiest == kExec && last_.mem_end != 0 ? StallReason::ExecMemory : own[busiest];
    }
    last_.complete = last_.end[kWrite];
    last_.exec_busy = last_.end[kExec] - last_.start[kExec];
    sm.stats.unit_busy[std::size_t(rec.unit)] += last_.exec_busy;
    // FlexGripPlus keeps one instruction per warp in flight: the warp is ready again once it
    // wrote back (optionally, once it left the read stage).
    warp.ready = p_.warp_waits_for_writeback ? last_.complete : last_.start[kExec];
}

std::uint64_t TimingModel::sm_cycle(std::uint32_t sm) const { return sm < sms_.size() ? sms_[sm].last_issue : 0; }

std::uint64_t TimingModel::kernel_cycles() const {
    std::uint64_t end = 0;
    for (const SmState& sm : sms_) end = std::max({end, sm.batch_done, sm.stats.last_complete});
    if (mode_ == Mode::Calibrated) end += p_.kernel_done_cycles;
    return end;
}

}  // namespace fgtlm::timing
