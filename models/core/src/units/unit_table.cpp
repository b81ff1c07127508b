// The unit table: which execution unit computes each instruction form and which resource
// the timing model charges for it, with the form's other static properties (the RTL latches
// it loads). Decided once per decoded instruction (core::Program).
// A new opcode gets its row here (see models/core/README.md "Adding an instruction").
#include <fgtlm/core/units/exec_unit.hpp>

namespace fgtlm::core {

namespace {

struct Units {
    ExecUnit exec, timing;
};

Units units_of(const isa::Instruction& in) {
    using isa::Opcode;
    switch (in.op) {
        case Opcode::BRA:
        case Opcode::CAL:
        case Opcode::RET:
        case Opcode::BAR:
        case Opcode::SSY:
        case Opcode::TRAP:
        case Opcode::KIL:
        case Opcode::BRK:
        case Opcode::PBK:
        case Opcode::NOP: return {ExecUnit::Branch, ExecUnit::Branch};
        case Opcode::GLD:
        case Opcode::GST:
        case Opcode::R2G:
        case Opcode::LLD:
        case Opcode::LST:  // local memory: per-thread global memory (execute_local.cpp)
            return {ExecUnit::Memory, ExecUnit::Memory};
        case Opcode::TEX:  // texture unit (units/texture.cpp); timed as a global-memory access
            return {ExecUnit::Texture, ExecUnit::Texture};
        case Opcode::S2R:  // special registers are core state: read by the memory unit's core hook
            return {ExecUnit::Memory, ExecUnit::SP};
        case Opcode::FADD:
        case Opcode::FMUL:
        case Opcode::FMAD:
        case Opcode::FSET:
        case Opcode::FMIN:
        case Opcode::FMAX:
        case Opcode::I2F:
        case Opcode::F2I:
        case Opcode::F2F:
        case Opcode::RRO: return {ExecUnit::FPU, ExecUnit::FPU};  // RRO lives in the FP opcode space (op 0xB)
        case Opcode::RCP:
        case Opcode::RSQ:
        case Opcode::LG2:
        case Opcode::SIN:
        case Opcode::COS:
        case Opcode::EX2: return {ExecUnit::SFU, ExecUnit::SFU};
        case Opcode::MVC:  // constant-memory load (c[b][Ak+=off] too): data moved by the SP lanes
            return {ExecUnit::SP, ExecUnit::Memory};
        case Opcode::MOV:
            if (in.num_src > 0 && in.src[0].kind == isa::OperandKind::Shared) return {ExecUnit::SP, ExecUnit::Memory};
            return {ExecUnit::SP, ExecUnit::SP};
        default: return {ExecUnit::SP, ExecUnit::SP};
    }
}

}  // namespace

FormInfo form_info(const isa::Instruction& in) {
    const Units u = units_of(in);
    return {u.exec, u.timing, rtl_latch_effects(in)};
}

}  // namespace fgtlm::core
