// Instruction -> SM_1.0 machine words.
#pragma once

#include <fgtlm/isa/instruction.hpp>

#include <cstdint>
#include <string>

namespace fgtlm::isa {

struct Encoding {
    std::uint32_t lo = 0;   // bits 0-31 (the only word of a Short instruction)
    std::uint32_t hi = 0;   // bits 32-63 (0 for Short)
    std::string error;      // empty on success; else why the instruction cannot be encoded
    [[nodiscard]] bool ok() const { return error.empty(); }
};

// Encodes `inst` in its `form` (Long, Short or Immediate) using inst.op and operands; the
// lo/hi/address/sub_op members are ignored. encode(decode(lo, hi, a)) == {lo, hi} for every
// non-illegal decode. Errors name the operand or modifier that has no encoding.
[[nodiscard]] Encoding encode(const Instruction& inst);

}  // namespace fgtlm::isa
