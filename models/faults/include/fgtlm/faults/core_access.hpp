// The fault library's one window into core::SmCore's private state (SmCore befriends this
// class): a copy of the whole architectural and scheduling state for snapshot/restore, and
// mutable references to the cells a fault can hit. Register-file cells go through the
// public core::RegisterFile accessors; only warps, blocks and scheduler state need friendship. Kept narrow so refactors
// of the core only have to follow it here.
#pragma once

#include <cstdint>

#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::faults {

class CoreAccess {
public:
    // Makes `dst` an exact copy of `src`'s state (registers, predicates, address registers,
    // shared memory, warps, stacks, blocks, scheduler position, error, counters). Both cores
    // must have the same configuration; `dst` keeps its own wiring (program, memories,
    // observers). No allocation: the vectors already have their sizes.
    static void copy_state(core::SmCore& dst, const core::SmCore& src);

    // What copy_state leaves out and a replay of the same core from a snapshot needs too:
    // the RTL operand and ALU latches, the RTL event counts and the execution context
    // (gpu::HostThreads restores an SM from it; `dst` and `src` are then the same core or
    // its snapshot, so the context's pointers stay valid).
    static void copy_replay_state(core::SmCore& dst, const core::SmCore& src);

    // Zeroes every register, flag, address register, shared byte, stack entry and warp/block
    // record: a core as after power-up, so every run of a campaign starts from the same state
    // (begin_kernel keeps registers and shared memory, as FlexGripPlus does between kernels).
    static void clear_state(core::SmCore& sm);

    // Physical register row `row` (0..reg_slots-1), lane `lane`.
    static std::uint32_t& reg_cell(core::SmCore& sm, std::uint32_t row, std::uint32_t lane) {
        return sm.registers().gpr_row(row)[lane];
    }
    static core::WarpState& warp(core::SmCore& sm, std::uint32_t slot) { return sm.warps_[slot]; }
    static core::BlockState& block(core::SmCore& sm, std::uint32_t k) { return sm.blocks_[k]; }
    static std::uint32_t num_blocks(const core::SmCore& sm) { return sm.num_blocks_; }
    static std::uint32_t live_warps(const core::SmCore& sm) { return sm.warps_live_; }
};

}  // namespace fgtlm::faults
