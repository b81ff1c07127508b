// Words the SM_1.0 table lacks, read the way FlexGripPlus's decode stage reads them
// (RtlPolicy::unknown_words; docs/rtl-policies.md, "Words the SM_1.0 table lacks").
// pipeline_decode.vhd classes a word by bit 1 (flow), bits 28-31 (opcode) and 61-63 (sub-op)
// and reads the other fields at their positions; it never refuses a word.
#include <fgtlm/core/program.hpp>
#include <fgtlm/isa/decoder.hpp>

namespace fgtlm::core {

namespace {

constexpr std::uint32_t kSubOpBits = 0xe0000000u;   // bits 61-63, in the high word
constexpr std::uint32_t kGuardAlways = 0x0fu << 7;  // bits 39-45 in the high word: C0, TR
// Bits of the fetch latch's upper half a 32-bit (HALF) word does not read: marker 32-33,
// address-register bit 34, predicate 36-38 and guard 39-45.
constexpr std::uint32_t kHalfUnread = 0x3u | 1u << 2 | 0x7u << 4 | 0x7fu << 7;
constexpr std::uint32_t kBit8 = 1u << 8;  // a 32-bit ALU word's destination ends at bit 7

bool is_long(std::uint32_t lo) { return (lo & 1u) != 0; }
std::uint32_t opcode(std::uint32_t lo) { return lo >> 28; }
std::uint32_t sub_op(std::uint32_t lo, std::uint32_t hi) { return is_long(lo) ? hi >> 29 : 0u; }

// The SM_1.0 decoder's reading with the bits no field describes ignored (undescribed_bits).
isa::Instruction decode_loosely(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc) {
    isa::Instruction inst = isa::decode(lo, hi, pc);
    if (inst.illegal_reason == isa::IllegalReason::ReservedField)
        inst = isa::decode(lo, hi, pc, isa::UndescribedBits::Ignored);
    return inst;
}

// The word as fetched (lo, hi) run as the table's row for the words (lo_read, hi_read), which hold
// the fields the decode stage reads: that row's fields, the fetched words kept (traces, the RTL
// latch readings). false, inst untouched, when no row describes them.
bool read_as(std::uint32_t lo, std::uint32_t hi, std::uint32_t lo_read, std::uint32_t hi_read, std::uint32_t pc,
             isa::Instruction& inst) {
    isa::Instruction as_read = decode_loosely(lo_read, hi_read, pc);
    if (as_read.is_illegal()) return false;
    as_read.lo = lo;
    as_read.hi = hi;
    inst = as_read;
    return true;
}

// The decode stage has no operation for the word: opcode 0xf (NOP, whatever its other bits),
// instr_opcode UNKNOWN (0x5, 0x7, 0x8), or the MOV class with mov_opcode UNKNOWN (0x0 sub 0/3/4,
// 0x1 sub 3-7 of a 64-bit word, 0xd sub 6/7). pipeline_execute.vhd sends these to its NOP
// state and pipeline_write.vhd writes nothing for a destination of type UNKNOWN.
bool has_no_operation(std::uint32_t lo, std::uint32_t hi) {
    if (opcode(lo) == 0xf) return true;
    if ((lo & 2u) != 0) return false;  // flow words: stalls_branch_unit / the branch unit's opcodes
    const std::uint32_t op = opcode(lo), sub = sub_op(lo, hi);
    switch (op) {
        case 0x5:
        case 0x7:
        case 0x8: return true;
        case 0x0: return sub == 0 || sub == 3 || sub == 4;
        case 0x1: return is_long(lo) && sub >= 3;
        case 0xd: return sub >= 6;
        default: return false;
    }
}

// Opcodes whose operation pipeline_decode.vhd chooses without the sub-op: IADD (0x2), IMUL24
// (0x4), and every flow opcode the branch unit has (BRA, CAL, RET, PBK, BRK, BAR, SSY). Not
// IMAD (0x6): it is IMAD24 whatever the sub-op, but the sub-op bits select its operands (an
// IMAD.U16 with sub-op 5 gives the third source alone on the RTL).
bool ignores_sub_op(std::uint32_t lo) {
    const std::uint32_t op = opcode(lo);
    if ((lo & 2u) != 0) return !stalls_branch_unit(lo) && op != 0xf;
    return op == 0x2 || op == 0x4;
}

// Whether a 64-bit word (not marked IMM) whose sub-op the table lacks runs as its sub-op 0 row:
// the opcodes above, and two measured under GHDL:
// * IMAD (0x6) with sub-op 2 computes as IMAD.U16, also with 16-bit halves negative as S16 (the
//   U16 products, not subop_to_data_type's S16: tests/cosim/regressions/agreed/
//   imad_sub_op_rtl_reading); 5 gives the third source alone and 6-7 are unmeasured (illegal);
// * CVT (0xa) with sub-op 3 or 5: only sub-op 1 negates and 2, 4, 6 and 7 convert floats, so
//   they convert as I2I (cvt_class_words_rtl_reading).
bool runs_as_sub_op_0(std::uint32_t lo, std::uint32_t hi) {
    if (ignores_sub_op(lo)) return true;
    if ((lo & 2u) != 0 || (hi & 3u) == 3u) return false;
    const std::uint32_t op = opcode(lo), sub = sub_op(lo, hi);
    return (op == 0x6 && sub == 2) || (op == 0xa && (sub == 3 || sub == 5));
}

// A 64-bit ALU-class word whose alu_opcode is UNKNOWN: 0x3 sub 1/2 (ISUB and IADDC need sub 0 or a
// 32-bit word), 0x9 sub 1/7 (no SFU operation), 0xb other than FADD (0), FSET (3) and RRO (6 with
// bits 46-47 0 or 1), 0xc other than FMUL (0), 0xe other than FMAD (0). No FPU, SFU or RRO starts,
// and the execute stage takes the scalar processor's result: 0 (the FMUL.SUB2 case, measured).
bool has_unknown_alu_operation(std::uint32_t lo, std::uint32_t hi) {
    if ((lo & 2u) != 0 || !is_long(lo)) return false;
    const std::uint32_t sub = sub_op(lo, hi), logic_type = (hi >> 14) & 3u;
    switch (opcode(lo)) {
        case 0x3: return sub == 1 || sub == 2;
        case 0x9: return sub == 1 || sub == 7;
        case 0xb: return !(sub == 0 || sub == 3 || (sub == 6 && logic_type < 2));
        case 0xc:
        case 0xe: return sub != 0;
        default: return false;
    }
}

// Such a word as FMUL.SUB2, the row of the one measured: its fields at their positions, its
// result the scalar processor's 0 (apply_semantics, RtlPolicy::undecoded_fp_subop).
bool decode_as_unknown_alu(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, isa::Instruction& inst) {
    return read_as(lo, hi, (lo & 0x0fffffffu) | 0xc0000000u, (hi & ~kSubOpBits) | 2u << 29, pc, inst);
}

// A no-op of the word's length; a 64-bit word keeps the marker of its bits 32-33 (the read
// stage still pops the warp stack at a join).
isa::Instruction no_operation(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc) {
    isa::Instruction inst;
    inst.address = pc;
    inst.lo = lo;
    inst.op = isa::Opcode::NOP;
    inst.form = is_long(lo) ? isa::Form::Long : isa::Form::Short;
    if (is_long(lo)) {
        inst.hi = hi;
        const std::uint32_t marker = hi & 3u;
        inst.marker = marker == 1 ? isa::Marker::End : marker == 2 ? isa::Marker::Join : isa::Marker::None;
    }
    return inst;
}

// A 64-bit MOV (0x1 sub 0) whose bits 46-52 are not the table's 0x0f: the MOV path of
// pipeline_decode.vhd reads none of them (its source type is reg_to_data_type, bits 58 and 15),
// so the word runs as the MOV. Measured under GHDL: VectorAdd_float's `MOV.U16 R0H, g [0x1].U16`
// with bit 46 or 49 flipped gives the kernel's own result.
bool decode_mov_fixed_bits(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, isa::Instruction& inst) {
    constexpr std::uint32_t kBits46To52 = 0x7fu << 14, kTable = 0x0fu << 14;
    if ((lo & 2u) != 0 || !is_long(lo) || opcode(lo) != 0x1 || sub_op(lo, hi) != 0 || (hi & kBits46To52) == kTable)
        return false;
    return read_as(lo, hi, lo, (hi & ~kBits46To52) | kTable, pc, inst);
}

// MVC (0x1 sub 1, not marked IMM): the read stage takes the constant's type from bits 46-48 only
// (convert_data_types.vhd pMemTypeToDataType), so bits 49-51 change nothing, and a type code of 4-7
// is DT_NONE, a read the constant memory never answers: the SM stalls. Measured under GHDL:
// `MVC R4, c[0x0][0x0]` with bit 49, 50, 51 or all three loads the same word; with bit 48 (as a
// MOV.U16 given sub-op 1 by a flip has) no instruction completes.
bool decode_mvc_type_bits(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, isa::Instruction& inst) {
    constexpr std::uint32_t kBit48 = 1u << 16, kBits49To51 = 0x7u << 17;
    if ((lo & 2u) != 0 || !is_long(lo) || opcode(lo) != 0x1 || sub_op(lo, hi) != 1 || (hi & 3u) == 3u) return false;
    if ((hi & kBit48) != 0) {
        inst = no_operation(lo, hi, pc);
        inst.op = isa::Opcode::Illegal;
        inst.illegal_reason = isa::IllegalReason::UnitStalls;
        return true;
    }
    return read_as(lo, hi, lo, hi & ~kBits49To51, pc, inst);
}

// A 32-bit flow word (bit 1 set, bit 0 clear), which the table has in 64 bits only: the decode
// stage reads its guard from the fetch latch's upper half, zero. BRA's condition 0 is never: the
// word is a 4-byte no-op (measured under GHDL: tests/cosim/regressions/agreed/
// short_flow_words_rtl_reading). CAL has no guard and calls its target (bits 9-27), returning
// to the word after it. The other flow opcodes are unmeasured (still a DUE).
bool decode_short_flow(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, isa::Instruction& inst) {
    if ((lo & 3u) != 2u || hi != 0) return false;
    if (opcode(lo) == 0x1) {
        inst = no_operation(lo, hi, pc);
        return true;
    }
    if (opcode(lo) != 0x2) return false;
    if (!read_as(lo, hi, lo | 1u, hi, pc, inst)) return false;
    inst.form = isa::Form::Short;
    return true;
}

// IMUL32I (0x4 marked IMM): nvcc sets bit 8 exactly for .S16 (the table insists on it), but
// pipeline_decode.vhd takes the sign from bit 15 alone (is_signed_i for IMUL24 IMM), so a bit 8
// that disagrees changes nothing. Measured under GHDL: IMUL32I.U16.U16 with bit 8 and
// IMUL32I.S16.S16 without it give the U16 and S16 products
// (tests/cosim/regressions/agreed/imul_immediate_bit8_rtl_reading).
bool decode_imul_immediate_bit8(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, isa::Instruction& inst) {
    if ((lo & 3u) != 1u || (hi & 3u) != 3u || opcode(lo) != 0x4) return false;
    const bool s16 = ((lo >> 15) & 1u) != 0 && ((lo >> 22) & 1u) == 0;  // signed, 16-bit
    return read_as(lo, hi, (lo & ~kBit8) | (s16 ? kBit8 : 0u), hi, pc, inst);
}

// A 64-bit load, store or move (opcodes 0x0, 0x1, 0xd with a sub-op) marked IMM (bits 32-33 =
// 3), which the table has only for ALU operations: pipeline_decode.vhd then forces the guard
// to always (pred_cond 01111), writes no predicate and no output bit, and takes no address
// register bit 34; the operation runs as its marker-0 word. Measured under GHDL: VectorAdd_float's
// `GST.U32.END` with bit 33 set stores the kernel's own results.
bool decode_imm_marked_move(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, isa::Instruction& inst) {
    const std::uint32_t op = opcode(lo);
    const bool move_class = op == 0x0 || op == 0x1 || (op == 0xd && sub_op(lo, hi) != 0);
    if ((lo & 2u) != 0 || !is_long(lo) || (hi & 3u) != 3u || !move_class) return false;
    constexpr std::uint32_t kMarker = 3u, kAddrHi = 1u << 2, kOutput = 1u << 3, kSetPred = 0x7u << 4;
    constexpr std::uint32_t kGuard = 0x7fu << 7;  // bits 39-45
    return read_as(lo, hi, lo, (hi & ~(kMarker | kAddrHi | kOutput | kSetPred | kGuard)) | kGuardAlways, pc, inst);
}

// Opcode 0xa outside the table's rows: pipeline_decode.vhd makes every non-flow 0xa word a CVT and
// reads its fields at their positions. Two forms run as a 64-bit word of the table with the
// fields the decode stage reads (measured under GHDL:
// tests/cosim/regressions/agreed/cvt_class_words_rtl_reading; sub-ops 3 and 5 of a 64-bit word:
// runs_as_sub_op_0):
// * a 32-bit word: the sub-op, bit 58 (32-bit destination) and the type, rounding and |x| fields
//   come from the fetch latch's upper half `hi`, which is zero (sub-op 0, I2I.U16.U16) unless a
//   fault put bits there or left a 64-bit word's; the destination is bits 2-7 and the source bits
//   9-14 as in every 32-bit ALU word; it keeps its length and, as a HALF word, reads no guard,
//   writes no predicate and has no shared flag (53) or f64 bit (22, 54);
// * a 64-bit word marked IMM: the guard is always, no predicate or o[] is written, the type,
//   rounding and |x|/saturate fields (46-52, 59) read as 0, an integer sub-op's source is bits
//   9-14 and sub-op 1 takes no f64 bit (22); the sub-op and bit 58 (32-bit destination) are read
//   as in marker 0.
// Sub-ops 3 and 5 convert as 0 in both. Not covered (unmeasured): a shared-memory source (bit 24).
bool decode_cvt_class(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, isa::Instruction& inst) {
    constexpr std::uint32_t kWide = 1u << 26, kSharedF64 = 1u << 21 | 1u << 22;  // bits 58; 53, 54
    constexpr std::uint32_t kBit15 = 1u << 15, kF64 = 1u << 22, kShared = 1u << 24;
    const bool imm = is_long(lo) && (hi & 3u) == 3u;
    if ((lo & 2u) != 0 || opcode(lo) != 0xa || (is_long(lo) && !imm) || (lo & kShared) != 0) return false;
    const std::uint32_t sub = hi >> 29;  // a 32-bit word's too: the decode stage reads the latch
    const std::uint32_t as_sub = sub == 3 || sub == 5 ? 0u : sub;
    std::uint32_t lo_read = lo, hi_read = (hi & ~kSubOpBits) | as_sub << 29;
    if (!is_long(lo)) {
        lo_read = (lo & ~(kBit8 | kBit15 | kF64)) | 1u;
        hi_read = (hi_read & ~(kHalfUnread | kSharedF64)) | kGuardAlways;
    } else {
        const bool float_source = sub == 2 || sub == 4 || sub == 6 || sub == 7;
        if (!float_source) lo_read &= ~kBit15;
        if (sub == 1) lo_read &= ~kF64;
        hi_read = (hi_read & (kSubOpBits | kWide)) | kGuardAlways;
    }
    if (!read_as(lo, hi, lo_read, hi_read, pc, inst)) return false;
    inst.form = imm ? isa::Form::Immediate : isa::Form::Short;
    inst.marker = isa::Marker::None;
    inst.sub_op = std::uint8_t(sub);
    return true;
}

}  // namespace

void read_immediate_destination_bit8(std::uint32_t lo, std::uint32_t hi, isa::Instruction& inst) {
    const std::uint32_t op = opcode(lo);
    if ((lo & 3u) != 1u || (hi & 3u) != 3u || (lo & kBit8) == 0 || op == 0x4 || op == 0x6) return;
    if (inst.is_illegal() || inst.form != isa::Form::Immediate) return;
    auto widen = [](isa::Operand& o) {
        if (o.kind == isa::OperandKind::Reg) o.reg = std::uint8_t(o.reg | 64u);
        if (o.kind == isa::OperandKind::RegLo || o.kind == isa::OperandKind::RegHi) o.reg = std::uint8_t(o.reg | 32u);
    };
    widen(inst.dst);
    if (op == 0xe && inst.num_src >= 3) widen(inst.src[2]);  // FMAD32I's third source is its destination
}

bool decode_short_word_in_latch(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, isa::Instruction& inst) {
    // As a HALF word it reads no guard and writes no predicate (kHalfUnread).
    if ((lo & 3u) != 0 || hi == 0 || opcode(lo) == 0x3) return false;  // 0x3: ISUB/IADDC whatever the sub-op
    if (!has_unknown_alu_operation(lo | 1u, hi)) return false;
    // It stays FMUL.SUB2's 64-bit form, which the unit table sends to the scalar processor; the
    // fault injector keeps the length the fetch read.
    if (!decode_as_unknown_alu((lo & ~kBit8) | 1u, (hi & ~kHalfUnread) | kGuardAlways, pc, inst)) return false;
    inst.lo = lo;
    inst.hi = hi;
    return true;
}

// pipeline_decode.vhd: bit 1 makes any word but opcode 0xf (NOP) a FLOW instruction, and its
// flow_opcode is UNKNOWN unless bits 28-31 are BRA, CAL, RET, PBK, BRK, BAR or SSY (1-5, 8, 0xa).
// branch_exec_unit.vhd goes back to IDLE on an UNKNOWN opcode without raising branch_exec_done,
// for which pipeline_execute.vhd's FLOW_EXEC state waits: KIL, TRAP and the others stall the SM.
bool stalls_branch_unit(std::uint32_t lo) {
    if ((lo & 2u) == 0) return false;
    constexpr std::uint32_t kKnown = 1u << 1 | 1u << 2 | 1u << 3 | 1u << 4 | 1u << 5 | 1u << 8 | 1u << 0xa | 1u << 0xf;
    return ((kKnown >> (lo >> 28)) & 1u) == 0;
}

bool decode_unknown_word(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, isa::Instruction& inst) {
    if (has_no_operation(lo, hi)) {
        inst = no_operation(lo, hi, pc);
        return true;
    }
    if (has_unknown_alu_operation(lo, hi)) return decode_as_unknown_alu(lo, hi, pc, inst);
    if (decode_mov_fixed_bits(lo, hi, pc, inst) || decode_imm_marked_move(lo, hi, pc, inst)) return true;
    if (decode_cvt_class(lo, hi, pc, inst)) return true;
    if (decode_mvc_type_bits(lo, hi, pc, inst)) return true;
    if (decode_short_flow(lo, hi, pc, inst)) return true;
    if (decode_imul_immediate_bit8(lo, hi, pc, inst)) return true;
    if (!is_long(lo) || !runs_as_sub_op_0(lo, hi) || (hi & kSubOpBits) == 0) return false;
    if (!read_as(lo, hi, lo, hi & ~kSubOpBits, pc, inst)) return false;  // the sub-op 0 row's fields
    inst.sub_op = std::uint8_t(hi >> 29);
    return true;
}

}  // namespace fgtlm::core
