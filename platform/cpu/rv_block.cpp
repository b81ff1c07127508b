// RV32IMAC block decoding (see rv_block.hpp): instruction counts and the loads/stores of a block.
#include "cpu/rv_block.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace fgtlm::platform::rv {

namespace {

constexpr std::uint32_t bits(std::uint32_t v, unsigned hi, unsigned lo) {
    return (v >> lo) & ((1u << (hi - lo + 1)) - 1);
}
constexpr std::int32_t sext12(std::uint32_t v) { return static_cast<std::int32_t>(v << 20) >> 20; }

std::optional<MemoryOp> full_op(std::uint32_t insn) {
    MemoryOp op;
    op.base = bits(insn, 19, 15);
    const std::uint32_t funct3 = bits(insn, 14, 12);
    switch (bits(insn, 6, 0)) {
        case 0x03:  // LB LH LW LBU LHU
            if (funct3 == 3 || funct3 > 5) return std::nullopt;
            op.reads = true;
            op.bytes = 1u << (funct3 & 3u);
            op.offset = sext12(bits(insn, 31, 20));
            op.dest = bits(insn, 11, 7);
            return op;
        case 0x23:  // SB SH SW
            if (funct3 > 2) return std::nullopt;
            op.writes = true;
            op.bytes = 1u << funct3;
            op.offset = sext12(bits(insn, 31, 25) << 5 | bits(insn, 11, 7));
            op.data = bits(insn, 24, 20);
            return op;
        case 0x2f: {  // LR.W SC.W AMO*.W
            if (funct3 != 2) return std::nullopt;
            const std::uint32_t funct5 = bits(insn, 31, 27);
            op.bytes = 4;
            op.dest = bits(insn, 11, 7);
            op.reads = funct5 != 0x03;
            op.writes = funct5 != 0x02;
            op.amo = op.reads && op.writes;
            op.data = bits(insn, 24, 20);
            return op;
        }
        default: return std::nullopt;
    }
}

std::optional<MemoryOp> compressed_op(std::uint32_t insn) {
    MemoryOp op;
    op.bytes = 4;
    const std::uint32_t quadrant = bits(insn, 1, 0), funct3 = bits(insn, 15, 13);
    const std::uint32_t c_offset = bits(insn, 12, 10) << 3 | bits(insn, 6, 6) << 2 | bits(insn, 5, 5) << 6;
    if (quadrant == 0 && (funct3 == 2 || funct3 == 6)) {  // C.LW / C.SW
        op.base = 8 + bits(insn, 9, 7);
        op.offset = static_cast<std::int32_t>(c_offset);
        op.reads = funct3 == 2;
        op.writes = !op.reads;
        (op.reads ? op.dest : op.data) = 8 + bits(insn, 4, 2);
        return op;
    }
    if (quadrant == 2 && funct3 == 2 && bits(insn, 11, 7) != 0) {  // C.LWSP
        op.base = 2;
        op.offset = static_cast<std::int32_t>(bits(insn, 12, 12) << 5 | bits(insn, 6, 4) << 2 | bits(insn, 3, 2) << 6);
        op.reads = true;
        op.dest = bits(insn, 11, 7);
        return op;
    }
    if (quadrant == 2 && funct3 == 6) {  // C.SWSP
        op.base = 2;
        op.offset = static_cast<std::int32_t>(bits(insn, 12, 9) << 2 | bits(insn, 8, 7) << 6);
        op.writes = true;
        op.data = bits(insn, 6, 2);
        return op;
    }
    return std::nullopt;
}

// Could `op`, with the registers `x`, have made `access`? Exact address and size first; a
// misaligned access the bus saw in pieces lies inside the instruction's bytes.
bool could_make(const MemoryOp& op, const std::uint32_t x[32], const Access& access, bool exact) {
    if (access.write ? !op.writes : !op.reads) return false;
    const std::uint32_t address = x[op.base] + static_cast<std::uint32_t>(op.offset);
    if (!exact) return access.address >= address && access.address + access.bytes <= std::uint64_t(address) + op.bytes;
    if (access.address != address || access.bytes != op.bytes) return false;
    if (!access.write || op.amo) return true;
    const std::uint64_t mask = op.bytes >= 8 ? ~0ull : (1ull << (8 * op.bytes)) - 1;
    return (x[op.data] & mask) == (access.value & mask);
}

bool writes_register(std::uint32_t insn, unsigned reg) {
    if (reg == 0) return false;
    if (length(std::uint16_t(insn)) == 4) {
        switch (bits(insn, 6, 0)) {
            case 0x23: case 0x63: return false;                  // stores, branches
            case 0x73: return bits(insn, 14, 12) != 0 && bits(insn, 11, 7) == reg;  // CSR ops
            default: return bits(insn, 11, 7) == reg;
        }
    }
    // Compressed: every form that writes a register names it in bits 11:7 or 4:2 / 9:7 (+8).
    const std::uint32_t quadrant = bits(insn, 1, 0), funct3 = bits(insn, 15, 13);
    if (quadrant == 0) return funct3 < 4 && 8 + bits(insn, 4, 2) == reg;                      // ADDI4SPN, LW
    if (quadrant == 1) {
        if (funct3 == 1) return reg == 1;                                                      // C.JAL
        if (funct3 <= 3) return bits(insn, 11, 7) == reg;                                      // ADDI LI LUI/ADDI16SP
        if (funct3 == 4) return 8 + bits(insn, 9, 7) == reg;                                   // ALU ops on rd'
        return false;                                                                          // J BEQZ BNEZ
    }
    if (funct3 == 0 || funct3 == 2) return bits(insn, 11, 7) == reg;                           // SLLI LWSP
    if (funct3 == 4) {  // C.MV C.ADD write rd; C.JALR writes ra; C.JR and C.EBREAK nothing
        if (bits(insn, 6, 2) != 0) return bits(insn, 11, 7) == reg;
        return bits(insn, 12, 12) && bits(insn, 11, 7) != 0 && reg == 1;
    }
    return false;
}

}  // namespace

