// One routine per operand geometry that either reads an Instruction out of the 64-bit
// word or writes one into it, so decoding and encoding can never disagree.
#pragma once

#include "format_table.hpp"

#include <cstdint>
#include <string>

namespace fgtlm::isa::detail {

// Decode direction: fills `inst` from `word` (lo | hi << 32). Returns false with a reason
// in `error` when a field holds a value the table does not define.
bool decode_with(const Spec& spec, std::uint64_t word, Instruction& inst, std::string& error);

// Encode direction: builds the word for `inst` with `spec`. Returns false with a
// human-readable `error` when the instruction has something this row cannot encode.
bool encode_with(const Spec& spec, const Instruction& inst, std::uint64_t& word, std::string& error);

}  // namespace fgtlm::isa::detail
