// Human-readable descriptions of kernel errors (the only place their text is built).
#include <fgtlm/core/launch.hpp>

#include <cstdio>

namespace fgtlm::core {

const char* to_string(KernelErrorKind kind) {
    switch (kind) {
        case KernelErrorKind::None: return "no error";
        case KernelErrorKind::IllegalInstruction: return "illegal instruction";
        case KernelErrorKind::MisalignedAccess: return "misaligned access";
        case KernelErrorKind::OutOfRangeAccess: return "out-of-range access";
        case KernelErrorKind::StackOverflow: return "warp stack overflow";
        case KernelErrorKind::StackUnderflow: return "warp stack underflow";
        case KernelErrorKind::BarrierDeadlock: return "barrier deadlock";
        case KernelErrorKind::Watchdog: return "watchdog expired";
        case KernelErrorKind::InvalidLaunch: return "invalid launch";
        case KernelErrorKind::Aborted: return "aborted";
        case KernelErrorKind::Stalled: return "pipeline stall";
    }
    return "unknown error";
}

std::string KernelError::describe() const {
    if (ok()) return "ok";
    char head[160];
    std::snprintf(head, sizeof head, "%s at PC 0x%04x (sm %u, block %u, warp %u", to_string(kind),
                  unsigned(pc), unsigned(sm), unsigned(block), unsigned(warp));
    std::string text = head;
    if (kind == KernelErrorKind::MisalignedAccess || kind == KernelErrorKind::OutOfRangeAccess) {
        char addr[48];
        std::snprintf(addr, sizeof addr, ", address 0x%llx", static_cast<unsigned long long>(address));
        text += addr;
    }
    text += ")";
    if (!message.empty()) text += ": " + message;
    return text;
}

}  // namespace fgtlm::core
