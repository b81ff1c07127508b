// Beyond the RTL (FlexGripPlus does not implement them; nvcc code uses them):
// - LLD/LST: local memory = per-thread windows in global memory (LaunchConfig::local_base,
//   local_bytes_per_thread). l[Ak + off] is a byte offset into the executing thread's window.
// - S2R: special registers SR0 (physical id: the SM number), SR1 (%clock: the SM's issued
//   warp-instruction count, low 32 bits; monotonic, not cycle-accurate), SR4-SR7 (%pm0-3:
//   performance counters, always 0 in the model). Other numbers read 0.
#include <fgtlm/core/sm_core.hpp>

#include <bit>
#include <cstring>

namespace fgtlm::core {

using isa::DataType;

namespace {

std::uint32_t local_size(DataType t) {
    switch (t) {
        case DataType::U8: case DataType::S8: return 1;
        case DataType::U16: case DataType::S16: return 2;
        case DataType::U64: return 8;
        case DataType::U128: return 16;
        default: return 4;
    }
}

std::uint32_t extend(std::uint32_t raw, DataType t) {
    switch (t) {
        case DataType::S8: return std::uint32_t(std::int32_t(std::int8_t(raw)));
        case DataType::S16: return std::uint32_t(std::int32_t(std::int16_t(raw)));
        default: return raw;
    }
}

}  // namespace

bool SmCore::exec_local(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.inst;
    const bool store = in.op == isa::Opcode::LST;
    const isa::Operand& mop = store ? in.dst : in.src[0];
    const DataType t = mop.type != DataType::None ? mop.type : in.dtype;
    const std::uint32_t size = local_size(t);
    const std::uint32_t words = size >= 4 ? size / 4 : 1;
    const std::uint32_t m = ctx.exec_mask;
    MemAccessSummary& ms = ctx.rec.mem;
    ms.space = MemSpace::Global;
    ms.is_store = store;
    ms.access_bytes = std::uint8_t(size);
    ms.bytes = size * std::uint32_t(std::popcount(m));
    ms.transactions = m ? 1 : 0;
    if (!store) ctx.res_regs = words;
    if (m == 0) return true;
    const WarpState& w = warps_[ctx.warp_slot];
    const std::uint32_t* a = mop.areg ? regs_.areg_row(ctx.warp_slot, mop.areg & 7u) : zeros_;
    const std::uint64_t stride = launch_.local_bytes_per_thread;
    const std::uint64_t first_thread = std::uint64_t(w.block) * launch_.threads_per_block() + w.warp_in_block * kWarpSize;
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        if (!((m >> l) & 1u)) continue;
        const std::uint64_t off = std::uint64_t(a[l]) + mop.value;
        if (off % size != 0) {
            fail(KernelErrorKind::MisalignedAccess, ctx.warp_slot, off, "local access not aligned to its size");
            return false;
        }
        if (off + size > stride) {
            fail(KernelErrorKind::OutOfRangeAccess, ctx.warp_slot, off,
                 "local access outside the thread's local window (" + std::to_string(stride) + " bytes per thread)");
            return false;
        }
        const std::uint64_t addr = launch_.local_base + (first_thread + l) * stride + off;
        std::uint8_t bytes[16] = {};
        if (store) {
            for (std::uint32_t k = 0; k < words; ++k) {
                const std::uint32_t r = in.src[0].reg + k;
                const std::uint32_t v = (r == 124 || r > 127) ? 0u : reg_row(ctx.warp_slot, r)[l];
                std::memcpy(bytes + 4 * k, &v, size < 4 ? size : 4);
            }
            if (global_->write(addr, bytes, size) != MemStatus::Ok) {
                fail(KernelErrorKind::OutOfRangeAccess, ctx.warp_slot, addr, "LST rejected by global memory (TLM error response)");
                return false;
            }
        } else {
            if (global_->read(addr, bytes, size) != MemStatus::Ok) {
                fail(KernelErrorKind::OutOfRangeAccess, ctx.warp_slot, addr, "LLD rejected by global memory (TLM error response)");
                return false;
            }
            if (size < 4) {
                std::uint32_t raw = 0;
                std::memcpy(&raw, bytes, size);
                ctx.res[0][l] = extend(raw, t);
            } else {
                for (std::uint32_t k = 0; k < words; ++k) std::memcpy(&ctx.res[k][l], bytes + 4 * k, 4);
            }
        }
    }
    ms.latency_cycles = std::uint32_t(global_->pending_cycles);
    global_->pending_cycles = 0;
    return true;
}

void SmCore::exec_special(ExecContext& ctx) {
    const std::uint32_t sr = ctx.inst->src[0].value;
    std::uint32_t v = 0;
    if (sr == 0) v = cfg_.sm_id;
    else if (sr == 1) v = std::uint32_t(warp_instructions);
    for (std::uint32_t l = 0; l < kWarpSize; ++l) ctx.res[0][l] = v;
    ctx.res_regs = 1;
}

}  // namespace fgtlm::core
