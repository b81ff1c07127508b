// Instruction -> cuobjdump-style SASS text.
#pragma once

#include <fgtlm/isa/instruction.hpp>

#include <span>
#include <string>
#include <string_view>

namespace fgtlm::isa {

// The semantic opcode's short name for statistics and traces, from the encoding table: IADD
// covers IADD/IADD32/IADD32I, CAL covers CAL.NOINC; "ILLEGAL" for Opcode::Illegal.
[[nodiscard]] const char* opcode_name(Opcode op);

// The full mnemonic as cuobjdump prints it: base name, `.S` (join), types and modifiers,
// `.Cn` (set predicate) last. E.g. "ISET.S.S32", "FMUL.TRUNC.C0", "IADD32I".
[[nodiscard]] std::string mnemonic(const Instruction& inst);

// cuobjdump text without the trailing `;`, e.g. "IMAD.U16 R0, g [0x6].U16, R0H, R1" or
// "GLD.U32 R0 (C0.EQU), global14[R0]". Illegal instructions give ".illegal 0x<hi><lo>".
[[nodiscard]] std::string disassemble(const Instruction& inst);

// One cuobjdump listing line:
// "        /*0008*/        I2I.U32.U16 R1, R0L;               /* 0x04000780a0000005 */"
// (32-bit instructions show their single word; illegal ones name the reason).
[[nodiscard]] std::string listing_line(const Instruction& inst);

// The same with `.END` after the mnemonic when `mark_end`: an end-of-program marker on an
// instruction that is not the program's last (cuobjdump does not show it; the assembler
// needs it to reproduce the words). listing() and `fgtlm disasm` set it where it applies.
[[nodiscard]] std::string disassemble(const Instruction& inst, bool mark_end);
[[nodiscard]] std::string listing_line(const Instruction& inst, bool mark_end);
[[nodiscard]] bool needs_end_mark(std::span<const Instruction> program, std::size_t index);

// Listing of a whole decoded program, one line per instruction, each ending in '\n'.
[[nodiscard]] std::string listing(std::span<const Instruction> program);

// Names used in the text (also accepted by the assembler).
[[nodiscard]] std::string_view condition_name(Condition c);   // "EQU"; empty if undefined
[[nodiscard]] std::string_view type_name(DataType t);         // "U16", "64"; empty for None
[[nodiscard]] std::string_view compare_name(CompareOp c);     // "LT"
[[nodiscard]] std::string_view logic_name(LogicOp l);         // "PASS_B"

}  // namespace fgtlm::isa
