// Parts of apply_semantics (semantics.cpp) that live in their own files.
#pragma once

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::core::detail {

// Long FADD/FMUL/FMAD/FSET: the second/third source fields and constant flags as
// pipeline_decode.vhd reads them (semantics_fp_operands.cpp).
void rtl_float_operand_fields(isa::Instruction& in);

}  // namespace fgtlm::core::detail
