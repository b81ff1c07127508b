// Execute stage, memory unit: global loads/stores (GLD/GST), shared stores (R2G) and S2R;
// local memory (LLD/LST) is in memory_function_local.cpp. The unit works on the payload (the rows in
// ExecContext::mem_operands) and its memory ports only (units/memory_function.hpp).
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
        case DataType::U8:
        case DataType::S8: return 1;
        case DataType::U16:
        case DataType::S16:
        case DataType::F16: return 2;
        case DataType::U64:
        case DataType::F64: return 8;
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

// The access type of a GLD/GST: the memory operand's, else the instruction's.
DataType global_type(const isa::Instruction& in) {
    const isa::Operand& gop = in.op == isa::Opcode::GST ? in.dst : in.src[0];
    return gop.type != DataType::None ? gop.type : in.dtype;
}

// Distinct aligned 64-byte segments touched by the lanes in `mask` (coalescing summary).
std::uint16_t count_segments(const std::uint32_t* addr, std::uint32_t mask) {
    // The usual warp access walks memory upwards: then the distinct segments are the steps
    // (one pass); any other order takes the pairwise search below.
    std::uint16_t steps = 0;
    std::uint32_t prev = 0;
    bool first = true, ascending = true;
    for (std::uint32_t m = mask; m != 0 && ascending; m &= m - 1) {
        const std::uint32_t s = addr[std::countr_zero(m)] >> 6;
        ascending = first || s >= prev;
        steps = std::uint16_t(steps + (first || s > prev));
        prev = s;
        first = false;
    }
    if (ascending) return steps;
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

[[gnu::hot]] bool MemoryFunction::execute(ExecContext& op) {
    switch (op.fetch.inst->op) {
        case isa::Opcode::LLD:
        case isa::Opcode::LST: return access_local(op);
        case isa::Opcode::S2R:
            if (op.decode.exec_mask != 0) read_special(op);
            return true;
        case isa::Opcode::R2G: return store_shared(op);
        default: return access_global(op);
    }
}

// Shared store: g[Ak + off] = Rs (size of the destination type); g[Ak+=off] stores at g[Ak]
// (the core then adds off to Ak: post_increment).
bool MemoryFunction::store_shared(ExecContext& op) {
    const isa::Operand& d = op.fetch.inst->dst;
    const std::uint32_t m = op.decode.exec_mask;
    const std::uint32_t size = isa::Operand::size_of(d.type);
    const std::uint32_t base = op.execute.mem_operands.shared_base + (d.post_inc ? 0u : d.byte_offset());
    const std::uint32_t* a = op.execute.mem_operands.addr;
    const std::uint32_t* v = op.read.src[0];
    MemAccessSummary& ms = describe_access(op, MemSpace::Shared, true, size);
    const PortLatencyToRecord latency{ports_.shared, ms.latency_cycles};
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        if (!((m >> l) & 1u)) continue;
        const std::uint32_t addr = base + a[l];
        const bool misaligned = addr % size != 0, outside = std::uint64_t(addr) + size > ports_.shared_bytes;
        if ((misaligned && ports_.rtl_shared.misaligned_bytes) || (outside && ports_.rtl_shared.wrap_mask != 0)) {
            if (!rtl_shared_store(op, addr, reinterpret_cast<const std::uint8_t*>(&v[l]), size)) return false;
            continue;  // (undefined-value tracking does not follow these stores)
        }
        if (misaligned)
            return unit_fail(op, KernelErrorKind::MisalignedAccess, addr, "shared store not aligned to its size");
        if (outside)
            return unit_fail(op, KernelErrorKind::OutOfRangeAccess, addr, "shared store outside the shared memory");
        if (ports_.shared->store(addr, reinterpret_cast<const std::uint8_t*>(&v[l]), size) != MemStatus::Ok)
            return unit_fail(op, KernelErrorKind::OutOfRangeAccess, addr,
                             "the shared-memory controller refused the store (TLM error response)");
        if (ports_.shared_taint != nullptr)
            for (std::uint32_t b = 0; b < size; ++b)
                ports_.shared_taint[addr + b] = std::uint8_t((op.read.taint >> l) & 1u);
    }
    ms.transactions = m ? 1 : 0;
    if (op.execute.mem_operands.summarize) ms.bank_conflict_degree = shared_bank_conflict_degree(base, a, m);
    return true;
}

bool MemoryFunction::access_global(ExecContext& op) {
    const bool store = op.fetch.inst->op == isa::Opcode::GST;
    const DataType t = global_type(*op.fetch.inst);
    const std::uint32_t size = access_size(t);
    const std::uint32_t m = op.decode.exec_mask;
    const std::uint32_t* addr = op.execute.mem_operands.addr;
    MemAccessSummary& ms = describe_access(op, MemSpace::Global, store, size);
    if (m == 0) return true;
    if (op.execute.mem_operands.summarize) ms.transactions = count_segments(addr, m);
    const PortLatencyToRecord latency{ports_.global, ms.latency_cycles};
    if (access_global_direct(op, size)) return true;
    if (!store) op.execute.res_regs = size >= 4 ? size / 4 : 1;
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        if (!((m >> l) & 1u)) continue;
        if (ports_.global_shadow != nullptr) track_global_lane(op, l, size, store);
        if (addr[l] % size != 0 && ports_.rtl_global.misaligned_bytes) {
            if (!rtl_global_lane(op, l, size, t, store)) return false;
            continue;
        }
        if (addr[l] % size != 0)
            return unit_fail(
                op, KernelErrorKind::MisalignedAccess, addr[l],
                std::string(store ? "GST" : "GLD") + " address not aligned to the access size " + std::to_string(size));
        if (!(store ? store_global_lane(op, l, size) : load_global_lane(op, l, t))) return false;
    }
    return true;
}

