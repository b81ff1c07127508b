// SM_1.0 machine words -> Instruction.
#pragma once

#include <fgtlm/isa/instruction.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace fgtlm::isa {

// Decodes the instruction whose first word is `lo` (bits 0-31) at byte `address`. `hi`
// (bits 32-63) is ignored when bit 0 of `lo` is 0 (a 32-bit instruction). Never fails:
// unknown or malformed encodings (including any bit the table does not account for)
// come back as Opcode::Illegal with illegal_reason set; lo/hi/address/form are always filled.
// A 64-bit instruction at an address that is not 8-byte aligned decodes normally but is
// marked Illegal/Misaligned only by decode_program (the hardware fetch is 8-byte aligned).
[[nodiscard]] Instruction decode(std::uint32_t lo, std::uint32_t hi, std::uint32_t address);

// How decode() treats a set bit no field of the matching table rows describes.
enum class UndescribedBits : std::uint8_t {
    Illegal,  // Illegal/ReservedField: SM_1.0 as the table knows it (the default)
    Ignored,  // the row that describes the most of the word wins, the other bits are ignored:
              // FlexGripPlus's decode stage reads its fields by position and checks nothing else
};
[[nodiscard]] Instruction decode(std::uint32_t lo, std::uint32_t hi, std::uint32_t address,
                                 UndescribedBits undescribed);

// Decodes instruction memory linearly from its first word (at byte address `base`):
// bit 0 of each first word says whether the instruction takes one word or two. A 64-bit
// instruction whose second word is missing is Illegal/Truncated; one at an address that is
// not a multiple of 8 is Illegal/Misaligned (it still consumes two words).
[[nodiscard]] std::vector<Instruction> decode_program(std::span<const std::uint32_t> words, std::uint32_t base = 0);

// Short name of an IllegalReason ("unknown opcode", ...).
[[nodiscard]] const char* to_string(IllegalReason reason);

// "illegal instruction at 0x0010: 0x00000780_50000003 (unknown opcode: op 0x5 sub 0 long)".
// Empty for instructions that are not illegal.
[[nodiscard]] std::string describe_illegal(const Instruction& inst);

}  // namespace fgtlm::isa
