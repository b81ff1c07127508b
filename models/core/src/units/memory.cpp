// Execute stage, memory unit: global loads/stores (GLD/GST) and shared stores (R2G).
#include <bit>
#include <cstring>
#include <string>

#include <fgtlm/core/sm_core.hpp>
#include "../bank_conflicts.hpp"

namespace fgtlm::core {

namespace {

using isa::DataType;

std::uint32_t access_size(DataType t) {
    switch (t) {
        case DataType::U8: case DataType::S8: return 1;
        case DataType::U16: case DataType::S16: case DataType::F16: return 2;
        case DataType::U64: case DataType::F64: return 8;
        case DataType::U128: return 16;
        default: return 4;
    }
}

std::uint32_t extend_loaded(std::uint32_t raw, DataType t) {
    switch (t) {
        case DataType::U8: return raw & 0xffu;
        case DataType::S8: return std::uint32_t(std::int32_t(std::int8_t(raw & 0xffu)));
        case DataType::U16: return raw & 0xffffu;
        case DataType::S16: return std::uint32_t(std::int32_t(std::int16_t(raw & 0xffffu)));
        default: return raw;
    }
}

// Distinct aligned 64-byte segments touched by the lanes in `mask` (coalescing summary).
std::uint16_t count_segments(const std::uint32_t* addr, std::uint32_t mask) {
    std::uint32_t seen[32];
    std::uint16_t n = 0;
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        if (!((mask >> l) & 1u)) continue;
        const std::uint32_t s = addr[l] >> 6;
        bool dup = false;
        for (std::uint16_t i = 0; i < n && !dup; ++i) dup = seen[i] == s;
        if (!dup) seen[n++] = s;
    }
    return n;
}

}  // namespace

bool MemoryFunction::execute(ExecContext& ctx) { return core_.exec_memory(ctx); }

