#include <fgtlm/core/program.hpp>

#include <algorithm>

#include <fgtlm/isa/decoder.hpp>

namespace fgtlm::core {

void Program::bind(const std::uint32_t* words, std::uint32_t num_words) {
    words_ = words;
    num_words_ = num_words;
    if (index_.size() < num_words) index_.resize(num_words);
    invalidate();
    decoded_.clear();  // a new program: no instruction of the old one is executing
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
    // passed and the decoder is told through the address check below).
    const bool is_long = (lo & 1u) != 0;
    const std::uint32_t hi = (is_long && w + 1 < num_words_) ? words_[w + 1] : 0u;
    const Decoded* d = &decoded_.emplace_back(decode_words(lo, hi, w * 4u, is_long && w + 1 >= num_words_));
    index_[w] = d;
    indexed_.push_back(w);
    return d;
}

Program::Decoded Program::decode_words(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, bool truncated) const {
    isa::Instruction inst = isa::decode(lo, hi, pc);
    if (truncated && !inst.is_illegal()) {
        inst.op = isa::Opcode::Illegal;
        inst.illegal_reason = isa::IllegalReason::Truncated;
    }
    // FlexGripPlus decodes the all-zero word (op 0x0 sub 0, no SM_1.0 instruction) into nothing
    // that writes: measured on the Verilated RTL, four of them in VectorAdd_float commit at
    // PC + 4 each (50 cycles) and leave registers and memory as they were (docs/rtl-policies.md).
    if (lo == 0 && policy_.zero_word_nop) {
        inst = isa::Instruction{};
        inst.op = isa::Opcode::NOP;
        inst.form = isa::Form::Short;
    }
    apply_semantics(inst, policy_);
    return Decoded{inst, form_info(inst)};
}

}  // namespace fgtlm::core
