// RV32IMAC translation blocks as the CPU's block-level timing needs them: how many
// instructions a block of code holds, and which of them made a given memory access. Plain
// C++ (no Unicorn, no SystemC), so it is tested on its own (tests/platform/test_rv_block.cpp).
//
// Why: Unicorn reports a block when it starts (address, bytes) but not the instruction inside
// it that made an MMIO access or faulted. The registers at that moment are those before the
// accessing instruction, so its address can be recomputed from the block's loads and stores.
#pragma once

#include <cstdint>
#include <optional>

namespace fgtlm::platform::rv {

// Bytes of the instruction whose first halfword is `low_half` (RVC: 2, else 4).
[[nodiscard]] constexpr unsigned length(std::uint16_t low_half) { return (low_half & 3u) == 3u ? 4u : 2u; }

// Instructions that start in the first `bytes` bytes of `code` (little-endian halfwords).
[[nodiscard]] unsigned count_instructions(const std::uint8_t* code, std::uint32_t bytes);

// The instruction at byte `offset` of `code[0, bytes)`: a 32-bit word, or a compressed one in
// the low halfword (also a 4-byte one cut by the end).
[[nodiscard]] std::uint32_t instruction_at(const std::uint8_t* code, std::uint32_t offset, std::uint32_t bytes);

// Byte offset of instruction `index` (the end of the code if it has fewer).
[[nodiscard]] std::uint32_t offset_of(const std::uint8_t* code, std::uint32_t bytes, unsigned index);

// FENCE.I (Zifencei): code written before it is what instruction fetch sees after it.
[[nodiscard]] constexpr bool is_fence_i(std::uint32_t insn) { return (insn & 0x707fu) == 0x100fu; }

// A load, store, LR/SC or AMO: the effective address is x[base] + offset.
struct MemoryOp {
    bool reads = false, writes = false;
    bool amo = false;        // reads and writes (the write's value is computed)
    unsigned bytes = 0;
    unsigned base = 0;       // rs1
    std::int32_t offset = 0;
    unsigned data = 0;       // rs2: the stored value (stores, SC)
    unsigned dest = 0;       // rd: written by loads, LR, SC, AMOs (0: none)
};
// Decodes `insn` (a 32-bit word, or a compressed one in the low halfword); nullopt if it is
// not a memory access.
[[nodiscard]] std::optional<MemoryOp> memory_op(std::uint32_t insn);

// The access the bus saw.
struct Access {
    bool write = false;
    std::uint64_t address = 0;
    unsigned bytes = 0;
    std::uint64_t value = 0;  // the value written (writes)
};
struct Located {
    unsigned index = 0;        // instructions before it in the block
    std::uint32_t offset = 0;  // its byte offset in the block
    bool amo = false;          // it also makes a second access (an AMO's write after its read)
};
// Which instruction of the block `code[0, bytes)` made `access`, given the registers as they
// are when it is made (`x`, x[0] = 0; the instructions before it have written theirs) and the
// lowest index it can have (`first`: past an earlier access of the same block run). A match
// whose base register is written before the next match is taken for an earlier access whose
// base has changed since. nullopt if no load/store of the block can have made it.
[[nodiscard]] std::optional<Located> locate_access(const std::uint8_t* code, std::uint32_t bytes,
                                                   const std::uint32_t x[32], const Access& access,
                                                   unsigned first);

}  // namespace fgtlm::platform::rv
