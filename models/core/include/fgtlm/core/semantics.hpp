// What the FlexGripPlus RTL decodes differently from NVIDIA's G80, one policy per reading
// (rtl_policy.hpp: `-p core.rtl.<name>`, presets `-p core.semantics=rtl|g80`). Only the
// decode-level readings live here; the run-time ones are read by the core at launch.
#pragma once

#include <fgtlm/core/rtl_policy.hpp>
#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::core {

// Rewrites a decoded instruction to what the RTL executes, reading by reading as `policy`
// enables them (RtlPolicy::preset(G80) leaves NVIDIA's reading). From
// pipeline_decode.vhd's src1_neg/src2_neg: FADD32I/FMUL32I ignore the source negation
// (bit 15 is read only for short FADD/FMUL and for FMAD32I), FMUL32 takes the second
// negation from bit 49 (absent in a 32-bit word: never) instead of bit 22, FMAD32 takes the
// first from bit 48 (never) instead of bit 15.
void apply_semantics(isa::Instruction& inst, const RtlPolicy& policy);

// The read stage's second-operand latch (read_source_ops.vhd, SRC_NUM = 2): its per-lane
// output register `data_o` is only assigned when the operand is read, so an instruction whose
// second source pipeline_decode.vhd types DT_NONE gets whatever the last instruction that
// read one left there (the values of that instruction's last pass of sm.sp_lanes threads).
// Load: this instruction reads its second source (src[1]; MVI: src[0]; R2G: 0, or R0 with an
// address register: SmCore::src2_latch_values) into the latch; Use: it executes with the
// latch's values instead of src[1] (R2P uses it too: rtl_alu_latch.hpp); Keep: neither.
// Meaningful for an instruction already rewritten by apply_semantics (RTL preset).
enum class Src2Latch : unsigned char { Keep, Load, Use };
Src2Latch rtl_src2_latch(const isa::Instruction& inst);

}  // namespace fgtlm::core
