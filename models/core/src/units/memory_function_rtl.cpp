// Execute stage, memory unit: the accesses FlexGripPlus performs where a checked model stops
// (RtlPolicy: global/shared_address_bits, misaligned=bytes; rtl_memory_access.hpp). Reached
// only from the paths that would otherwise record a kernel error.
#include <cstring>
#include <string>

#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::core {

// One lane of a GLD/GST that is misaligned or outside the global memory, byte by byte.
bool MemoryFunction::rtl_global_lane(ExecContext& op, std::uint32_t l, std::uint32_t size, isa::DataType t,
                                     bool store) {
    const RtlSpace& sp = ports_.rtl_global;
    const std::uint64_t a = op.execute.mem_operands.addr[l];
    const char* what = store ? "GST" : "GLD";
    std::uint8_t bytes[16] = {};
    if (store)
        for (std::uint32_t k = 0; k < (size >= 4 ? size / 4 : 1); ++k)
            std::memcpy(bytes + 4 * k, &op.execute.mem_operands.data[k][l], 4);
    bool wrapped = false;
    if (!rtl_byte_access(*ports_.global, a, bytes, size, store, sp.wrap_mask, wrapped))
        return unit_fail(op, KernelErrorKind::OutOfRangeAccess, a,
                         std::string(what) + " outside the global memory (also with the address bits the RTL keeps)");
    if (ports_.events != nullptr) {
        if (a % size != 0) note_rtl_event(*ports_.events, RtlEventKind::Misaligned, op.fetch.pc, what, a, size);
        if (wrapped) note_rtl_event(*ports_.events, RtlEventKind::GlobalWrap, op.fetch.pc, what, a, size);
    }
    if (!store) write_loaded(op, l, bytes, size, t);
    return true;
}

// One lane of an R2G that is misaligned or outside the shared memory, byte by byte.
bool MemoryFunction::rtl_shared_store(ExecContext& op, std::uint32_t addr, const std::uint8_t* bytes,
                                      std::uint32_t size) {
    std::uint8_t copy[16];
    std::memcpy(copy, bytes, size);
    bool wrapped = false;
    if (!rtl_byte_access(*ports_.shared, addr, copy, size, true, ports_.rtl_shared.wrap_mask, wrapped))
        return unit_fail(op, KernelErrorKind::OutOfRangeAccess, addr,
                         "shared store outside the shared memory (also with the address bits the RTL keeps)");
    if (ports_.events != nullptr) {
        if (addr % size != 0) note_rtl_event(*ports_.events, RtlEventKind::Misaligned, op.fetch.pc, "R2G", addr, size);
        if (wrapped) note_rtl_event(*ports_.events, RtlEventKind::SharedWrap, op.fetch.pc, "R2G", addr, size);
    }
    return true;
}

}  // namespace fgtlm::core
