// core.semantics=rtl: where the RTL's decoder finds the second and third sources of the long
// float ALU forms (pipeline_decode.vhd, src2_i/src3_i and the instr_src2_const_i/
// instr_src3_const_i flags), which is not where NVIDIA's encoding (the isa decoder) puts them.
#include "semantics_internal.hpp"

namespace fgtlm::core::detail {

namespace {

using isa::Form;
using isa::Opcode;
using isa::OperandKind;

constexpr bool bit(std::uint32_t word, unsigned n) { return ((word >> n) & 1u) != 0; }

isa::Operand register_operand(std::uint32_t field, const isa::Operand& was) {
    isa::Operand r;
    r.kind = OperandKind::Reg;
    r.reg = static_cast<std::uint8_t>(field);
    r.negate = was.negate;  // the negate bits are the instruction's, whatever the source kind
    r.absolute = was.absolute;
    return r;
}

isa::Operand constant_operand(std::uint32_t offset, std::uint8_t bank, const isa::Operand& was) {
    isa::Operand c;
    c.kind = OperandKind::Const;
    c.type = isa::DataType::U32;
    c.bank = bank;
    c.value = offset;
    c.negate = was.negate;
    c.absolute = was.absolute;
    return c;
}

// FADD (long): a constant second source's offset is src2_i = instruction(53 downto 46), eight
// bits, and bit 53 is the first source's shared flag: with a shared first source the RTL reads
// c[b][off + 0x80] (`FADD R6, g [0x6], c[0x1][0x0]` adds the word at byte 0x200, difftest
// seeds 400099 and 400189).
void fadd_constant_offset(isa::Instruction& in) {
    isa::Operand& b = in.src[1];
    if (b.kind != OperandKind::Const || !bit(in.hi, 53 - 32)) return;
    b.value |= 0x80u;
}

// FMUL/FMAD/FSET (long): the second source is a constant when bit 54 is set (instr_src2_const_i;
// bit 54 is the low bit of NVIDIA's bank field), not bit 23, and is then c[][bits 22-16], else
// the register of bits 22-16. FMAD's third source is a constant when bits 54 and 24 are both
// set (offset bits 52-46), else the register of bits 51-46. So c[0x0]/c[0x2] operands read a
// register, and `FMAD R, R, R2, c[0x1][..]` reads its second source from c[][2].
void fmul_fmad_fset_sources(isa::Instruction& in) {
    const bool src2_const = bit(in.hi, 54 - 32);
    const std::uint32_t field2 = (in.lo >> 16) & 0x7fu;
    const std::uint8_t bank = static_cast<std::uint8_t>((in.hi >> (54 - 32)) & 0xfu);
    isa::Operand& b = in.src[1];
    if (src2_const && b.kind != OperandKind::Const) b = constant_operand(field2, bank, b);
    else if (!src2_const && b.kind == OperandKind::Const) b = register_operand(field2, b);
    if (in.op != Opcode::FMAD || in.num_src < 3) return;
    isa::Operand& c = in.src[2];
    const bool src3_const = src2_const && bit(in.lo, 24);
    if (src3_const) return;  // c[][bits 52-46]: as decoded
    c = register_operand((in.hi >> (46 - 32)) & 0x3fu, c);
}

}  // namespace

void rtl_float_operand_fields(isa::Instruction& in) {
    if (in.form != Form::Long || in.num_src < 2) return;
    switch (in.op) {
        case Opcode::FADD: fadd_constant_offset(in); break;
        case Opcode::FMUL: case Opcode::FMAD: case Opcode::FSET: fmul_fmad_fset_sources(in); break;
        default: break;
    }
}

}  // namespace fgtlm::core::detail
