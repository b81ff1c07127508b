#include <fgtlm/core/rtl_memory_access.hpp>

#include <cstdio>

namespace fgtlm::core {

bool rtl_byte_access(MemoryPort& port, std::uint64_t addr, std::uint8_t* bytes, std::uint32_t size, bool store,
                     std::uint64_t wrap_mask, bool& wrapped) {
    auto one = [&](std::uint64_t a, std::uint32_t i) {
        return (store ? port.store(a, bytes + i, 1) : port.load(a, bytes + i, 1)) == MemStatus::Ok;
    };
    for (std::uint32_t i = 0; i < size; ++i) {
        if (one(addr + i, i)) continue;
        if (wrap_mask == 0 || ((addr + i) & wrap_mask) == addr + i || !one((addr + i) & wrap_mask, i)) return false;
        wrapped = true;
    }
    return true;
}

void note_rtl_event(RtlEvents& ev, RtlEventKind kind, std::uint32_t pc, const char* what, std::uint64_t addr,
                    std::uint32_t size) {
    const char* why = "misaligned";
    switch (kind) {
        case RtlEventKind::GlobalWrap:
            ++ev.global_wraps;
            why = "outside the global memory: low bits kept";
            break;
        case RtlEventKind::SharedWrap:
            ++ev.shared_wraps;
            why = "outside the shared memory: low bits kept";
            break;
        case RtlEventKind::ConstantWrap:
            ++ev.constant_wraps;
            why = "outside the constant memory: low bits kept";
            break;
        case RtlEventKind::Misaligned: ++ev.misaligned; break;
    }
    if (!ev.first.empty()) return;
    char buf[160];
    std::snprintf(buf, sizeof buf, "PC 0x%04x: %s of %u bytes at 0x%08llx (%s)", pc, what, size,
                  static_cast<unsigned long long>(addr), why);
    ev.first = buf;
}

}  // namespace fgtlm::core
