#include <fgtlm/core/program.hpp>

#include <algorithm>

#include <fgtlm/isa/decoder.hpp>

namespace fgtlm::core {

void Program::bind(const std::uint32_t* words, std::uint32_t num_words) {
    words_ = words;
    num_words_ = num_words;
    if (cache_.size() < num_words) {
        cache_.resize(num_words);
        forms_.resize(num_words);
        valid_.resize(num_words);
    }
    invalidate();
}

void Program::invalidate() { std::fill(valid_.begin(), valid_.end(), std::uint8_t{0}); }

void Program::decode_at(std::uint32_t w) {
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
    cache_[w] = inst;
    forms_[w] = form_info(inst);
    valid_[w] = 1;
}

}  // namespace fgtlm::core