// Fast path: 32-bit accesses, every executing lane aligned and inside the DMI window.
bool MemoryFunction::access_global_direct(ExecContext& op, std::uint32_t size) {
    const bool store = op.fetch.inst->op == isa::Opcode::GST;
    const DirectWindow& win = ports_.global->dmi;
    if (size != 4 || ports_.global_shadow != nullptr || !(store ? win.writable : win.readable) || win.data == nullptr)
        return false;
    const std::uint32_t m = op.decode.exec_mask;
    const std::uint32_t* addr = op.execute.mem_operands.addr;
    bool fast = true;
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        const std::uint64_t a = addr[l];
        fast &= !((m >> l) & 1u) || ((a & 3u) == 0 && a >= win.start && a + 3 <= win.end);
    }
    if (!fast) return false;
    std::uint8_t* base = win.data - win.start;
    const std::uint32_t* v = op.execute.mem_operands.data[0];
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        if (!((m >> l) & 1u)) continue;
        if (store)
            std::memcpy(base + addr[l], &v[l], 4);
        else
            std::memcpy(&op.execute.res[0][l], base + addr[l], 4);
    }
    if (!store) op.execute.res_regs = 1;
    return true;
}

// Undefined-value tracking: a store marks the bytes, a load of a marked byte marks the lane.
void MemoryFunction::track_global_lane(ExecContext& op, std::uint32_t l, std::uint32_t size, bool store) const {
    const std::uint64_t a = op.execute.mem_operands.addr[l];
    if (a + size > ports_.global_shadow_size) return;
    if (store) {
        for (std::uint32_t b = 0; b < size; ++b) ports_.global_shadow[a + b] = std::uint8_t((op.read.taint >> l) & 1u);
    } else {
        for (std::uint32_t b = 0; b < size; ++b)
            if (ports_.global_shadow[a + b]) op.read.taint |= 1u << l;
    }
}

bool MemoryFunction::store_global_lane(ExecContext& op, std::uint32_t l, std::uint32_t size) {
    const std::uint64_t a = op.execute.mem_operands.addr[l];
    std::uint8_t bytes[16];
    for (std::uint32_t k = 0; k < (size >= 4 ? size / 4 : 1); ++k)
        std::memcpy(bytes + 4 * k, &op.execute.mem_operands.data[k][l], 4);
    const DirectWindow& dmi = ports_.global->dmi;  // re-read: a slow access may have refreshed it
    if (dmi.writable && dmi.covers(a, size)) {
        std::memcpy(dmi.data + (a - dmi.start), bytes, size);
    } else if (ports_.global->write(a, bytes, size) != MemStatus::Ok) {
        if (ports_.rtl_global.wrap_mask != 0) return rtl_global_lane(op, l, size, isa::DataType::U32, true);
        return unit_fail(op, KernelErrorKind::OutOfRangeAccess, a,
                         "GST rejected by global memory (TLM error response)");
    }
    return true;
}

bool MemoryFunction::load_global_lane(ExecContext& op, std::uint32_t l, DataType t) {
    const std::uint64_t a = op.execute.mem_operands.addr[l];
    const std::uint32_t size = access_size(t);
    std::uint8_t bytes[16];
    const DirectWindow& dmi = ports_.global->dmi;
    if (dmi.readable && dmi.covers(a, size)) {
        std::memcpy(bytes, dmi.data + (a - dmi.start), size);
    } else if (ports_.global->read(a, bytes, size) != MemStatus::Ok) {
        if (ports_.rtl_global.wrap_mask != 0) return rtl_global_lane(op, l, size, t, false);
        return unit_fail(op, KernelErrorKind::OutOfRangeAccess, a,
                         "GLD rejected by global memory (TLM error response)");
    }
    write_loaded(op, l, bytes, size, t);
    return true;
}

// A loaded lane into the result rows: 8/16-bit values zero- or sign-extended to 32 bits,
// wider ones one row per 32-bit word.
void MemoryFunction::write_loaded(ExecContext& op, std::uint32_t l, const std::uint8_t* bytes, std::uint32_t size,
                                  DataType t) {
    if (size < 4) {
        std::uint32_t raw = 0;
        std::memcpy(&raw, bytes, size);
        op.execute.res[0][l] = extend_loaded(raw, t);
    } else {
        for (std::uint32_t k = 0; k < size / 4; ++k) std::memcpy(&op.execute.res[k][l], bytes + 4 * k, 4);
    }
}

// The access summary of the issue record: space, direction, size, bytes moved.
MemAccessSummary& MemoryFunction::describe_access(ExecContext& op, MemSpace space, bool store, std::uint32_t size) {
    MemAccessSummary& ms = op.writeback.rec.mem;
    ms.space = space;
    ms.is_store = store;
    ms.access_bytes = std::uint8_t(size);  // at most 16
    ms.bytes = size * std::uint32_t(std::popcount(op.decode.exec_mask));
    return ms;
}

// S2R: the special register's value, which the core supplied (SM id, clock).
void MemoryFunction::read_special(ExecContext& op) {
    for (std::uint32_t l = 0; l < kWarpSize; ++l) op.execute.res[0][l] = op.execute.mem_operands.special;
    op.execute.res_regs = 1;
}

}  // namespace fgtlm::core
