// The kernel program as the execution core sees it: instruction words plus a cache of
// decoded instructions indexed by word address, filled lazily on first fetch (so every
// branch target, even one in the middle of what a linear decode would see as data, is
// decoded at exactly the address the warp jumps to).
//
// The words are not copied: the program reads them through a pointer to the instruction
// memory (the SystemC fetch stage obtains it by DMI, tests pass a vector). Rebinding or
// calling invalidate() drops the decoded cache, so code rewritten between kernels is seen.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include <fgtlm/core/semantics.hpp>
#include <fgtlm/isa/instruction.hpp>

#include <fgtlm/core/units/unit_table.hpp>

namespace fgtlm::core {

// The instruction the words `lo` (and `hi`, for a 64-bit one) at byte `pc` are under `policy`: the
// SM_1.0 decoder's reading plus the RTL's (the zero word, undescribed bits, words the table
// lacks, flow words that stall, apply_semantics). `truncated`: a 64-bit word whose second half
// is missing. `*undescribed` (when given) says whether the word is outside the SM_1.0 table and
// runs as the RTL reads it. Program caches it per word; fault
// injection decodes a corrupted fetch with it.
[[nodiscard]] isa::Instruction decode_under(const RtlPolicy& policy, std::uint32_t lo, std::uint32_t hi,
                                            std::uint32_t pc, bool truncated, bool* undescribed = nullptr);
// A word whose bit 0 is clear while the fetch latch still holds the upper half `hi` of the
// 64-bit word fetched (a fault in the latch): the decode stage takes the operation from bits
// 28-31 and the sub-op in `hi`. Where that operation is not the short row's (or there is none)
// it runs as the 64-bit word read with a short marker (its second-source immediate flag is bit
// 25, not 52); else as the short word. Only fault injection fetches such a word.
[[nodiscard]] isa::Instruction decode_short_in_long_latch(const RtlPolicy& policy, std::uint32_t lo, std::uint32_t hi,
                                                          std::uint32_t pc);
// Whether FlexGripPlus's branch unit never finishes the word whose low half is `lo` (a flow
// word with an opcode it lacks; RtlPolicy::unknown_flow_stalls; rtl_unknown_words.cpp).
[[nodiscard]] bool stalls_branch_unit(std::uint32_t lo);
// A word the SM_1.0 table lacks as FlexGripPlus's decode stage reads it (RtlPolicy::unknown_words):
// a no-op where it has no operation for the word, the sub-op 0 row where it ignores the sub-op.
// false (inst untouched) for a word it reads otherwise (rtl_unknown_words.cpp).
[[nodiscard]] bool decode_unknown_word(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, isa::Instruction& inst);
// pipeline_decode.vhd reads the destination of a 64-bit word marked IMM from bits 2-8 unless it is
// an IMAD or IMUL (bits 2-7): the table's 32-bit-immediate rows end the field at bit 7, so bit 8
// adds 64 to the register field (RtlPolicy::undescribed_bits; rtl_unknown_words.cpp).
void read_immediate_destination_bit8(std::uint32_t lo, std::uint32_t hi, isa::Instruction& inst);
// A 32-bit word `lo` in a fetch latch whose upper half `hi` is not zero (a fault put bits there):
// the decode stage takes the operation's sub-op from bits 61-63 whatever the length, so a 0x9,
// 0xb, 0xc or 0xe word whose sub-op has no ALU operation writes 0 (RtlPolicy::unknown_words; only
// fault injection fetches such a word). false (inst untouched) for a word the latch bits leave
// as it is.
[[nodiscard]] bool decode_short_word_in_latch(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc,
                                              isa::Instruction& inst);

class Program {
public:
    Program() = default;
    Program(const Program&) = delete;  // the index points into this program's own entries
    Program& operator=(const Program&) = delete;
    // `words` = instruction memory from code byte address 0 (relative to code_base).
    void bind(const std::uint32_t* words, std::uint32_t num_words);
    // Sizes the index for programs of up to num_words words now (at elaboration), so that a
    // kernel's first bind does not allocate and zero it inside the simulated span.
    void reserve(std::uint32_t num_words) {
        if (index_.size() < num_words) index_.resize(num_words);
    }
    void invalidate();
    // Which RTL readings of the words apply (drops the decoded cache).
    void set_policy(const RtlPolicy& p) {
        policy_ = p;
        invalidate();
        zero_ = decode_words(0, 0, 0, false);
    }

    // The instruction at byte address `pc`, decoding it on first use. Returns nullptr when
    // `pc` is outside the bound words or not 4-byte aligned.
    const isa::Instruction* fetch(std::uint32_t pc) {
        const std::uint32_t w = pc >> 2;
        if ((pc & 3u) != 0 || w >= num_words_) return nullptr;
        const Decoded* d = index_[w];
        return d != nullptr ? &d->inst : &decode_at(w)->inst;
    }
    // Unit table entry of the instruction at `pc` (valid after fetch(pc) returned non-null).
    [[nodiscard]] const FormInfo& form(std::uint32_t pc) const { return index_[pc >> 2]->form; }
    // The all-zero word of the instruction memory past the program, as the policy reads it
    // (RtlPolicy::zero_word_nop: a 4-byte no-op; else illegal), and its unit table entry.
    [[nodiscard]] const isa::Instruction& zero_word() const { return zero_.inst; }
    [[nodiscard]] const FormInfo& zero_word_form() const { return zero_.form; }
    [[nodiscard]] std::uint32_t num_words() const { return num_words_; }
    [[nodiscard]] std::uint32_t size_bytes() const { return num_words_ * 4u; }
    // Words decoded since bind() outside the SM_1.0 table, run as the RTL reads them
    // (RtlPolicy::undescribed_bits, unknown_words),
    // and the first of them in words ("PC 0x0010: 0x... runs as MOV ...").
    [[nodiscard]] std::uint64_t undescribed_words() const { return undescribed_words_; }
    [[nodiscard]] const std::string& first_undescribed() const { return first_undescribed_; }

private:
    struct Decoded {
        isa::Instruction inst;
        FormInfo form;
    };
    const Decoded* decode_at(std::uint32_t w);
    void note_undescribed(const isa::Instruction& inst);
    [[nodiscard]] Decoded decode_words(std::uint32_t lo, std::uint32_t hi, std::uint32_t pc, bool truncated) const;
    Decoded zero_{};
    std::uint64_t undescribed_words_ = 0;
    std::string first_undescribed_;

    const std::uint32_t* words_ = nullptr;
    std::uint32_t num_words_ = 0;
    RtlPolicy policy_;
    // The instructions decoded so far, in fetch order (a deque: their addresses stay valid as
    // it grows), and per word its entry or nullptr. Only the words a kernel reaches are
    // decoded and stored, not the whole instruction-memory window at every launch.
    std::deque<Decoded> decoded_;
    std::vector<const Decoded*> index_;
    std::vector<std::uint32_t> indexed_;  // the words index_ points at (invalidate clears only those)
};

}  // namespace fgtlm::core
