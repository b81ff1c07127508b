#include <fgtlm/faults/core_access.hpp>

#include <algorithm>
#include <iterator>

namespace fgtlm::faults {

void CoreAccess::copy_state(core::SmCore& dst, const core::SmCore& src) {
    dst.launch_ = src.launch_;
    dst.warps_per_block_ = src.warps_per_block_;
    dst.stride_ = src.stride_;
    // GPRs, predicates, address registers and GPR taint in one assignment: the vectors
    // have equal sizes in both cores, so this copies without allocating.
    dst.regs_ = src.regs_;
    dst.shared_taint_ = src.shared_taint_;
    dst.shared_ = src.shared_;
    dst.sync_memory_ports();  // the shared-taint vector may have been reallocated
    dst.stack_mem_ = src.stack_mem_;
    // Warps point at their stack inside their own core's stack memory: re-point after copying.
    dst.warps_ = src.warps_;
    for (std::size_t w = 0; w < dst.warps_.size(); ++w) dst.warps_[w].stack = &dst.stack_mem_[w * dst.cfg_.stack_depth];
    dst.blocks_ = src.blocks_;
    dst.num_warps_ = src.num_warps_;
    dst.num_blocks_ = src.num_blocks_;
    dst.warps_live_ = src.warps_live_;
    dst.rr_next_ = src.rr_next_;
    dst.ctx_.execute.next_pc_set = src.ctx_.execute.next_pc_set;
    dst.error_ = src.error_;
    dst.warp_instructions = src.warp_instructions;
    dst.thread_instructions = src.thread_instructions;
}

void CoreAccess::copy_replay_state(core::SmCore& dst, const core::SmCore& src) {
    std::copy(std::begin(src.src2_latch_), std::end(src.src2_latch_), std::begin(dst.src2_latch_));
    std::copy(std::begin(src.src3_latch_), std::end(src.src3_latch_), std::begin(dst.src3_latch_));
    dst.alu_latch_ = src.alu_latch_;
    dst.rtl_events = src.rtl_events;
    dst.ctx_ = src.ctx_;
}

void CoreAccess::clear_state(core::SmCore& sm) {
    core::RegisterFile& rf = sm.registers();
    std::fill(rf.gprs().begin(), rf.gprs().end(), 0u);
    std::fill(rf.predicates().begin(), rf.predicates().end(), std::uint8_t(0));
    std::fill(rf.address_registers().begin(), rf.address_registers().end(), 0u);
    rf.enable_taint(sm.undefined_tracking());  // zeroes the taint masks (same size: no allocation)
    std::fill(sm.shared_taint_.begin(), sm.shared_taint_.end(), std::uint8_t(0));
    std::fill(sm.shared_.begin(), sm.shared_.end(), std::uint8_t(0));
    std::fill(sm.stack_mem_.begin(), sm.stack_mem_.end(), core::StackEntry{});
    for (std::size_t w = 0; w < sm.warps_.size(); ++w) {
        sm.warps_[w] = core::WarpState{};
        sm.warps_[w].stack = &sm.stack_mem_[w * sm.cfg_.stack_depth];
    }
    std::fill(sm.blocks_.begin(), sm.blocks_.end(), core::BlockState{});
    sm.warp_instructions = sm.thread_instructions = 0;
}

}  // namespace fgtlm::faults
