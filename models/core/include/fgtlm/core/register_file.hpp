// The SM's register file as FlexGripPlus lays it out: general-purpose registers (reg_slots
// slots per lane; a warp's registers start at its reg_base and wrap at reg_slots, so an
// over-allocating kernel aliases the next warp exactly like the RTL), predicate registers
// C0-C3 (one Z/S/C/O nibble per thread), address registers A0-A7 per thread, and the
// undefined-value taint of every GPR row. Structure of arrays: every row holds 32 lanes.
//
// The execution core reads and writes rows through these accessors; the SystemC
// RegisterFile module (models/sm/include/fgtlm/sm/units/register_file_unit.hpp) exposes the same storage through
// a TLM target socket for debuggers, probes and replacement models.
#pragma once

#include <cstdint>
#include <vector>

namespace fgtlm::core {

inline constexpr std::uint32_t kLanes = 32;

class RegisterFile {
public:
    void configure(std::uint32_t reg_slots, std::uint32_t max_warps) {
        slots_ = reg_slots;
        warps_ = max_warps;
        pow2_ = (reg_slots & (reg_slots - 1u)) == 0;
        gpr_.assign(std::size_t(reg_slots) * kLanes, 0);
        pred_.assign(std::size_t(max_warps) * kPredRegs * kLanes, 0);
        areg_.assign(std::size_t(max_warps) * kAddrRegs * kLanes, 0);
    }
    static constexpr std::uint32_t kPredRegs = 4;  // C0-C3
    static constexpr std::uint32_t kAddrRegs = 8;  // A0 (reads as 0) - A7

    // Physical slot of register r of a warp whose registers start at reg_base (RTL wrap).
    [[nodiscard]] std::uint32_t slot_of(std::uint32_t reg_base, std::uint32_t r) const {
        const std::uint32_t s = reg_base + r;
        return pow2_ ? (s & (slots_ - 1u)) : (s % slots_);
    }
    std::uint32_t* gpr_row(std::uint32_t slot) { return &gpr_[std::size_t(slot) * kLanes]; }
    std::uint8_t* pred_row(std::uint32_t warp_slot, std::uint32_t c) {
        return &pred_[(std::size_t(warp_slot) * kPredRegs + (c & 3u)) * kLanes];
    }
    [[nodiscard]] const std::uint8_t* pred_row(std::uint32_t warp_slot, std::uint32_t c) const {
        return &pred_[(std::size_t(warp_slot) * kPredRegs + (c & 3u)) * kLanes];
    }
    std::uint32_t* areg_row(std::uint32_t warp_slot, std::uint32_t a) {
        return &areg_[(std::size_t(warp_slot) * kAddrRegs + (a & 7u)) * kLanes];
    }

    // Undefined-value tracking: one lane mask per GPR slot (empty when tracking is off).
    void enable_taint(bool on) { taint_.assign(on ? slots_ : 0, 0); }
    std::uint32_t& taint(std::uint32_t slot) { return taint_[slot]; }

    // Raw storage (TLM debug/DMI views, snapshots).
    std::vector<std::uint32_t>& gprs() { return gpr_; }
    std::vector<std::uint8_t>& predicates() { return pred_; }
    std::vector<std::uint32_t>& address_registers() { return areg_; }
    [[nodiscard]] std::uint32_t reg_slots() const { return slots_; }
    [[nodiscard]] std::uint32_t max_warps() const { return warps_; }

private:
    std::uint32_t slots_ = 0, warps_ = 0;
    bool pow2_ = true;                  // 512 slots: wrap with a mask instead of a division
    std::vector<std::uint32_t> gpr_;    // [reg_slots][32]
    std::vector<std::uint32_t> taint_;  // [reg_slots] lane mask
    std::vector<std::uint8_t> pred_;    // [max_warps][4][32]
    std::vector<std::uint32_t> areg_;   // [max_warps][8][32]
};

}  // namespace fgtlm::core
