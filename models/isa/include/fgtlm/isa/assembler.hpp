// SASS text -> Instruction -> program words.
#pragma once

#include <fgtlm/isa/instruction.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fgtlm::isa {

// One instruction parsed from cuobjdump-style text ("IADD R0 (C0.EQU), g [0x4], R1",
// optional trailing `;`). The form follows the mnemonic (IADD = Long, IADD32 = Short,
// IADD32I = Immediate). A branch target written as a label is left in `target_label`.
struct ParsedInstruction {
    Instruction inst;
    std::string target_label;
    std::string error;           // empty on success
    std::uint32_t column = 0;    // 0-based offset into the text where the error is
    [[nodiscard]] bool ok() const { return error.empty(); }
};
[[nodiscard]] ParsedInstruction parse_instruction(std::string_view text);

struct AsmDiagnostic {
    std::string file;
    std::uint32_t line = 0;    // 1-based
    std::uint32_t column = 0;  // 1-based
    std::string message;
    [[nodiscard]] std::string str() const;  // "file:line:column: error: message"
};

struct AssembleResult {
    std::vector<std::uint32_t> words;          // instruction memory from byte address 0
    std::vector<Instruction> instructions;     // what was encoded, with addresses
    std::vector<AsmDiagnostic> errors;
    [[nodiscard]] bool ok() const { return errors.empty(); }
};

// Assembles a program. Accepts the disassembler's text and raw cuobjdump listings
// (`/*0008*/` prefixes, trailing `/* 0x... */` encodings, `;`, header lines), labels
// (`loop:`), comments (`#`, `//`) and the directive `.short_forms on|off` (when on, long
// mnemonics that have a 32-bit form are emitted as 32-bit instructions). Layout follows
// nvcc: 32-bit instructions go in pairs so 64-bit ones stay 8-byte aligned; a 32-bit
// instruction without a partner is promoted to its 64-bit form. The last instruction gets
// the end-of-program marker unless the source places `.END` markers itself (a 32-bit last instruction is promoted; an
// immediate form cannot carry the marker and is an error). Never throws on bad input: see `errors`.
[[nodiscard]] AssembleResult assemble(std::string_view source, std::string_view filename = "<input>");

}  // namespace fgtlm::isa
