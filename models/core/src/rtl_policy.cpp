// The RTL policies' presets and names (rtl_policy.hpp).
#include <fgtlm/core/rtl_policy.hpp>

namespace fgtlm::core {

RtlPolicy RtlPolicy::preset(Semantics s) {
    RtlPolicy p;  // the defaults are the RTL's
    if (s == Semantics::Rtl) return p;
    for (const RtlPolicyFlag& f : kRtlPolicyFlags) p.*f.field = false;
    for (const RtlPolicyWidth& w : kRtlPolicyWidths) p.*w.field = 0;
    p.misaligned = Misaligned::Fault;
    return p;
}

bool parse_semantics(std::string_view text, Semantics& out) {
    if (text == "rtl") {
        out = Semantics::Rtl;
    } else if (text == "g80") {
        out = Semantics::G80;
    } else {
        return false;
    }
    return true;
}

bool parse_misaligned(std::string_view text, Misaligned& out) {
    if (text == "bytes") {
        out = Misaligned::Bytes;
    } else if (text == "fault") {
        out = Misaligned::Fault;
    } else {
        return false;
    }
    return true;
}

const char* to_string(Misaligned m) { return m == Misaligned::Bytes ? "bytes" : "fault"; }

// clang-format off
const std::array<RtlPolicyFlag, 33> kRtlPolicyFlags = {{
    {"fp_negation", &RtlPolicy::fp_negation,
     "FADD32I/FMUL32I ignore the source negation, FMUL32 and FMAD32 read it from absent bits"},
    {"fp_immediate_source", &RtlPolicy::fp_immediate_source,
     "FADD32I/FMUL32I read their first source from bits 9-15 (bit 15 is the register's top bit)"},
    {"constant_move", &RtlPolicy::constant_move, "MVC ignores its address register and never post-increments it"},
    {"flag_moves", &RtlPolicy::flag_moves, "P2R writes R0 with the guard's predicate; R2P reads R0"},
    {"i2f_half_unsigned", &RtlPolicy::i2f_half_unsigned, "I2F.S16 of a register half is not sign-extended"},
    {"conversion_source", &RtlPolicy::conversion_source,
     "I2F/F2I/F2F/RRO/SFU take a shared source's offset from bits 9-15"},
    {"operand_fields", &RtlPolicy::operand_fields,
     "long ALU sources come from the fields pipeline_decode.vhd reads (FADD/FMUL/FMAD/IMUL constants)"},
    {"constant_ungathered", &RtlPolicy::constant_ungathered,
     "an ALU constant second source ignores its address register"},
    {"shared_offset_bits", &RtlPolicy::shared_offset_bits,
     "an integer ALU shared first source takes its offset from bits 9-12 only"},
    {"field_as_immediate", &RtlPolicy::field_as_immediate,
     "bit 52 set without an address register: a register second source reads its register number as the value; with one, SHL/SHR's immediate reads that register"},
    {"logic_op", &RtlPolicy::logic_op, "LOP ignores the ~ bits and operation 3 is ~a"},
    {"scalar_processor", &RtlPolicy::scalar_processor,
     "IMUL/IMAD have no .HI, IMAD multiplies 16-bit halves without negation, I2I ignores .SAT"},
    {"operand_widths", &RtlPolicy::operand_widths,
     "ISET/IMIN/IMAX/IADD.CARRY/SHL operand widths and carries as pipeline_decode.vhd types them"},
    {"constant_word_reads", &RtlPolicy::constant_word_reads,
     "a 16-bit operation reads its constant source as a word (g80: the half word at 2*offset)"},
    {"address_increment", &RtlPolicy::address_increment,
     "R2G/I2I g[Ak+=off] never increment Ak; R2G writes g[Ak], I2I reads g[Ak+off]"},
    {"zero_word_nop", &RtlPolicy::zero_word_nop,
     "the all-zero word (op 0x0 sub 0, no SM_1.0 instruction) runs as a 4-byte no-op (g80: illegal)"},
    {"undescribed_bits", &RtlPolicy::undescribed_bits,
     "a word with bits its format does not describe runs as the nearest SM_1.0 encoding; short ALU bit 23 = constant second source, bit 25 = the field's value (g80: illegal)"},
    {"unknown_words", &RtlPolicy::unknown_words,
     "a word the SM_1.0 table lacks runs as the decode stage reads it: a no-op (opcodes 0x5/0x7/0x8/0xf, MOV-class sub-ops without an operation), the sub-op 0 form (IADD/IMUL, flow opcodes), 0 (ALU words without an operation), a MOV whatever bits 46-52, a move marked IMM unguarded (g80: illegal)"},
    {"unknown_flow_stalls", &RtlPolicy::unknown_flow_stalls,
     "a flow word (bit 1) with an opcode the branch unit lacks (KIL, TRAP, 0x6/0x7/0xb-0xe) stalls the SM (g80: runs or illegal)"},
    {"global_access_types", &RtlPolicy::global_access_types,
     "GLD/GST .64, .128 and .S32 move one byte, zero-extended (the read stage has no such type) (g80: a register pair, quad or word)"},
    {"output_register", &RtlPolicy::output_register,
     "bit 35 (an o[N] destination) is ignored: the result goes to R[N] (o[0x7f]: R127, never written) (g80: an output register)"},
    {"undecoded_fp_subop", &RtlPolicy::undecoded_fp_subop,
     "FMUL sub-op 2 (no ALU decode) runs on the scalar processor and writes 0 (g80: an FMUL)"},
    {"unit_flags", &RtlPolicy::unit_flags, "flags and carries as the RTL's execute stage computes them"},
    {"operand_latches", &RtlPolicy::operand_latches,
     "an instruction without a typed second/third source uses the read stage's latches"},
    {"single_constant_bank", &RtlPolicy::single_constant_bank, "c[b][off] reads byte off*size whatever b"},
    {"register_fields", &RtlPolicy::register_fields,
     "raw register field 124 reads 0 and 127 is never written (g80: R124 is the zero register)"},
    {"guarded_return", &RtlPolicy::guarded_return, "RET on a non-empty warp stack returns the whole warp"},
    {"end_marker_runs_on", &RtlPolicy::end_marker_runs_on,
     "a warp runs past an end marker when nvcc's epilogue RET follows it or a fault set it"},
    {"join_empty_stack", &RtlPolicy::join_empty_stack,
     "a join (.S) on an empty warp stack runs for the warp's initial mask and makes it active (g80: stack underflow)"},
    {"barrier_counts_exits", &RtlPolicy::barrier_counts_exits,
     "a warp that exits while others wait at a barrier deadlocks them"},
    {"full_partial_warps", &RtlPolicy::full_partial_warps, "a partial warp runs (and stores from) all 32 lanes"},
    {"register_alias", &RtlPolicy::register_alias,
     "a launch whose warps need more registers than the SM has runs, the warps' registers alias"},
    {"mif_truncate", &RtlPolicy::mif_truncate,
     "global_mem.mif lines past the global memory are ignored (g80: a load error)"},
}};

const std::array<RtlPolicyWidth, 4> kRtlPolicyWidths = {{
    {"global_address_bits", &RtlPolicy::global_address_bits,
     "a global address outside the memory keeps its low N bits (0 = out-of-range DUE)"},
    {"shared_address_bits", &RtlPolicy::shared_address_bits,
     "a shared address outside the shared memory keeps its low N bits (0 = out-of-range DUE)"},
    {"constant_address_bits", &RtlPolicy::constant_address_bits,
     "a constant address outside the constant memory keeps its low N bits (0 = out-of-range DUE)"},
    {"instruction_address_bits", &RtlPolicy::instruction_address_bits,
     "a PC outside the program or not 4-byte aligned is fetched at its bits N-1..2 (0 = illegal-instruction DUE)"},
}};
// clang-format on

}  // namespace fgtlm::core
