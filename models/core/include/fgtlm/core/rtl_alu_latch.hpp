// The RTL execute stage's ALU latch and what an R2P computes from it (core.semantics=rtl).
//
// pipeline_execute.vhd registers alu_opcode_i, w32_i, is_signed_i and cvt_type_i only when an
// ALU-class instruction (or an R2A with a shift / an ADA) enters the stage, and its scalar
// processor runs combinationally on them all the time. R2P decodes as a MOV STORE of FLAGS
// with destination REG and type DT_NONE: the stage passes it through (NOP state) and the
// write stage writes the set-predicate register with the flags pred_flags_o computed by the
// scalar processor for the *latched* opcode, on the R2P's own operands: src1 = R0 (src1_i has
// no R2P case), src2 and src3 = the read stage's operand latches (both typed DT_NONE). The
// register named by the R2P is never read. docs/cosim-known-differences.md "Known differences" 26.
#pragma once

#include <cstdint>

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::core {

// alu_opcode_type values as the scalar processor distinguishes them. Zero stands for every
// opcode it has no result for (FADD/FMUL/FMAD/FSET/RCP/SFU/RRO, UNKNOWN): result 0.
enum class RtlAluOp : std::uint8_t {
    Zero,
    Iadd,
    Iaddc,
    Isub,
    Set,
    Max,
    Min,
    Shl,
    Shr,
    Imul24,
    Imad24,
    Imad24c,
    Cvt,
    And,
    Or,
    Xor,
    Neg
};

struct RtlAluLatch {
    RtlAluOp op = RtlAluOp::Zero;  // reset: UNKNOWN
    bool w32 = false;
    bool is_signed = false;
    std::uint8_t cvt_type = 0;  // bits 48-46
};

// What `in` (raw words in.lo/in.hi) writes into the latch as pipeline_execute's IDLE state
// latches it: every ALU-class instruction all four fields, an R2A whose shift is not zero
// (SHL) and an ADA (IADD) all but cvt_type, others nothing. A static property of the
// instruction: computed once at decode (FormInfo::rtl, core::Program).
struct RtlAluLatchWrite {
    bool writes = false;
    bool writes_cvt = false;
    RtlAluLatch value;
    void apply(RtlAluLatch& latch) const {
        if (!writes) return;
        const std::uint8_t cvt = latch.cvt_type;
        latch = value;
        if (!writes_cvt) latch.cvt_type = cvt;
    }
};
RtlAluLatchWrite rtl_alu_latch_write(const isa::Instruction& in);

// Updates `latch` as the execute stage does when `in` enters it.
inline void rtl_alu_latch_update(const isa::Instruction& in, RtlAluLatch& latch) {
    rtl_alu_latch_write(in).apply(latch);
}

// The third-operand latch's loaders (pipeline_decode.vhd gives them a typed third source).
enum class Src3Latch : std::uint8_t { Keep, FromThirdSource, FromFirstSource };

// Everything an instruction does to the RTL's operand and ALU latches (core.semantics=rtl),
// decided once at decode: the read stage's second- and third-operand latches and the
// execute stage's ALU latch.
struct RtlLatchEffects {
    std::uint8_t src2 = 0;  // core::Src2Latch (semantics.hpp)
    Src3Latch src3 = Src3Latch::Keep;
    RtlAluLatchWrite alu;
};
RtlLatchEffects rtl_latch_effects(const isa::Instruction& in);

// The flag nibble (bit 0 zero, 1 sign, 2 carry, 3 overflow) the RTL writes for one lane of
// the R2P `r2p` (its raw bits give subop, marker, bit 22 negation, saturation, condition):
// scalar_processor.vhd on a = R0, b = second-operand latch, c = third-operand latch, with the
// read stage's flags zero (it reads them only for IADDC/IMAD24C).
std::uint8_t rtl_r2p_flags(const RtlAluLatch& latch, const isa::Instruction& r2p, std::uint32_t a, std::uint32_t b,
                           std::uint32_t c);

}  // namespace fgtlm::core
