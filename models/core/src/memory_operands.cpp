// What the core hands the memory unit (units/memory_function.hpp): the register rows an access
// addresses and stores, the block's shared window, the thread's local window, the special
// register of S2R -- all core state, gathered here so the unit itself never reaches into
// the core -- and the memory ports the built-in unit accesses.
#include <fgtlm/core/sm_core.hpp>

#include <algorithm>

namespace fgtlm::core {

void SmCore::gather_memory_operands(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    const std::uint32_t slot = ctx.fetch.warp_slot;
    MemOperands& mo = ctx.execute.mem_operands;
    mo.summarize = record_issues || !observers_.empty();
    switch (in.op) {
        case isa::Opcode::R2G:
            mo.addr = in.dst.areg ? regs_.areg_row(slot, in.dst.areg) : zeros_;
            mo.shared_base = blocks_[warps_[slot].block_slot].shared_base;
            return;
        case isa::Opcode::LLD:
        case isa::Opcode::LST: {
            const isa::Operand& mop = in.op == isa::Opcode::LST ? in.dst : in.src[0];
            const WarpState& w = warps_[slot];
            const std::uint64_t first_thread =
                std::uint64_t(w.block) * launch_.threads_per_block() + w.warp_in_block * kWarpSize;
            mo.addr = mop.areg ? regs_.areg_row(slot, mop.areg & 7u) : zeros_;
            mo.local_stride = launch_.local_bytes_per_thread;
            mo.local_base = launch_.local_base + first_thread * mo.local_stride;
            break;
        }
        case isa::Opcode::GLD:
        case isa::Opcode::GST: {
            const isa::Operand& gop = in.op == isa::Opcode::GST ? in.dst : in.src[0];
            // The field as the address (semantics.cpp, global_address_field).
            if (gop.kind == isa::OperandKind::Immediate) {
                std::fill(ctx.read.buf[2], ctx.read.buf[2] + kWarpSize, gop.value);
                mo.addr = ctx.read.buf[2];
                break;
            }
            mo.addr = gop.reg == 124 ? zeros_ : reg_row(slot, gop.reg);
            break;
        }
        case isa::Opcode::S2R: {  // SR0: the SM number, SR1: %clock (issued warp instructions), others 0
            const std::uint32_t sr = in.src[0].value;
            mo.special = sr == 0 ? cfg_.sm_id : sr == 1 ? std::uint32_t(warp_instructions) : 0u;
            return;
        }
        default: return;
    }
    if (in.op != isa::Opcode::GST && in.op != isa::Opcode::LST) return;
    // Store data: up to 4 consecutive registers (.64/.128); R124 and fields past R127 read 0.
    // A 16-bit GST source (RnL/RnH) was extracted by the read stage.
    const isa::Operand& s = in.src[0];
    const bool half =
        in.op == isa::Opcode::GST && (s.kind == isa::OperandKind::RegLo || s.kind == isa::OperandKind::RegHi);
    for (std::uint32_t k = 0; k < 4; ++k) {
        const std::uint32_t r = s.reg + k;
        mo.data[k] = half ? ctx.read.src[0] : (r == 124 || r > 127) ? zeros_ : reg_row(slot, r);
    }
}

void SmCore::sync_memory_ports() {
    mem_ports_.global = global_;
    mem_ports_.local = local_ != nullptr ? local_ : global_;
    mem_ports_.shared = shared_writes_;
    mem_ports_.shared_bytes = std::uint32_t(shared_.size());
    mem_ports_.shared_taint = track_undefined_ ? shared_taint_.data() : nullptr;
    mem_ports_.global_shadow = track_undefined_ ? global_shadow_ : nullptr;
    mem_ports_.global_shadow_size = global_shadow_size_;
    const bool bytes = cfg_.rtl.misaligned == Misaligned::Bytes;
    mem_ports_.rtl_global = RtlSpace::of(cfg_.rtl.global_address_bits, bytes);
    mem_ports_.rtl_shared = RtlSpace::of(cfg_.rtl.shared_address_bits, bytes);
    mem_ports_.events = &rtl_events;
}

}  // namespace fgtlm::core
