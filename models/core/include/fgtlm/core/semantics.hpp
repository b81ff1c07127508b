// What the FlexGripPlus RTL does differently from NVIDIA's G80, selectable per run
// (`-p core.semantics=rtl|g80`; default rtl). Only decode-level differences live here; the
// barrier rule is SmCoreConfig::strict_barrier (set from the same parameter by the front ends).
#pragma once

#include <string_view>

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::core {

enum class Semantics : unsigned char {
    Rtl,  // bit-exact to FlexGripPlus: its decoder's operand-negation reading, barrier counting
    G80,  // NVIDIA's hardware / cuobjdump reading of the same words
};

// "rtl" / "g80"; false for anything else.
bool parse_semantics(std::string_view text, Semantics& out);

// Rewrites a decoded instruction to what the RTL executes (no-op for G80). From
// pipeline_decode.vhd's src1_neg/src2_neg: FADD32I/FMUL32I ignore the source negation
// (bit 15 is read only for short FADD/FMUL and for FMAD32I), FMUL32 takes the second
// negation from bit 49 (absent in a 32-bit word: never) instead of bit 22, FMAD32 takes the
// first from bit 48 (never) instead of bit 15.
void apply_semantics(isa::Instruction& inst, Semantics s);

// The read stage's second-operand latch (read_source_ops.vhd, SRC_NUM = 2): its per-lane
// output register `data_o` is only assigned when the operand is read, so an instruction whose
// second source pipeline_decode.vhd types DT_NONE gets whatever the last instruction that
// read one left there (the values of that instruction's last pass of sm.sp_lanes threads).
// Load: this instruction reads its second source (src[1]; MVI: src[0]; R2G: 0, or R0 with an
// address register: SmCore::src2_latch_values) into the latch; Use: it executes with the
// latch's values instead of src[1] (R2P uses it too: rtl_alu_latch.hpp); Keep: neither.
// Meaningful for an instruction already rewritten by apply_semantics(Rtl).
enum class Src2Latch : unsigned char { Keep, Load, Use };
Src2Latch rtl_src2_latch(const isa::Instruction& inst);

}  // namespace fgtlm::core
