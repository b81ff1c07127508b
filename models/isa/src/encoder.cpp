#include <fgtlm/isa/encoder.hpp>

#include "codec.hpp"
#include "format_table.hpp"

namespace fgtlm::isa {

Encoding encode(const Instruction& inst) {
    Encoding out;
    std::string first_error;
    bool any_row = false;
    for (const detail::Spec& s : detail::spec_table()) {
        if (s.opcode != inst.op || s.form != inst.form) continue;
        any_row = true;
        std::uint64_t word = 0;
        std::string error;
        if (detail::encode_with(s, inst, word, error)) {
            out.lo = static_cast<std::uint32_t>(word);
            out.hi = static_cast<std::uint32_t>(word >> 32);
            return out;
        }
        if (first_error.empty()) first_error = error;
    }
    if (!any_row) {
        out.error = inst.op == Opcode::Illegal ? "cannot encode an illegal instruction"
                                               : "this operation has no encoding in this form";
    } else {
        out.error = first_error;
    }
    return out;
}

}  // namespace fgtlm::isa
