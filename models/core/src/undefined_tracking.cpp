// Undefined-value ('U') tracking: which results derive from global bytes the RTL loaded as
// undefined. Off unless set_undefined_tracking() was called; costs one branch per phase then.
#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::core {

void SmCore::set_undefined_tracking(std::uint8_t* shadow, std::uint64_t size) {
    global_shadow_ = shadow;
    global_shadow_size_ = size;
    track_undefined_ = shadow != nullptr;
    regs_.enable_taint(track_undefined_);
    shared_taint_.assign(track_undefined_ ? cfg_.shared_bytes : 0, 0);
    sync_memory_ports();
}

std::uint32_t SmCore::operand_taint(const ExecContext& ctx, const isa::Operand& op) {
    switch (op.kind) {
        case isa::OperandKind::Reg:
        case isa::OperandKind::RegLo:
        case isa::OperandKind::RegHi:
        case isa::OperandKind::Global:
            return (op.reg == 124 && op.kind != isa::OperandKind::RegLo && op.kind != isa::OperandKind::RegHi) ||
                           half_reads_zero(op)
                       ? 0u
                       : regs_.taint(row_index(ctx.fetch.warp_slot, op.reg));
        case isa::OperandKind::Shared: {
            const std::uint32_t size = isa::Operand::size_of(op.type);
            const std::uint32_t base = blocks_[warps_[ctx.fetch.warp_slot].block_slot].shared_base + op.byte_offset();
            const std::uint32_t* a = op.areg ? regs_.areg_row(ctx.fetch.warp_slot, op.areg) : zeros_;
            std::uint32_t t = 0;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                if (!((ctx.decode.exec_mask >> l) & 1u)) continue;
                const std::uint32_t addr = base + a[l];
                for (std::uint32_t b = 0; b < size && addr + b < shared_taint_.size(); ++b)
                    if (shared_taint_[addr + b]) t |= 1u << l;
            }
            return t;
        }
        default: return 0;
    }
}

// Called by write-back: register destinations take the taint of the result.
void SmCore::write_taint(const ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    const std::uint32_t m = ctx.decode.exec_mask;
    if (ctx.execute.res_regs == 0 || m == 0) return;
    const isa::OperandKind k = in.dst.kind;
    if (write_dropped(in.dst)) return;
    if (k == isa::OperandKind::Reg) {
        for (std::uint32_t i = 0; i < ctx.execute.res_regs; ++i) {
            const std::uint32_t r = in.dst.reg + i;
            if (r > 127 || (r == 124 && !cfg_.rtl.register_fields)) continue;
            std::uint32_t& t = reg_taint(ctx.fetch.warp_slot, r);
            t = (t & ~m) | (ctx.read.taint & m);
        }
    } else if (k == isa::OperandKind::RegLo || k == isa::OperandKind::RegHi) {
        reg_taint(ctx.fetch.warp_slot, in.dst.reg) |= ctx.read.taint & m;  // other half keeps its state
    }
}

}  // namespace fgtlm::core