// Walking the block is a chain of dependent loads, one per instruction (perf put it at a
// seventh of the VP's time on matmul). Without the chain: mark the halfwords whose low bits are 11. Every run
// of marked halfwords starts an instruction (what precedes it is a 2-byte instruction or the
// second half of a 4-byte one), and inside a run of length L the 4-byte instructions start at
// its even offsets: ceil(L / 2) of them, each taking the halfword after it. So the count is the
// halfwords minus the sum of ceil(L / 2) = (marked + odd-length runs) / 2. Odd runs: add 1 at
// the start of each run starting at an even (odd) position; the carry stops one past its end,
// which is odd (even) exactly when the run's length is odd. `bytes` may cut the last
// instruction: the instructions that start inside count.
unsigned count_instructions(const std::uint8_t* code, std::uint32_t bytes) {
    const std::uint32_t halves = (bytes + 1) / 2;
    if (halves > 63) {  // a long block: walk it
        unsigned n = 0;
        for (std::uint32_t offset = 0; offset < bytes; ++n) offset += length(code[offset]);
        return n;
    }
    std::uint64_t marked = 0;
    std::uint32_t i = 0;
    if constexpr (std::endian::native == std::endian::little) {
        // Four halfwords a load: bits 0/16/32/48 of `low11`, gathered to bits 45..48 of a product.
        for (; 2 * i + 8 <= bytes; i += 4) {
            std::uint64_t w;
            std::memcpy(&w, code + 2 * i, 8);
            const std::uint64_t low11 = w & (w >> 1) & 0x0001000100010001ull;
            marked |= ((low11 * 0x0000200040008001ull) >> 45 & 0xfu) << i;
        }
    }
    for (; i < halves; ++i) marked |= std::uint64_t((code[2 * i] & 3u) == 3u) << i;
    constexpr std::uint64_t kEven = 0x5555555555555555ull, kOdd = ~kEven;
    const std::uint64_t run_starts = marked & ~(marked << 1);
    const std::uint64_t past_even = (marked + (run_starts & kEven)) & ~marked;
    const std::uint64_t past_odd = (marked + (run_starts & kOdd)) & ~marked;
    const std::uint64_t past_odd_runs = (past_even & kOdd) | (past_odd & kEven);
    // A 4-byte instruction in the last halfword has its second half outside: it still counts.
    const unsigned cut = (past_odd_runs >> halves) & 1u;
    return halves - (unsigned(std::popcount(marked)) + unsigned(std::popcount(past_odd_runs))) / 2 + cut;
}

std::uint32_t instruction_at(const std::uint8_t* code, std::uint32_t offset, std::uint32_t bytes) {
    const std::uint32_t lo = code[offset] | std::uint32_t(code[offset + 1]) << 8;
    if (length(std::uint16_t(lo)) == 2 || offset + 4 > bytes) return lo;
    return lo | (std::uint32_t(code[offset + 2]) | std::uint32_t(code[offset + 3]) << 8) << 16;
}

std::uint32_t offset_of(const std::uint8_t* code, std::uint32_t bytes, unsigned index) {
    std::uint32_t offset = 0;
    for (unsigned i = 0; i < index && offset < bytes; ++i) offset += length(std::uint16_t(code[offset]));
    return std::min(offset, bytes);
}

std::optional<MemoryOp> memory_op(std::uint32_t insn) {
    return length(std::uint16_t(insn)) == 4 ? full_op(insn) : compressed_op(insn & 0xffffu);
}

std::optional<Located> locate_access(const std::uint8_t* code, std::uint32_t bytes, const std::uint32_t x[32],
                                     const Access& access, unsigned first) {
    for (const bool exact : {true, false}) {
        std::optional<Located> match;
        unsigned match_base = 0;
        bool base_changed = false;  // the match's base register is written after it
        unsigned index = 0;
        for (std::uint32_t offset = 0; offset < bytes; ++index) {
            const std::uint32_t insn = instruction_at(code, offset, bytes);
            const auto op = index >= first ? memory_op(insn) : std::nullopt;
            if (op && could_make(*op, x, access, exact)) {
                if (match && !base_changed) return match;  // the same address both times: the first
                match = Located{index, offset, op->amo};
                match_base = op->base;
                base_changed = false;
            } else if (match && writes_register(insn, match_base)) {
                base_changed = true;
            }
            offset += length(std::uint16_t(insn));
        }
        if (match) return match;
    }
    return std::nullopt;
}

}  // namespace fgtlm::platform::rv
