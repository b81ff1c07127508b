#include "fgtlm/faults/core_access.hpp"

namespace fgtlm::faults {

void CoreAccess::copy_state(core::SmCore& dst, const core::SmCore& src) {
    dst.launch_ = src.launch_;
    dst.warps_per_block_ = src.warps_per_block_;
    dst.stride_ = src.stride_;
    dst.rf_ = src.rf_;
    dst.rf_taint_ = src.rf_taint_;
    dst.shared_taint_ = src.shared_taint_;
    dst.pred_ = src.pred_;
    dst.areg_ = src.areg_;
    dst.shared_ = src.shared_;
    dst.stack_mem_ = src.stack_mem_;
    // Warps point at their stack inside their own core's stack memory: re-point after copying.
    dst.warps_ = src.warps_;
    for (std::size_t w = 0; w < dst.warps_.size(); ++w)
        dst.warps_[w].stack = &dst.stack_mem_[w * dst.cfg_.stack_depth];
    dst.blocks_ = src.blocks_;
    dst.num_warps_ = src.num_warps_;
    dst.num_blocks_ = src.num_blocks_;
    dst.warps_live_ = src.warps_live_;
    dst.rr_next_ = src.rr_next_;
    dst.next_pc_set_ = src.next_pc_set_;
    dst.error_ = src.error_;
    dst.warp_instructions = src.warp_instructions;
    dst.thread_instructions = src.thread_instructions;
}

}  // namespace fgtlm::faults
