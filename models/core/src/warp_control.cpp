// The SM's side of warp control (units/branch_function.hpp): a warp that finished, and the
// block's barrier. The branch unit asks for these; the state is the SM's (blocks, warps).
#include <string>

#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::core {

bool SmCore::finish_warp(std::uint32_t slot) {
    WarpState& w = warps_[slot];
    if (w.status == WarpStatus::Done) return !failed();
    w.status = WarpStatus::Done;
    w.active = 0;
    --warps_live_;
    BlockState& b = blocks_[w.block_slot];
    ++b.warps_done;
    if (b.warps_at_barrier != 0 && cfg_.rtl.barrier_counts_exits) {
        fail(KernelErrorKind::BarrierDeadlock, slot, 0,
             "warp finished while " + std::to_string(b.warps_at_barrier) + " warp(s) of its block wait at BAR");
    }
    if (b.warps_done == b.num_warps) {
        b.active = false;
        if (cost_ != nullptr) cost_->on_block_end(cfg_.sm_id, b.block);
        for (ExecutionObserver* o : observers_) o->on_block_end(cfg_.sm_id, b.block);
    }
    return !failed();
}

bool SmCore::arrive_barrier(std::uint32_t slot) {
    WarpState& w = warps_[slot];
    BlockState& b = blocks_[w.block_slot];
    if (b.warps_done != 0 && cfg_.rtl.barrier_counts_exits) {
        fail(KernelErrorKind::BarrierDeadlock, slot, 0,
             std::to_string(b.warps_done) + " warp(s) of the block finished and can never reach the barrier");
        return false;
    }
    ++b.warps_at_barrier;
    const std::uint32_t needed = cfg_.rtl.barrier_counts_exits ? b.num_warps : b.num_warps - b.warps_done;
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

}  // namespace fgtlm::core
