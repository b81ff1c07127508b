#include <fgtlm/core/program.hpp>

#include <algorithm>
#include <cstdio>

#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>

namespace fgtlm::core {

void Program::bind(const std::uint32_t* words, std::uint32_t num_words) {
    words_ = words;
    num_words_ = num_words;
    if (index_.size() < num_words) index_.resize(num_words);
    invalidate();
    decoded_.clear();  // a new program: no instruction of the old one is executing
    undescribed_words_ = 0;
    first_undescribed_.clear();
    zero_ = decode_words(0, 0, 0, false);
}

// The entries stay allocated (a warp instruction in flight may point at one) until the
// next bind; the index forgets them, so every word is decoded afresh.
void Program::invalidate() {
    for (const std::uint32_t w : indexed_) index_[w] = nullptr;
    indexed_.clear();
}

const Program::Decoded* Program::decode_at(std::uint32_t w) {
    const std::uint32_t lo = words_[w];
    // A 64-bit instruction whose second word is missing decodes as Truncated (hi = 0 is
    // passed and the decoder is told through the address check below), unless FlexGripPlus's
    // fetch reads on into its instruction memory, which holds zero words past the program
    // (core.rtl.instruction_address_bits): then the second half is that zero word.
    const bool is_long = (lo & 1u) != 0;
    const std::uint32_t hi = (is_long && w + 1 < num_words_) ? words_[w + 1] : 0u;
    const bool truncated = is_long && w + 1 >= num_words_ && policy_.instruction_address_bits == 0;
    bool undescribed = false;
    const isa::Instruction inst = decode_under(policy_, lo, hi, w * 4u, truncated, &undescribed);
    if (undescribed) note_undescribed(inst);
    const Decoded* d = &decoded_.emplace_back(Decoded{inst, form_info(inst)});
    index_[w] = d;
    indexed_.push_back(w);
    return d;
}

void Program::note_undescribed(const isa::Instruction& inst) {
    if (undescribed_words_++ != 0) return;
    char buf[96];
    std::snprintf(buf, sizeof buf, "PC 0x%04x: 0x%08x_%08x runs as ", inst.address, inst.hi, inst.lo);
    first_undescribed_ = buf + isa::disassemble(inst);
}

Program::Decoded Program::decode_words(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, bool truncated) const {
    const isa::Instruction inst = decode_under(policy_, lo, hi, pc, truncated);
    return Decoded{inst, form_info(inst)};
}

isa::Instruction decode_under(const RtlPolicy& policy, std::uint32_t lo, std::uint32_t hi, std::uint32_t pc,
                              bool truncated, bool* undescribed) {
    isa::Instruction inst;
    if ((lo & 1u) == 0 && hi != 0 && policy.unknown_words && decode_short_word_in_latch(lo, hi, pc, inst)) {
        if (undescribed != nullptr) *undescribed = true;
        apply_semantics(inst, policy);
        return inst;
    }
    inst = isa::decode(lo, hi, pc);
    // FlexGripPlus's decode stage reads each field at its position and checks no other bit:
    // a word with bits the table does not describe runs as the row that describes most of it.
    if (inst.illegal_reason == isa::IllegalReason::ReservedField && policy.undescribed_bits) {
        inst = isa::decode(lo, hi, pc, isa::UndescribedBits::Ignored);
        if (undescribed != nullptr) *undescribed = !inst.is_illegal();
        read_immediate_destination_bit8(lo, hi, inst);
    }
    const bool unknown = inst.illegal_reason == isa::IllegalReason::UnknownOpcode ||
                         inst.illegal_reason == isa::IllegalReason::UnsupportedForm ||
                         inst.illegal_reason == isa::IllegalReason::ReservedField;
    if (unknown && policy.unknown_words && decode_unknown_word(lo, hi, pc, inst) && undescribed != nullptr)
        *undescribed = true;
    if (truncated && !inst.is_illegal()) {
        inst.op = isa::Opcode::Illegal;
        inst.illegal_reason = isa::IllegalReason::Truncated;
    }
    // FlexGripPlus decodes the all-zero word (op 0x0 sub 0, no SM_1.0 instruction) into nothing
    // that writes: measured on the Verilated RTL, four of them in VectorAdd_float commit at
    // PC + 4 each (50 cycles) and leave registers and memory as they were (docs/rtl-policies.md).
    if (lo == 0 && policy.zero_word_nop) {
        inst = isa::Instruction{};
        inst.op = isa::Opcode::NOP;
        inst.form = isa::Form::Short;
    }
    apply_semantics(inst, policy);
    if (policy.unknown_flow_stalls && stalls_branch_unit(lo)) {
        inst.op = isa::Opcode::Illegal;
        inst.illegal_reason = isa::IllegalReason::UnitStalls;
        if (undescribed != nullptr) *undescribed = false;
    }
    return inst;
}

isa::Instruction decode_short_in_long_latch(const RtlPolicy& policy, std::uint32_t lo, std::uint32_t hi,
                                            std::uint32_t pc) {
    // A CVT-class word (opcode 0xa), which the table has in 64 bits only, reads its sub-op and
    // types from the latch (rtl_unknown_words.cpp, decode_cvt_class).
    if (policy.unknown_words && (lo & 2u) == 0 && (lo >> 28) == 0xau) {
        const isa::Instruction in_latch = decode_under(policy, lo, hi, pc, false);
        if (!in_latch.is_illegal()) return in_latch;
    }
    const isa::Instruction as_short = decode_under(policy, lo, 0u, pc, false);
    isa::Instruction as_long = decode_under(policy, lo | 1u, hi, pc, false);
    if (as_long.is_illegal() || (!as_short.is_illegal() && as_short.op == as_long.op)) return as_short;
    // read_source_ops' addr_imm is bit 25 under a short marker: SHL/SHR's immediate (bit 52)
    // becomes the register the field names when bit 25 is clear.
    const bool imm_from_52 = as_long.num_src >= 2 && as_long.src[1].kind == isa::OperandKind::Immediate &&
                             (as_long.op == isa::Opcode::SHL || as_long.op == isa::Opcode::SHR);
    if (imm_from_52 && ((lo >> 25) & 1u) == 0) {
        const isa::Instruction plain = decode_under(policy, lo | 1u, hi & ~(1u << 20), pc, false);
        if (!plain.is_illegal() && plain.num_src >= 2) as_long.src[1] = plain.src[1];
    }
    as_long.lo = lo;
    return as_long;
}

}  // namespace fgtlm::core
