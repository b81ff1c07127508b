// The issue record of a warp instruction (core/issue_record.hpp): what the timing interface
// and the observers hear of it, filled at write-back.
#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::core {

[[gnu::hot]] void SmCore::fill_record(ExecContext& ctx) {
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
    const FormInfo& form = ctx.fetch.form;  // the static operand fields (form_info)
    r.src_regs = form.src_regs;
    r.shared_operands = form.shared_operands;
    r.const_operands = form.const_operands;
    r.dst_reg = form.dst_reg;
    r.dst_dropped = form.dst_reg != 0xff && write_dropped(in.dst);
    r.stack_depth = w.depth;
}

}  // namespace fgtlm::core
