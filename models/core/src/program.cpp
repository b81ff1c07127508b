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
    isa::Instruction inst = isa::decode(lo, hi, w * 4u);
    if (is_long && w + 1 >= num_words_ && !inst.is_illegal()) {
        inst.op = isa::Opcode::Illegal;
        inst.illegal_reason = isa::IllegalReason::Truncated;
    }
    apply_semantics(inst, policy_);
    const Decoded* d = &decoded_.emplace_back(Decoded{inst, form_info(inst)});
    index_[w] = d;
    indexed_.push_back(w);
    return d;
}

}  // namespace fgtlm::core
