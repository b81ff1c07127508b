// BlockCounts: the instruction count of each translation block the CPU has run, by its address
// and size. Counting a block from its bytes on every run took a sixth of the VP's time on
// matmul (the guest code is cold in the host's caches: Unicorn runs its translation).
//
// When code changes under a block of the same extent, the count must be taken again. RISC-V
// makes software say so: stores to instruction memory reach instruction fetch only after the
// hart executes FENCE.I (Zifencei), and QEMU ends a block at FENCE.I. So a block that ends with
// FENCE.I empties the table when it runs, as does a DMI remap. (Unicorn itself runs modified
// code even without FENCE.I; then only the count of a block whose extent stayed the same could
// be stale, never what the CPU does.)
#pragma once

#include <array>
#include <cstdint>

namespace fgtlm::platform {

class BlockCounts {
public:
    struct Entry {
        std::uint32_t address = 1;  // odd: no block
        std::uint32_t size = 0;
        std::uint32_t count = 0;
        bool ends_with_fence_i = false;
    };

    // The entry for (address, size), or nullptr when it must be counted (then fill() it).
    [[nodiscard]] const Entry* find(std::uint32_t address, std::uint32_t size) const {
        const Entry& e = slots_[slot(address)];
        return e.address == address && e.size == size ? &e : nullptr;
    }
    void fill(std::uint32_t address, std::uint32_t size, std::uint32_t count, bool ends_with_fence_i) {
        slots_[slot(address)] = Entry{address, size, count, ends_with_fence_i};
    }
    void clear() { slots_.fill(Entry{}); }

private:
    static std::size_t slot(std::uint32_t address) { return (address >> 1) & (kSlots - 1); }
    static constexpr std::size_t kSlots = 4096;
    std::array<Entry, kSlots> slots_{};
};

}  // namespace fgtlm::platform
