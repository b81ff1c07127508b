// Per-warp control state of the SM: PC, masks and the divergence/call stack.
#pragma once

#include <cstdint>

namespace fgtlm::core {

// One entry of the warp stack (G80 style, see models/sm/README.md "Divergence"):
//   Sync  pushed by SSY: the reconvergence point and the mask active when SSY ran;
//   Div   pushed by a predicated BRA that split the warp: the path still to run;
//   Call  pushed by CAL: the return address and the mask active at the call.
enum class StackKind : std::uint8_t { Sync, Div, Call };

struct StackEntry {
    StackKind kind = StackKind::Sync;
    std::uint32_t pc = 0;
    std::uint32_t mask = 0;
};

enum class WarpStatus : std::uint8_t { Idle, Ready, AtBarrier, Done };

struct WarpState {
    std::uint32_t pc = 0;
    std::uint32_t active = 0;   // threads executing the current path
    std::uint32_t exited = 0;   // threads that returned from the kernel
    std::uint32_t valid = 0;    // threads that exist (the last warp of a block may be partial)
    std::uint32_t block = 0;    // linear block index
    std::uint32_t block_slot = 0;  // index of the block within the SM's resident batch
    std::uint32_t warp_in_block = 0;
    std::uint32_t reg_base = 0; // first register slot of this warp in every lane
    std::uint32_t depth = 0;    // used stack entries
    std::uint32_t join_next_pc = 0;  // address after the last join (.S) this warp executed
    bool join_seen = false;
    WarpStatus status = WarpStatus::Idle;
    StackEntry* stack = nullptr;  // capacity = SmCoreConfig::stack_depth (owned by the core)
};

struct BlockState {
    std::uint32_t block = 0;         // linear block index
    std::uint32_t shared_base = 0;   // byte address of the block's shared window
    std::uint32_t first_warp = 0;    // warp slot of warp 0
    std::uint32_t num_warps = 0;
    std::uint32_t warps_done = 0;
    std::uint32_t warps_at_barrier = 0;
    bool active = false;
};

}  // namespace fgtlm::core
