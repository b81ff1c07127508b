#include "fgtlm/core/semantics.hpp"

namespace fgtlm::core {

bool parse_semantics(std::string_view text, Semantics& out) {
    if (text == "rtl") {
        out = Semantics::Rtl;
    } else if (text == "g80") {
        out = Semantics::G80;
    } else {
        return false;
    }
    return true;
}

void apply_semantics(isa::Instruction& in, Semantics s) {
    using isa::Form;
    using isa::Opcode;
    if (s != Semantics::Rtl || in.is_illegal()) return;
    const bool fadd_fmul = in.op == Opcode::FADD || in.op == Opcode::FMUL;
    if (fadd_fmul && in.form == Form::Immediate) in.src[0].negate = false;
    if (in.op == Opcode::FMUL && in.form == Form::Short) in.src[1].negate = false;
    if (in.op == Opcode::FMAD && in.form == Form::Short) in.src[0].negate = false;
}

}  // namespace fgtlm::core
