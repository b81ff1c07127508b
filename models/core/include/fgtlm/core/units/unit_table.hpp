// The unit table: which unit executes each instruction form, which resource the timing model
// charges, and the form's other static properties, fixed at decode (core::Program caches them).
#pragma once

#include <array>

#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/core/rtl_alu_latch.hpp>
#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::core {

// Static properties of an instruction form.
struct FormInfo {
    UnitId exec = UnitId::SP;    // the unit that computes the result
    UnitId timing = UnitId::SP;  // the resource the timing model charges (MVC: Memory)
    RtlLatchEffects rtl;         // core.semantics=rtl: the latches it loads (rtl_alu_latch.hpp)
    FormFlags flags;             // static properties the timing model and observers test
    // The issue record's operand fields (IssueRecord::src_regs, dst_reg, shared_operands,
    // const_operands), worked out once per decoded word instead of at every issue.
    std::array<std::uint8_t, 3> src_regs{0xff, 0xff, 0xff};
    std::uint8_t dst_reg = 0xff;
    std::uint8_t shared_operands = 0;
    std::uint8_t const_operands = 0;
};

// Every opcode (and form, for MOV from shared memory) to its units.
FormInfo form_info(const isa::Instruction& in);

}  // namespace fgtlm::core
