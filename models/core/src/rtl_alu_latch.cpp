// pipeline_decode.vhd's alu_opcode_i / w32_i / is_signed_i / cvt_type_i of a raw instruction
// word, and pipeline_execute.vhd's rule for latching them (rtl_alu_latch.hpp).
#include <fgtlm/core/rtl_alu_latch.hpp>

#include <fgtlm/core/semantics.hpp>

namespace fgtlm::core {

namespace {

// The decoder's view of the 64-bit word (a short instruction's upper word is zero: the fetch
// stage clears it).
struct Word {
    std::uint64_t w;
    [[nodiscard]] bool bit(int b) const { return ((w >> b) & 1u) != 0; }
    [[nodiscard]] unsigned field(int hi, int lo) const { return unsigned((w >> lo) & ((1u << (hi - lo + 1)) - 1u)); }
    [[nodiscard]] bool is_long() const { return bit(0); }
    [[nodiscard]] bool is_flow() const { return bit(1); }
    [[nodiscard]] unsigned opcode() const { return field(31, 28); }
    [[nodiscard]] unsigned subop() const { return field(63, 61); }
    [[nodiscard]] bool imm() const { return is_long() && field(33, 32) == 3u; }   // marker IMM
    [[nodiscard]] bool full() const { return is_long() && field(33, 32) != 3u; }  // FULL_NORM/END/JOIN
};

Word word_of(const isa::Instruction& in) { return Word{(std::uint64_t(in.hi) << 32) | in.lo}; }

// instr_opcode_i = ALU.
bool is_alu(const Word& d) {
    if (d.is_flow()) return false;
    switch (d.opcode()) {
        case 0x2:
        case 0x3:
        case 0x4:
        case 0x6:
        case 0x9:
        case 0xa:
        case 0xb:
        case 0xc:
        case 0xe: return true;
        case 0xd: return d.subop() == 0;
        default: return false;
    }
}

// is_carry_b: IADDC (opcode 3, bit 22) and IMAD24C (opcode 6, bits 59-58 = 11, not IMM).
bool is_carry(const Word& d) {
    if (d.opcode() == 0x3) return d.bit(22);
    return d.opcode() == 0x6 && !d.imm() && d.field(59, 58) == 3u;
}

// alu_opcode_i of an ALU-class word (the decoder's when-else chain, first match).
RtlAluOp alu_opcode(const Word& d) {
    const unsigned sub = d.subop();
    switch (d.opcode()) {
        case 0x2: return RtlAluOp::Iadd;
        case 0x3:
            if (sub == 0 || !d.is_long()) return is_carry(d) ? RtlAluOp::Iaddc : RtlAluOp::Isub;
            switch (sub) {
                case 3: return RtlAluOp::Set;
                case 4: return RtlAluOp::Max;
                case 5: return RtlAluOp::Min;
                case 6: return RtlAluOp::Shl;
                case 7: return RtlAluOp::Shr;
                default: return RtlAluOp::Zero;
            }
        case 0x4: return RtlAluOp::Imul24;
        case 0x6: return is_carry(d) ? RtlAluOp::Imad24c : RtlAluOp::Imad24;
        case 0xa: return RtlAluOp::Cvt;
        case 0xd: {
            static constexpr RtlAluOp kLogic[4] = {RtlAluOp::And, RtlAluOp::Or, RtlAluOp::Xor, RtlAluOp::Neg};
            return kLogic[d.field(47, 46)];
        }
        default: return RtlAluOp::Zero;  // FPU, SFU, RRO or UNKNOWN: no scalar result
    }
}

bool w32_of(const Word& d, RtlAluOp op) {
    switch (op) {
        case RtlAluOp::Imul24: return d.imm() ? d.bit(22) : d.bit(48);
        case RtlAluOp::Iadd:
        case RtlAluOp::Isub: return d.full() ? d.bit(58) : d.bit(15);
        case RtlAluOp::Cvt:
        case RtlAluOp::Shl:
        case RtlAluOp::Shr:
        case RtlAluOp::Set:
        case RtlAluOp::And:
        case RtlAluOp::Or:
        case RtlAluOp::Xor:
        case RtlAluOp::Neg: return d.bit(58);
        default: return false;
    }
}

bool is_signed_of(const Word& d, RtlAluOp op) {
    switch (op) {
        case RtlAluOp::Imul24: return d.full() ? d.bit(47) : d.bit(15);
        case RtlAluOp::Shl:
        case RtlAluOp::Shr:
        case RtlAluOp::Set: return d.bit(59);
        case RtlAluOp::Imad24: return d.imm() && d.bit(8);
        case RtlAluOp::Cvt:
            if (d.subop() == 4) return d.bit(59);  // F2S
            if (d.subop() == 2) return d.bit(48);  // S2F
            return false;
        default: return false;
    }
}

}  // namespace

RtlAluLatchWrite rtl_alu_latch_write(const isa::Instruction& in) {
    RtlAluLatchWrite w;
    if (in.is_illegal()) return w;
    const Word d = word_of(in);
    RtlAluLatch& latch = w.value;
    if (is_alu(d)) {
        w.writes = w.writes_cvt = true;
        latch.op = alu_opcode(d);
        latch.w32 = w32_of(d, latch.op);
        latch.is_signed = is_signed_of(d, latch.op);
        latch.cvt_type = std::uint8_t(d.imm() ? 0u : d.field(48, 46));
        return w;
    }
    if (d.is_flow()) return w;
    // MOV LOAD with destination ADDRESS: R2A (opcode 0, subop 6) latches SHL when lane 0 of
    // its second operand (read_source_ops loads addr_in: the shift, bits 22-16) is not zero,
    // ADA (opcode 0xd, subop 1) IADD; both 32-bit unsigned.
    const bool r2a = d.opcode() == 0x0 && d.subop() == 6 && d.field(22, 16) != 0;
    const bool ada = d.opcode() == 0xd && d.subop() == 1;
    if (r2a || ada) {
        w.writes = true;
        latch.op = r2a ? RtlAluOp::Shl : RtlAluOp::Iadd;
        latch.w32 = true;
        latch.is_signed = false;
    }
    return w;
}

RtlLatchEffects rtl_latch_effects(const isa::Instruction& in) {
    RtlLatchEffects e;
    e.src2 = std::uint8_t(rtl_src2_latch(in));
    if ((in.op == isa::Opcode::IMAD || in.op == isa::Opcode::FMAD) && in.num_src >= 3)
        e.src3 = Src3Latch::FromThirdSource;
    if (in.op == isa::Opcode::R2G && in.num_src >= 1) e.src3 = Src3Latch::FromFirstSource;
    e.alu = rtl_alu_latch_write(in);
    return e;
}

}  // namespace fgtlm::core
