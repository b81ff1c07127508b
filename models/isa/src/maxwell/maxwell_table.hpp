// NVIDIA Maxwell opcode table (seed 004): every instruction form and its opcode bits.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace fgtlm::isa::maxwell {

struct Form {
    std::string_view mnemonic;   // the seed's section, "FADD"
    std::string_view name;       // the form, "FADD_reg" ("EXIT" for single-form sections)
    std::string_view bits;       // bits 63..48, e.g. "0101 1100 0101 1---"
};

[[nodiscard]] std::span<const Form> forms();

// The pattern as a mask of fixed bits and their values, in the 64-bit instruction word.
struct Pattern {
    std::uint64_t mask = 0;
    std::uint64_t value = 0;
    unsigned length = 0;   // characters other than spaces (16 for a well-formed row)
};
[[nodiscard]] Pattern parse_pattern(std::string_view bits);

}  // namespace fgtlm::isa::maxwell
