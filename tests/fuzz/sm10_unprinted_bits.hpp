// The bits of an SM_1.0 instruction's second word that its cuobjdump-style text does not show,
// so a text round trip cannot give them back (the assembler takes them from a listing line's
// encoding comment, or sets its own): the end-of-program marker (bits 32-33), the C0.TR guard
// field nvcc writes on SSY/CAL/PBK (bits 39-45, printed as cuobjdump prints it: `SSY 0x148`),
// and the bank field (bits 54-57) of an FMAD without a constant operand (codec.cpp spare_bank).
#pragma once

#include <fgtlm/isa/instruction.hpp>

#include <cstdint>

namespace fgtlm::fuzz {

inline bool has_spare_bank(const isa::Instruction& in) {
    if (in.op != isa::Opcode::FMAD || in.form != isa::Form::Long) return false;
    for (std::size_t i = 0; i < in.num_src; ++i)
        if (in.src[i].kind == isa::OperandKind::Const) return false;
    return true;
}

inline std::uint32_t sm10_unprinted_hi_bits(const isa::Instruction& in) {
    std::uint32_t mask = 0;
    if (in.is_end()) mask |= 3u;
    if (in.explicit_tr) mask |= 0x7fu << 7;
    if (has_spare_bank(in)) mask |= 0xfu << 22;
    return mask;
}

}  // namespace fgtlm::fuzz
