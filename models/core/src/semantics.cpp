#include <fgtlm/core/semantics.hpp>

#include <fgtlm/isa/decoder.hpp>

#include "semantics_internal.hpp"

namespace fgtlm::core {

namespace {

using isa::Form;
using isa::Opcode;
using isa::OperandKind;

bool is_reg(const isa::Operand& o) {
    return o.kind == OperandKind::Reg || o.kind == OperandKind::RegLo || o.kind == OperandKind::RegHi;
}

// Opcodes pipeline_decode.vhd decodes as instr_opcode ALU (primary opcodes 2-4, 6, 9-0xe).
bool is_rtl_alu(Opcode op) {
    switch (op) {
        case Opcode::IADD: case Opcode::IMUL: case Opcode::IMAD: case Opcode::ISET:
        case Opcode::IMAX: case Opcode::IMIN: case Opcode::SHL: case Opcode::SHR:
        case Opcode::LOP: case Opcode::I2I: case Opcode::FADD: case Opcode::FMUL:
        case Opcode::FMAD: case Opcode::FSET:
            return true;
        default:
            return false;
    }
}

// src1_i of a long ALU instruction with a shared first source: FADD/FMUL/FMAD read the
// offset from bits 9-13, every integer op (and FSET) from bits 9-12 only, so g[0x10]-g[0x1f]
// alias g[0x0]-g[0xf]. (Conversions to/from float and the SFU: float_conversion_source.)
void shared_offset_width(isa::Instruction& in) {
    isa::Operand& s = in.src[0];
    if (in.form != Form::Long || in.num_src == 0 || s.kind != OperandKind::Shared) return;
    if (in.op == Opcode::FADD || in.op == Opcode::FMUL || in.op == Opcode::FMAD) return;
    s.value &= 0xfu;
}

// src1_i of a float conversion (CVT sub-ops 2, 4, 6, 7: I2F, F2I, F2F), RRO and the SFU ops is
// instruction bits 9-15 whatever the source kind, so a shared source's offset takes the
// shared type field (bits 14-15) as its two upper bits: `F2I.S32.F32 R4, g [0x6]` reads word
// 0x46, not 0x6 (measured: tests/core/golden/fp_operands; I2I reads bits 9-12 as above).
void float_conversion_source(isa::Instruction& in) {
    switch (in.op) {
        case Opcode::I2F: case Opcode::F2I: case Opcode::F2F: case Opcode::RRO: case Opcode::RCP:
        case Opcode::RSQ: case Opcode::LG2: case Opcode::EX2: case Opcode::SIN: case Opcode::COS: break;
        default: return;
    }
    isa::Operand& s = in.src[0];
    if (in.form == Form::Long && in.num_src > 0 && s.kind == OperandKind::Shared) s.value = (in.lo >> 9) & 0x7fu;
}

// read_source_ops.vhd: an ALU instruction's constant second source is always read with
// READ, never READ_GATHER (pipeline_decode.vhd: "Removed READ_GATHER condition altogether for
// constant memory"), so its address register is ignored: `FADD R4, R1, c[0x1][A1+0x1]` reads
// c[0x1][0x1] whatever A1 holds (measured: tests/core/golden/fp_operands). A constant third
// source with an address register is gathered (src3_mem_opcode_i).
void constant_second_source_ungathered(isa::Instruction& in) {
    if (in.num_src >= 2 && in.src[1].kind == OperandKind::Const) in.src[1].areg = 0;
}

// The same words as the SM_1.0 decoder reads them with bits of the high word cleared (a field
// the RTL reads differently), bits no format describes ignored.
isa::Instruction redecoded_without(const isa::Instruction& in, std::uint32_t hi_bits) {
    return isa::decode(in.lo, in.hi & ~hi_bits, in.address, isa::UndescribedBits::Ignored);
}

// read_source_ops.vhd (SRC_NUM = 2): a register second source is replaced by its own field
// value (`addr_in`) when addr_imm is set, the op is not ISET and no address register is
// used. The decoder sets addr_imm from bit 52 in every long word: the top bit of the 46-52
// register field, so IADD/FADD (whose second source is that field) read R64-R127 as their
// numbers (IADD R7, g [0x4], R124 adds 124), and IMAD/FMAD/... with a third source >= R64 read
// their second source's number. R124 read through the register file is still zero.
// The table's own 7-bit immediate second source (SHL/SHR/... `R, R, 0x2`: bit 52) is this
// path too, so with an address register (or on ISET) the RTL reads the register the field
// names: `SHL R2, R0, 0x2` with bit 26 set shifts by R2 (measured under GHDL).
void field_as_immediate(isa::Instruction& in) {
    if (in.form != Form::Long || in.num_src < 2 || ((in.hi >> 20) & 1u) == 0) return;  // bit 52
    const std::uint32_t areg = ((in.lo >> 26) & 3u) | (((in.hi >> 2) & 1u) << 2);    // bits 26-27, 34
    if (in.src[1].kind == OperandKind::Immediate && (areg != 0 || in.op == Opcode::ISET)) {
        const isa::Instruction plain = redecoded_without(in, 1u << 20);
        if (!plain.is_illegal() && plain.num_src >= 2 && is_reg(plain.src[1])) in.src[1] = plain.src[1];
        return;
    }
    if (in.op == Opcode::ISET || !is_reg(in.src[1]) || areg != 0) return;
    // src2_i is bits 46-52 for IADD/ISUB and FADD; IADD.CARRYn decodes as IADDC, which takes
    // the generic long-ALU field, bits 16-22 (difftest seeds 600036, 600051)
    const bool field_46 = (in.op == Opcode::IADD && !in.carry_in) || in.op == Opcode::FADD;
    isa::Operand& b = in.src[1];
    b.value = field_46 ? ((in.hi >> 14) & 0x7fu) : ((in.lo >> 16) & 0x7fu);
    b.kind = OperandKind::Immediate;
    b.absolute = b.invert = false;  // the negation still applies: `IADD R6, R2, -R124` = R2 - 124 (difftest)
}

// boolean_functions.vhd ignores the ~ bits (48, 49) and decodes operation 3 as NEG_OP = ~a
// (units/sp_function.cpp under rtl). The second source stays: the read stage still reads it (its
// second-operand latch, rtl_src2_latch).
void logic_op(isa::Instruction& in) {
    if (in.op != Opcode::LOP || in.num_src < 2) return;
    in.src[0].invert = false;
    in.src[1].invert = false;
}

// MVC: pipeline_decode.vhd makes it a plain READ (not READ_GATHER) of offset * size, so the
// address register is ignored, and the post-increment (`c[b][Ak+=off]`, bit 25) is never
// performed: Ak keeps its value (measured on the RTL).
void constant_move(isa::Instruction& in) {
    if (in.op != Opcode::MVC || in.num_src == 0 || in.src[0].kind != OperandKind::Const) return;
    in.src[0].areg = 0;
    in.src[0].post_inc = false;
}

// The scalar processor (scalar_processor.vhd), measured with scripts/gen-golden-int:
// * IMUL/IMAD have no high half: `.HI` returns the low 32 bits of the product;
// * IMAD multiplies 16-bit halves whatever its type (w32 is never set for IMAD24), so the
//   S24/U24 forms are S16/U16 of the low halves, and it ignores every source negation
//   (a_neg is ISUB's, b_neg IADD's);
// * I2I ignores `.SAT` (the value is truncated to the destination width).
void scalar_processor(isa::Instruction& in) {
    using isa::DataType;
    if (in.op == Opcode::IMUL || in.op == Opcode::IMAD) in.high = false;
    if (in.op == Opcode::IMAD) {
        for (auto* t : {&in.dtype, &in.stype}) {
            if (*t == DataType::S24) *t = DataType::S16;
            if (*t == DataType::U24) *t = DataType::U16;
        }
        for (auto& o : in.src) o.negate = false;
    }
    if (in.op == Opcode::I2I) in.saturate = false;
}

// A half register the RTL accesses as a whole one: vector_register_controller.vhd shifts the
// raw field (2n+h) right only for 8/16-bit data types, so a 32-bit access of RnL/RnH reads or
// writes register R(2n+h).
void whole_by_field(isa::Operand& o) {
    if (o.kind != OperandKind::RegLo && o.kind != OperandKind::RegHi) return;
    o.reg = std::uint8_t(2u * o.reg + (o.kind == OperandKind::RegHi ? 1u : 0u));
    o.kind = OperandKind::Reg;
}

// Operand widths pipeline_decode.vhd gives the integer forms it types oddly (src1/src2/dest
// _data_type_i, w32_i, is_signed_i):
// * ISET: subop_to_data_type("011") = DT_U32 for both sources and no dest case (DT_U32), so a
//   16-bit ISET compares the low halves (w32 = bit 58) of whole registers R(2n+h) and writes
//   R(2n+h) whole: `ISET.S16 R3L, R1L, R2L` compares R2 with R4 and writes R6;
// * IMIN/IMAX: no w32 or is_signed case (both 0: an unsigned 16-bit min/max, min_max.vhd),
//   src1 and dest DT_U32 (whole registers), src2 DT_NONE (the latch, rtl_src2_latch);
// * IADD.CARRYn (IADDC): no w32 case (a 16-bit add of sign-extended halves, integer_add_
//   subtract.vhd, zero-extended to 32 bits), src1 and dest DT_U32, src2 DT_NONE (the latch);
//   the carry comes from C0 whatever n (pipeline_read.vhd reads pred_regs_reg_num "00" for
//   IADDC) and no negation applies (a_neg is ISUB's, b_neg IADD's: scalar_processor.vhd);
// * IMAD.CARRYn (IMAD24C): the carry from C1 whatever n (units/sp_function.cpp adds src1, not the
//   product);
// * SHL/SHR: src2 DT_U32 always, so a half-register count is the whole register R(2n+h);
// * P2R and R2P: below.
void operand_widths(isa::Instruction& in) {
    using isa::DataType;
    switch (in.op) {
        case Opcode::ISET:
            for (auto& o : in.src) whole_by_field(o);
            whole_by_field(in.dst);
            break;
        case Opcode::IMIN:
        case Opcode::IMAX:
            whole_by_field(in.src[0]);
            whole_by_field(in.dst);
            in.dtype = in.stype = DataType::U16;
            break;
        case Opcode::IADD:
            if (!in.carry_in) break;
            whole_by_field(in.src[0]);
            whole_by_field(in.dst);
            in.dtype = in.stype = DataType::U16;
            in.carry_in_reg = 0;
            for (auto& o : in.src) o.negate = false;
            break;
        case Opcode::IMAD:  // IMAD24C: pipeline_read.vhd reads the carry from pred_regs_reg_num "01"
            if (in.carry_in) in.carry_in_reg = 1;
            break;
        case Opcode::SHL:
        case Opcode::SHR: whole_by_field(in.src[1]); break;
        default: break;
    }
}

// P2R decodes as a MOV LOAD of FLAGS: pred_reg_i (the guard field, bits 44-45) is read, and
// dest_i has no case for it ((others => '0')), so R0 is written.
void predicate_to_register(isa::Instruction& in) {
    if (in.op != Opcode::P2R) return;
    in.src[0].kind = OperandKind::Predicate;
    in.src[0].reg = in.guard_reg;
    in.dst = isa::Operand{};
    in.dst.kind = OperandKind::Reg;
    in.dst.reg = 0;
}

// R2P decodes as a MOV STORE of FLAGS: src1_i has no case for it ((others => '0')), so the
// read stage reads R0 whole (DT_U32) whatever register the word names; the flags it writes
// come from the execute stage's latches (rtl_alu_latch.hpp). A shared source is left as is.
void register_to_predicate(isa::Instruction& in) {
    if (in.op != Opcode::R2P || in.num_src == 0 || !is_reg(in.src[0])) return;
    in.src[0].kind = OperandKind::Reg;
    in.src[0].reg = 0;
}

// I2F from a register half: vector_register_controller.vhd (READ_REGS) reads a DT_S16 half
// masked with 0x0000ffff, never sign-extended, and fpu_conv converts that non-negative word,
// so I2F.F32.S16 of R1L = 0x8000 is 32768.0, as .U16 (measured over all 65,536 inputs:
// tests/core/golden/int16_exhaustive_i2f_s16). I2I sign-extends in the scalar processor.
void i2f_register_half(isa::Instruction& in) {
    if (in.op != Opcode::I2F || in.stype != isa::DataType::S16) return;
    const OperandKind k = in.src[0].kind;
    if (k == OperandKind::RegLo || k == OperandKind::RegHi) in.stype = isa::DataType::U16;
}

// G80: a 16-bit operation reads a constant source as a half word at byte 2 * offset, like its
// shared sources (nvcc: `ISET.U16 .., R5L, c[0x1][0x0]` compares with the loop bound in the
// low half of c1[0], `LOP.AND.U16 R3L, R3H, c[0x1][0x2]` masks with the half word at byte 4;
// decuda prints them c1[0x0000], c1[0x0004]). The isa decoder gives every ALU constant U32.
void g80_half_constants(isa::Instruction& in) {
    if (in.op == Opcode::MVC) return;  // its own access type
    const bool cvt = in.op == Opcode::I2I || in.op == Opcode::I2F || in.op == Opcode::F2I || in.op == Opcode::F2F;
    const isa::DataType t = cvt ? in.stype : in.dtype;
    if (t != isa::DataType::U16 && t != isa::DataType::S16) return;
    for (std::uint32_t i = 0; i < in.num_src; ++i)
        if (in.src[i].kind == OperandKind::Const) in.src[i].type = t;
}

// pipeline_decode.vhd's src1_neg/src2_neg: FADD32I/FMUL32I ignore the source negation (bit
// 15 is read only for short FADD/FMUL and for FMAD32I), FMUL32 takes the second negation
// from bit 49 (absent in a 32-bit word: never), FMAD32 the first from bit 48 (never).
void fp_negation(isa::Instruction& in) {
    const bool fadd_fmul = in.op == Opcode::FADD || in.op == Opcode::FMUL;
    if (fadd_fmul && in.form == Form::Immediate) in.src[0].negate = false;
    if (in.op == Opcode::FMUL && in.form == Form::Short) in.src[1].negate = false;
    if (in.op == Opcode::FMAD && in.form == Form::Short) in.src[0].negate = false;
}

// pipeline_decode.vhd's src1_i for FADD32I/FMUL32I with a register first source is
// instruction(15 downto 9) ("FADD, FMUL, FMAD, FSET and 32I"; FMAD32I alone has its own
// 14-9 case): NVIDIA's negation bit 15 is the register number's top bit, so
// `FADD32I R5, -R5, 0x3f800000` (0x03f80003b0008a15) adds 1.0 to R69, not to -R5.
void fp_immediate_source(isa::Instruction& in) {
    if (in.form != Form::Immediate || (in.op != Opcode::FADD && in.op != Opcode::FMUL)) return;
    isa::Operand& a = in.src[0];
    if (in.num_src == 0 || !is_reg(a)) return;
    a.kind = OperandKind::Reg;
    a.reg = static_cast<std::uint8_t>((in.lo >> 9) & 0x7fu);
}

// pipeline_decode.vhd passes bit 25 (addr_incr) to the write stage, whose increment_address
// unit gets no address-register number (pipeline_write.vhd never assigns inc_addr_reg_i), so
// `g[Ak+=off]` never changes Ak. R2G writes g[Ak + 0] (shmem_addr_i is 0 when addr_incr is
// set), which is where NVIDIA's post-increment writes too; I2I reads g[Ak + off] as without
// the increment (measured: tests/core/golden/nvcc_words).
void address_increment(isa::Instruction& in) {
    if (in.op == Opcode::R2G && in.dst.post_inc) {
        in.dst.post_inc = false;
        in.dst.value = 0;
    }
    if (in.op == Opcode::I2I && in.num_src > 0) in.src[0].post_inc = false;
}

// G80: FMUL's sub-op 2 (nvcc: 0x40000780c0020201) is read as a plain FMUL. On FlexGripPlus
// (undecoded_fp_subop) pipeline_decode.vhd has no ALU opcode for it (UNKNOWN): no FPU, SFU
// or RRO start, so the execute stage takes the scalar processor's result, whose mux gives 0
// for an unknown opcode (unit_table.cpp sends it to the SP unit).
void fp_subop(isa::Instruction& in, const RtlPolicy& p) {
    if (in.op == Opcode::FMUL && in.form == Form::Long && !p.undecoded_fp_subop) in.sub_op = 0;
}

// convert_data_types.vhd's pMvSizeToDataType knows .U8, .S8, .U16, .S16 and .U32 only: a GLD or
// GST typed .64, .128 or .S32 reads as DT_NONE, for which global_memory_controller.vhd moves one
// byte (gmem_size "001", one register) at the address itself, without sign extension. Measured
// under GHDL: GLD.S32/.64/.128 load the low byte, GST.S32/.64 store it
// (tests/cosim/regressions/agreed/global_access_types_rtl_reading).
void global_access_types(isa::Instruction& in) {
    if (in.op != Opcode::GLD && in.op != Opcode::GST) return;
    isa::Operand& gop = in.op == Opcode::GST ? in.dst : in.src[0];
    for (isa::DataType* t : {&in.dtype, &gop.type})
        if (*t == isa::DataType::U64 || *t == isa::DataType::U128 || *t == isa::DataType::S32) *t = isa::DataType::U8;
}

// pipeline_decode.vhd registers bit 35 as output_reg and nothing reads it: a destination NVIDIA
// reads as o[N] is register N (nvcc's o[0x7f], "discard the result", is raw field 127, which
// register_fields never writes). Measured: `SHL o[0x2], R0, 0x2` in VectorAdd_float writes R2
// under GHDL and the Verilated RTL (tests/cosim/regressions/agreed/output_register_rtl_reading).
void output_register(isa::Instruction& in) {
    if (in.dst.kind != OperandKind::Output) return;
    const isa::Instruction plain = redecoded_without(in, 1u << 3);
    if (!plain.is_illegal()) in.dst = plain.dst;
}

// Bits 23 and 25 of a short ALU word (no SM_1.0 field): pipeline_decode.vhd's default
// instr_src2_const is bit 23, so the second source is c[bits 16-21]; its default addr_imm is bit
// 25, so without an address register (bits 26-27) and outside ISET read_source_ops.vhd takes
// the field's value instead of the register (a constant wins: it is read on another path).
// Measured under GHDL on VectorAdd_float's IADD32 (tests/cosim/regressions/agreed/
// short_source_bits_rtl_reading).
void short_source_bits(isa::Instruction& in) {
    if (in.form != Form::Short || in.num_src < 2 || !is_reg(in.src[1]) || !is_rtl_alu(in.op)) return;
    isa::Operand& b = in.src[1];
    const std::uint32_t field = (in.lo >> 16) & 0x3fu;
    if ((in.lo >> 23) & 1u) {
        b = isa::Operand{};
        b.kind = OperandKind::Const;
        b.type = isa::DataType::U32;
        b.value = field;
    } else if (((in.lo >> 25) & 1u) && ((in.lo >> 26) & 3u) == 0 && in.op != Opcode::ISET) {
        const bool negate = b.negate;
        b = isa::Operand{};
        b.kind = OperandKind::Immediate;
        b.value = field;
        b.negate = negate;
    }
}

// GLD/GST with bit 52 in a 64-bit word of a full marker: pipeline_decode.vhd sets addr_imm, and
// effective_address.vhd then takes the register field (bits 9-15) itself, shifted left by the
// access size (global_memory_controller.vhd pShiftAmount: .U16/.S16 1, .U32 2, the types it
// moves one byte for 0), as the address instead of the register's value. Measured under GHDL
// (tests/cosim/regressions/agreed/global_address_field_rtl_reading): GST.U32 global14[R8] with
// bit 52 stores every lane at 0x20. Not with an address register (the RTL adds it: unmeasured).
void global_address_field(isa::Instruction& in) {
    if ((in.op != Opcode::GLD && in.op != Opcode::GST) || in.form != Form::Long) return;
    if (((in.hi >> 20) & 1u) == 0 || (in.hi & 3u) == 3u) return;  // bit 52; an IMM word has no addr_imm
    isa::Operand& g = in.op == Opcode::GST ? in.dst : in.src[0];
    const bool areg = g.areg != 0 || ((in.lo >> 26) & 3u) != 0 || ((in.hi >> 2) & 1u) != 0;
    if (g.kind != OperandKind::Global || areg) return;
    static constexpr std::uint8_t kShift[8] = {0, 0, 1, 1, 0, 0, 2, 0};  // mov_size (bits 53-55) -> shift
    g.value = ((in.lo >> 9) & 0x7fu) << kShift[(in.hi >> 21) & 7u];
    g.kind = OperandKind::Immediate;
}

// The readings of the RTL's ALU opcodes (pipeline_decode.vhd instr_opcode ALU).
void alu_readings(isa::Instruction& in, const RtlPolicy& p) {
    if (p.operand_fields) detail::rtl_operand_fields(in);
    if (p.constant_ungathered) constant_second_source_ungathered(in);
    if (p.shared_offset_bits) shared_offset_width(in);
    if (p.field_as_immediate) field_as_immediate(in);
    if (p.logic_op) logic_op(in);
    if (p.scalar_processor) scalar_processor(in);
    if (p.operand_widths) operand_widths(in);
}

}  // namespace

void apply_semantics(isa::Instruction& in, const RtlPolicy& p) {
    if (in.is_illegal()) return;
    if (!p.constant_word_reads) g80_half_constants(in);
    if (p.fp_immediate_source) fp_immediate_source(in);
    if (p.fp_negation) fp_negation(in);
    if (p.constant_move) constant_move(in);
    if (p.flag_moves) predicate_to_register(in);
    if (p.i2f_half_unsigned) i2f_register_half(in);
    if (p.flag_moves) register_to_predicate(in);
    if (p.conversion_source) float_conversion_source(in);
    if (p.address_increment) address_increment(in);
    if (p.global_access_types) global_access_types(in);
    if (p.field_as_immediate) global_address_field(in);
    if (p.output_register) output_register(in);
    if (p.undescribed_bits) short_source_bits(in);
    fp_subop(in, p);
    if (is_rtl_alu(in.op)) alu_readings(in, p);
}

Src2Latch rtl_src2_latch(const isa::Instruction& in) {
    if (in.is_illegal()) return Src2Latch::Keep;
    switch (in.op) {
        case Opcode::IMIN:
        case Opcode::IMAX:
            // bit 52 (field_as_immediate) makes read_source_ops load the field value instead
            return in.src[1].kind == OperandKind::Immediate ? Src2Latch::Load : Src2Latch::Use;
        case Opcode::IADD:
            if (in.carry_in) return in.src[1].kind == OperandKind::Immediate ? Src2Latch::Load : Src2Latch::Use;
            return Src2Latch::Load;
        case Opcode::IMUL: case Opcode::IMAD: case Opcode::ISET: case Opcode::SHL: case Opcode::SHR:
        case Opcode::LOP: case Opcode::FADD: case Opcode::FMUL: case Opcode::FMAD: case Opcode::FSET:
            return in.num_src >= 2 ? Src2Latch::Load : Src2Latch::Keep;
        case Opcode::R2A:  // dest ADDRESS: read_source_ops loads addr_in, the shift field (bits 16-22)
        case Opcode::ADA:  // dest ADDRESS, source ADDRESS_ADDRESS: addr_in, the offset (bits 9-22)
        case Opcode::R2G:  // addr_imm set: addr_in (src2_i, no case: 0), or R0 with an address register
            return Src2Latch::Load;
        case Opcode::MOV:  // MVI: the immediate is the second source (src2_i, marker IMM)
            return in.form == Form::Immediate && in.src[0].kind == OperandKind::Immediate ? Src2Latch::Load
                                                                                          : Src2Latch::Keep;
        default:
            return Src2Latch::Keep;
    }
}

}  // namespace fgtlm::core