bool SmCore::exec_memory(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.inst;
    switch (in.op) {  // forms beyond the RTL (execute_local.cpp)
        case isa::Opcode::LLD: case isa::Opcode::LST:
            return exec_local(ctx);
        case isa::Opcode::S2R:
            if (ctx.exec_mask != 0) exec_special(ctx);
            return true;
        case isa::Opcode::MVC:
            fail(KernelErrorKind::IllegalInstruction, ctx.warp_slot, 0, "MVC with address-register post-increment is not modelled yet");
            return false;
        default: break;
    }
    const std::uint32_t m = ctx.exec_mask;
    MemAccessSummary& ms = ctx.rec.mem;
    if (in.op == isa::Opcode::R2G) {
        // Shared store: g[Ak + off] = Rs (size of the destination type).
        const isa::Operand& d = in.dst;
        const std::uint32_t size = isa::Operand::size_of(d.type);
        const std::uint32_t base = blocks_[warps_[ctx.warp_slot].block_slot].shared_base + d.byte_offset();
        const std::uint32_t* a = d.areg ? regs_.areg_row(ctx.warp_slot, d.areg) : zeros_;
        const std::uint32_t* v = ctx.src[0];
        for (std::uint32_t l = 0; l < kWarpSize; ++l) {
            if (!((m >> l) & 1u)) continue;
            const std::uint32_t addr = base + a[l];
            if (addr % size != 0) {
                fail(KernelErrorKind::MisalignedAccess, ctx.warp_slot, addr, "shared store not aligned to its size");
                return false;
            }
            if (std::uint64_t(addr) + size > cfg_.shared_bytes) {
                fail(KernelErrorKind::OutOfRangeAccess, ctx.warp_slot, addr, "shared store outside the shared memory");
                return false;
            }
            std::memcpy(&shared_[addr], &v[l], size);
            if (track_undefined_)
                for (std::uint32_t b = 0; b < size; ++b) shared_taint_[addr + b] = std::uint8_t((ctx.taint >> l) & 1u);
        }
        ms.space = MemSpace::Shared;
        ms.is_store = true;
        ms.access_bytes = std::uint8_t(size);
        ms.bytes = size * std::uint32_t(std::popcount(m));
        ms.transactions = m ? 1 : 0;
        if (record_issues || !observers_.empty()) ms.bank_conflict_degree = shared_bank_conflict_degree(base, a, m);
        return true;
    }

    const bool store = in.op == isa::Opcode::GST;
    const isa::Operand& gop = store ? in.dst : in.src[0];
    const DataType t = gop.type != DataType::None ? gop.type : in.dtype;
    const std::uint32_t size = access_size(t);
    const std::uint32_t words = size >= 4 ? size / 4 : 1;
    const std::uint32_t* addr = gop.reg == 124 ? zeros_ : reg_row(ctx.warp_slot, gop.reg);
    ms.space = MemSpace::Global;
    ms.is_store = store;
    ms.access_bytes = std::uint8_t(size > 255 ? 255 : size);
    ms.bytes = size * std::uint32_t(std::popcount(m));
    if (m == 0) return true;
    if (record_issues || !observers_.empty()) ms.transactions = count_segments(addr, m);
    struct LatencyToRecord {  // slow-path latency the port accumulated, whatever the exit
        GlobalMemoryPort* port;
        MemAccessSummary& ms;
        ~LatencyToRecord() {
            ms.latency_cycles = std::uint32_t(port->pending_cycles);
            port->pending_cycles = 0;
        }
    } latency{global_, ms};

    const DirectWindow& win = global_->dmi;
    // Fast path: 32-bit accesses, every executing lane aligned and inside the DMI window.
    if (size == 4 && !track_undefined_ && (store ? win.writable : win.readable) && win.data != nullptr) {
        bool fast = true;
        for (std::uint32_t l = 0; l < kWarpSize; ++l) {
            const std::uint64_t a = addr[l];
            fast &= !((m >> l) & 1u) || ((a & 3u) == 0 && a >= win.start && a + 3 <= win.end);
        }
        if (fast) {
            std::uint8_t* base = win.data - win.start;
            const std::uint32_t* v = store ? (in.src[0].reg == 124 ? zeros_ : reg_row(ctx.warp_slot, in.src[0].reg)) : nullptr;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                if (!((m >> l) & 1u)) continue;
                if (store) std::memcpy(base + addr[l], &v[l], 4);
                else std::memcpy(&ctx.res[0][l], base + addr[l], 4);
            }
            if (!store) ctx.res_regs = 1;
            return true;
        }
    }

    const DirectWindow& dmi = global_->dmi;
    // Data registers of a store (up to 4 consecutive registers for .64/.128).
    const std::uint32_t* data[4] = {zeros_, zeros_, zeros_, zeros_};
    if (store) {
        const isa::Operand& s = in.src[0];
        for (std::uint32_t k = 0; k < words; ++k) {
            const std::uint32_t r = s.reg + k;
            if (s.kind == isa::OperandKind::RegLo || s.kind == isa::OperandKind::RegHi) {
                data[k] = ctx.src[0];  // 16-bit source already extracted by the read stage
            } else {
                data[k] = (r == 124 || r > 127) ? zeros_ : reg_row(ctx.warp_slot, r);
            }
        }
    } else {
        ctx.res_regs = words;
    }
    const bool track = track_undefined_;
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        if (!((m >> l) & 1u)) continue;
        const std::uint64_t a = addr[l];
        if (track && a + size <= global_shadow_size_) {
            if (store) {
                for (std::uint32_t b = 0; b < size; ++b) global_shadow_[a + b] = std::uint8_t((ctx.taint >> l) & 1u);
            } else {
                for (std::uint32_t b = 0; b < size; ++b)
                    if (global_shadow_[a + b]) ctx.taint |= 1u << l;
            }
        }
        if (a % size != 0) {
            fail(KernelErrorKind::MisalignedAccess, ctx.warp_slot, a,
                 std::string(store ? "GST" : "GLD") + " address not aligned to the access size " + std::to_string(size));
            return false;
        }
        std::uint8_t bytes[16];
        if (store) {
            for (std::uint32_t k = 0; k < words; ++k) std::memcpy(bytes + 4 * k, &data[k][l], 4);
            if (dmi.writable && dmi.covers(a, size)) {
                std::memcpy(dmi.data + (a - dmi.start), bytes, size);
            } else if (global_->write(a, bytes, size) != MemStatus::Ok) {
                fail(KernelErrorKind::OutOfRangeAccess, ctx.warp_slot, a, "GST rejected by global memory (TLM error response)");
                return false;
            }
        } else {
            if (dmi.readable && dmi.covers(a, size)) {
                std::memcpy(bytes, dmi.data + (a - dmi.start), size);
            } else if (global_->read(a, bytes, size) != MemStatus::Ok) {
                fail(KernelErrorKind::OutOfRangeAccess, ctx.warp_slot, a, "GLD rejected by global memory (TLM error response)");
                return false;
            }
            if (size < 4) {
                std::uint32_t raw = 0;
                std::memcpy(&raw, bytes, size);
                ctx.res[0][l] = extend_loaded(raw, t);
            } else {
                for (std::uint32_t k = 0; k < words; ++k) std::memcpy(&ctx.res[k][l], bytes + 4 * k, 4);
            }
        }
    }
    return true;
}

}  // namespace fgtlm::core
