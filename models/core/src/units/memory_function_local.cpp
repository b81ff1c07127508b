// Memory unit, local memory (beyond the RTL: FlexGripPlus does not implement it; nvcc code
// uses it). LLD/LST: per-thread windows in global memory (LaunchConfig::local_base,
// local_bytes_per_thread); l[Ak + off] is a byte offset into the executing thread's window.
// The core supplies lane 0's window and the stride (MemOperands), so the unit needs no launch.
#include <bit>
#include <cstring>
#include <string>

#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::core {

using isa::DataType;

namespace {

std::uint32_t local_size(DataType t) {
    switch (t) {
        case DataType::U8:
        case DataType::S8: return 1;
        case DataType::U16:
        case DataType::S16: return 2;
        case DataType::U64: return 8;
        case DataType::U128: return 16;
        default: return 4;
    }
}

// One lane of LLD/LST at global address `addr`; false when global memory refused it.
bool local_lane(ExecContext& op, MemoryPort& global, std::uint32_t l, std::uint64_t addr, DataType t) {
    const bool store = op.fetch.inst->op == isa::Opcode::LST;
    const std::uint32_t size = local_size(t);
    const std::uint32_t words = size >= 4 ? size / 4 : 1;
    std::uint8_t bytes[16] = {};
    if (store) {
        for (std::uint32_t k = 0; k < words; ++k)
            std::memcpy(bytes + 4 * k, &op.execute.mem_operands.data[k][l], size < 4 ? size : 4);
        if (global.write(addr, bytes, size) != MemStatus::Ok)
            return unit_fail(op, KernelErrorKind::OutOfRangeAccess, addr,
                             "LST rejected by global memory (TLM error response)");
        return true;
    }
    if (global.read(addr, bytes, size) != MemStatus::Ok)
        return unit_fail(op, KernelErrorKind::OutOfRangeAccess, addr,
                         "LLD rejected by global memory (TLM error response)");
    MemoryFunction::write_loaded(op, l, bytes, size, t);
    return true;
}

}  // namespace

bool MemoryFunction::access_local(ExecContext& op) {
    const isa::Instruction& in = *op.fetch.inst;
    const bool store = in.op == isa::Opcode::LST;
    const isa::Operand& mop = store ? in.dst : in.src[0];
    const DataType t = mop.type != DataType::None ? mop.type : in.dtype;
    const std::uint32_t size = local_size(t);
    const std::uint32_t m = op.decode.exec_mask;
    MemAccessSummary& ms = describe_access(op, MemSpace::Global, store, size);
    ms.transactions = m ? 1 : 0;
    if (!store) op.execute.res_regs = size >= 4 ? size / 4 : 1;
    if (m == 0) return true;
    const MemOperands& mo = op.execute.mem_operands;
    const std::uint64_t stride = mo.local_stride;
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        if (!((m >> l) & 1u)) continue;
        const std::uint64_t off = std::uint64_t(mo.addr[l]) + mop.value;
        if (off % size != 0)
            return unit_fail(op, KernelErrorKind::MisalignedAccess, off, "local access not aligned to its size");
        if (off + size > stride)
            return unit_fail(
                op, KernelErrorKind::OutOfRangeAccess, off,
                "local access outside the thread's local window (" + std::to_string(stride) + " bytes per thread)");
        if (!local_lane(op, *ports_.local, l, mo.local_base + l * stride + off, t)) return false;
    }
    ms.latency_cycles += std::uint32_t(ports_.local->pending_cycles);
    ports_.local->pending_cycles = 0;
    return true;
}

}  // namespace fgtlm::core
