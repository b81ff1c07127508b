// Parts of apply_semantics (semantics.cpp) that live in their own files.
#pragma once

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::core::detail {

// ALU instructions: the source fields, constant flags and element sizes as pipeline_decode.vhd
// and read_source_ops.vhd read them, where that differs from the isa decoder
// (semantics_operand_fields.cpp). Called for the RTL's ALU opcodes only.
void rtl_operand_fields(isa::Instruction& in);

}  // namespace fgtlm::core::detail
