// core.semantics=rtl: where the RTL's decoder finds the sources of ALU instructions
// (pipeline_decode.vhd: src1_i/src2_i/src3_i, instr_src1_shared_i, instr_src2_const_i,
// instr_src3_const_i, src2_data_type_i) where that is not where NVIDIA's encoding (the isa
// decoder) puts them. Measured with scripts/gen-golden-fp-operands (tests/core/golden/fp_operands).
#include "semantics_internal.hpp"

namespace fgtlm::core::detail {

namespace {

using isa::DataType;
using isa::Form;
using isa::Opcode;
using isa::OperandKind;

constexpr bool bit(std::uint32_t word, unsigned n) { return ((word >> n) & 1u) != 0; }
constexpr bool hi_bit(const isa::Instruction& in, unsigned n) { return bit(in.hi, n - 32); }

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
    c.type = DataType::U32;
    c.bank = bank;  // not used by the RTL (no bank term in the address)
    c.value = offset;
    c.negate = was.negate;
    c.absolute = was.absolute;
    return c;
}

// FADD (long): a constant second source's offset is src2_i = instruction(53 downto 46), eight
// bits, and bit 53 is the first source's shared flag: with a shared first source the RTL reads
// c[b][off + 0x80] (`FADD R6, g [0x6], c[0x1][0x0]` adds the word at byte 0x200: difftest
// seeds 400099 and 400189, difference 25).
void fadd_constant_offset(isa::Instruction& in) {
    isa::Operand& b = in.src[1];
    if (b.kind == OperandKind::Const && hi_bit(in, 53)) b.value |= 0x80u;
}

// FMUL/FMAD/FSET (long): the second source is a constant when bit 54 is set (instr_src2_const_i;
// bit 54 is the low bit of NVIDIA's bank field), not bit 23, and is then c[][bits 22-16], else
// the register of bits 22-16. FMAD's third source is a constant when bits 54 and 24 are both
// set (offset bits 52-46), else the register of bits 51-46. So c[0x0]/c[0x2] operands read a
// register, and `FMAD R, R, R2, c[0x1][..]` reads its second source from c[][2].
void fmul_fmad_fset_sources(isa::Instruction& in) {
    const bool src2_const = hi_bit(in, 54);
    const std::uint32_t field2 = (in.lo >> 16) & 0x7fu;
    const auto bank = static_cast<std::uint8_t>((in.hi >> (54 - 32)) & 0xfu);
    isa::Operand& b = in.src[1];
    if (src2_const && b.kind != OperandKind::Const)
        b = constant_operand(field2, bank, b);
    else if (!src2_const && b.kind == OperandKind::Const)
        b = register_operand(field2, b);
    if (in.op != Opcode::FMAD || in.num_src < 3) return;
    if (src2_const && bit(in.lo, 24)) return;  // c[][bits 52-46], as decoded
    in.src[2] = register_operand((in.hi >> (46 - 32)) & 0x3fu, in.src[2]);
}

// FADD32I/FMUL32I/FMAD32I with a shared first source (bit 24): src1_i takes the offset from
// bits 13-9, one bit more than the encoding's 4 (bit 13 is the low bit of the type field), so
// `FADD32I R4, g [0x6], ..` reads g[0x16] for a U32 operand. FMAD32I's third source is the
// destination's number through instr_src3_const_i = bit 24 too: c[][dest] instead of the
// destination register.
void float_immediate_shared(isa::Instruction& in) {
    isa::Operand& a = in.src[0];
    if (a.kind != OperandKind::Shared) return;
    a.value = (in.lo >> 9) & 0x1fu;
    if (in.op == Opcode::FMAD && in.num_src >= 3) in.src[2] = constant_operand((in.lo >> 2) & 0x7fu, 0, in.src[2]);
}

// IMUL/IMAD (long, not immediate) with a constant second source: read_source_ops addresses
// constant memory by element, of the source's data type (calculate_address: offset << 1 for
// U16/S16, << 2 for 32-bit types) and reads that many bytes, and the second source's type is
// 16-bit for IMUL without w32 (bit 48; bit 47 signed) and for IMAD sub-opcodes 0-2 (U16, S16).
// `IMUL.U16.U16 R4, R1H, c[0x1][0xb]` multiplies by the half word at byte 0x16.
void sixteen_bit_constant(isa::Instruction& in) {
    isa::Operand& b = in.src[1];
    if (b.kind != OperandKind::Const) return;
    bool half = false, is_signed = false;
    if (in.op == Opcode::IMUL) {
        half = !hi_bit(in, 48);
        is_signed = hi_bit(in, 47);
    } else {
        const std::uint32_t subop = in.hi >> 29;
        half = subop <= 2;
        is_signed = subop != 0;
    }
    if (half) b.type = is_signed ? DataType::S16 : DataType::U16;
}

}  // namespace

void rtl_operand_fields(isa::Instruction& in) {
    if (in.num_src < 2) return;
    const bool fp = in.op == Opcode::FADD || in.op == Opcode::FMUL || in.op == Opcode::FMAD;
    if (in.form == Form::Immediate) {
        if (fp) float_immediate_shared(in);
        return;
    }
    if (in.form != Form::Long) return;
    switch (in.op) {
        case Opcode::FADD: fadd_constant_offset(in); break;
        case Opcode::FMUL: case Opcode::FMAD: case Opcode::FSET: fmul_fmad_fset_sources(in); break;
        case Opcode::IMUL: case Opcode::IMAD: sixteen_bit_constant(in); break;
        default: break;
    }
}

}  // namespace fgtlm::core::detail
