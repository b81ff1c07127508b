// The operand form of every PTX opcode the compiler lowers: how many operands, of which kind
// (register, value, predicate, memory, label, constant) at each position, and how many type
// modifiers. Checked before any lowering pass indexes an operand, so a wrong count or kind is
// "FILE:LINE: INSTRUCTION: ..." instead of a read past the operand list, a register made up for
// a constant, or a predicate read as a number (issue 27).
#pragma once

#include <string>
#include <vector>

#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

// Whether the compiler has a form for `opcode` (every opcode a lowering pass accepts has one).
bool has_operand_form(const std::string& opcode);

// What is wrong with `in`'s operands or type modifiers ("" when nothing is); `regs` are the
// function's register declarations (a register's .pred or data class comes from them).
std::string operand_form_error(const PtxInst& in, const std::vector<PtxRegDecl>& regs);

}  // namespace fgtlm::compiler
