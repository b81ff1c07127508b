// The unit table: which execution unit computes each instruction form and which resource
// the timing model charges for it, with the form's other static properties (the RTL latches
// it loads). Decided once per decoded instruction (core::Program).
// A new opcode gets its row here (see models/core/README.md "Adding an instruction").
#include <fgtlm/core/units/unit_table.hpp>

namespace fgtlm::core {

namespace {

struct Units {
    UnitId exec, timing;
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
        case Opcode::NOP: return {UnitId::Branch, UnitId::Branch};
        case Opcode::GLD:
        case Opcode::GST:
        case Opcode::R2G:
        case Opcode::LLD:
        case Opcode::LST:  // local memory: per-thread global memory (memory_function_local.cpp)
            return {UnitId::Memory, UnitId::Memory};
        case Opcode::TEX:  // texture unit (units/texture_function.cpp); timed as a global-memory access
            return {UnitId::Texture, UnitId::Texture};
        case Opcode::S2R:  // special registers are core state: read by the memory unit's core hook
            return {UnitId::Memory, UnitId::SP};
        case Opcode::FMUL:  // sub-op 2 left by apply_semantics (undecoded_fp_subop): the RTL's scalar processor
            if (in.form == isa::Form::Long && in.sub_op == 2) return {UnitId::SP, UnitId::SP};
            return {UnitId::FPU, UnitId::FPU};
        case Opcode::FADD:
        case Opcode::FMAD:
        case Opcode::FSET:
        case Opcode::FMIN:
        case Opcode::FMAX:
        case Opcode::I2F:
        case Opcode::F2I:
        case Opcode::F2F:
        case Opcode::RRO: return {UnitId::FPU, UnitId::FPU};  // RRO lives in the FP opcode space (op 0xB)
        case Opcode::RCP:
        case Opcode::RSQ:
        case Opcode::LG2:
        case Opcode::SIN:
        case Opcode::COS:
        case Opcode::EX2: return {UnitId::SFU, UnitId::SFU};
        case Opcode::MVC:  // constant-memory load (c[b][Ak+=off] too): data moved by the SP lanes
            return {UnitId::SP, UnitId::Memory};
        case Opcode::MOV:
            if (in.num_src > 0 && in.src[0].kind == isa::OperandKind::Shared) return {UnitId::SP, UnitId::Memory};
            return {UnitId::SP, UnitId::SP};
        default: return {UnitId::SP, UnitId::SP};
    }
}

std::uint8_t indexed_shared_accesses(const isa::Instruction& in) {
    std::uint8_t n = in.dst.kind == isa::OperandKind::Shared ? 1 : 0;
    for (std::uint32_t i = 0; i < in.num_src && i < 3; ++i)
        n += in.src[i].kind == isa::OperandKind::Shared && in.src[i].areg != 0 ? 1 : 0;
    return n;
}

// RTL (pipeline_read.vhd, IDLE): the read stage evaluates the guard predicate of the warp
// (PRED_REGS_MASK_REQUEST, READ_PRED_REGS_MASK once per pass of lanes, WAIT_PRED_LUT_DATA,
// GET_PRED_REGS_MASK) for a full 64-bit instruction only; the 32-bit-immediate forms (IMM
// marker: MVI, IADD32I, FADD32I, ...), the 32-bit short forms (HALF: FADD32, MOV32, ...) and
// control-flow instructions whose condition is always true take the full mask instead.
bool reads_guard(const isa::Instruction& in, UnitId timing) {
    if (in.form != isa::Form::Long) return false;
    if (timing == UnitId::Branch && in.op != isa::Opcode::NOP) return in.is_guarded();
    return true;
}

FormFlags form_flags(const isa::Instruction& in, UnitId timing) {
    using isa::Opcode;
    const Opcode op = in.op;
    FormFlags f;
    f.set(FormFlag::FloatArith,
          op == Opcode::FADD || op == Opcode::FMUL || op == Opcode::FMAD || op == Opcode::FMIN || op == Opcode::FMAX);
    f.set(FormFlag::PushesStack, op == Opcode::SSY || op == Opcode::CAL);
    f.set(FormFlag::Return, op == Opcode::RET);
    f.set(FormFlag::ReadsGuard, reads_guard(in, timing));
    f.set(FormFlag::SetsPred, in.set_pred);
    f.set(FormFlag::IdleRead, op == Opcode::NOP && !in.is_join());
    f.indexed_shared = indexed_shared_accesses(in);
    return f;
}

}  // namespace

namespace {

// The registers and memory operands the issue record names (fill_record.cpp).
void record_operands(const isa::Instruction& in, FormInfo& f) {
    for (std::uint32_t i = 0; i < 3 && i < in.num_src; ++i) {
        const isa::Operand& o = in.src[i];
        switch (o.kind) {
            case isa::OperandKind::Reg:
            case isa::OperandKind::RegLo:
            case isa::OperandKind::RegHi:
            case isa::OperandKind::Global: f.src_regs[i] = o.reg; break;
            case isa::OperandKind::Shared: ++f.shared_operands; break;
            case isa::OperandKind::Const: ++f.const_operands; break;
            default: break;
        }
    }
    const isa::OperandKind dk = in.dst.kind;
    const bool gpr = dk == isa::OperandKind::Reg || dk == isa::OperandKind::RegLo || dk == isa::OperandKind::RegHi;
    f.dst_reg = gpr ? in.dst.reg : 0xff;
}

}  // namespace

FormInfo form_info(const isa::Instruction& in) {
    const Units u = units_of(in);
    FormInfo f{u.exec, u.timing, rtl_latch_effects(in), form_flags(in, u.timing)};
    record_operands(in, f);
    return f;
}

}  // namespace fgtlm::core
