// The issue record of a warp instruction (core/issue_record.hpp): what the timing interface
// and the observers hear of it, filled at write-back.
#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::core {

void SmCore::fill_record(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    const WarpState& w = warps_[ctx.fetch.warp_slot];
    IssueRecord& r = ctx.writeback.rec;
    r.inst = &in;
    r.flags = ctx.fetch.form.flags;
    r.sm = cfg_.sm_id;
    r.block = w.block;
    r.warp = w.warp_in_block;
    r.warp_slot = ctx.fetch.warp_slot;
    r.pc = ctx.fetch.pc;
    r.active_mask = ctx.decode.exec_mask;
    r.issue_mask = ctx.decode.issue_mask;
    r.shared_operands = r.const_operands = 0;
    for (std::uint32_t i = 0; i < 3; ++i) {
        r.src_regs[i] = 0xff;
        if (i >= in.num_src) continue;
        const isa::Operand& o = in.src[i];
        switch (o.kind) {
            case isa::OperandKind::Reg:
            case isa::OperandKind::RegLo:
            case isa::OperandKind::RegHi:
            case isa::OperandKind::Global: r.src_regs[i] = o.reg; break;
            case isa::OperandKind::Shared: ++r.shared_operands; break;
            case isa::OperandKind::Const: ++r.const_operands; break;
            default: break;
        }
    }
    const isa::OperandKind dk = in.dst.kind;
    const bool gpr = dk == isa::OperandKind::Reg || dk == isa::OperandKind::RegLo || dk == isa::OperandKind::RegHi;
    r.dst_reg = gpr ? in.dst.reg : 0xff;
    r.dst_dropped = gpr && write_dropped(in.dst);
    r.stack_depth = w.depth;
}

}  // namespace fgtlm::core
