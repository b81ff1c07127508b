// The execution core's view of global memory.
//
// The core never knows about TLM: the SystemC layer implements GlobalMemoryPort with a DMI
// pointer fast path (`dmi`, filled when the target grants direct access) and a b_transport
// fallback (`read`/`write`). Unit tests implement it over a plain array.
#pragma once

#include <cstdint>

namespace fgtlm::core {

// Outcome of a slow-path access, mapped to a KernelError by the core.
enum class MemStatus : std::uint8_t { Ok, AddressError, GenericError };

// A window of memory the core may access directly (DMI). Empty = no direct access.
struct DirectWindow {
    std::uint8_t* data = nullptr;  // byte at address `start`
    std::uint64_t start = 0;
    std::uint64_t end = 0;         // inclusive last address
    bool readable = false;
    bool writable = false;

    [[nodiscard]] bool covers(std::uint64_t addr, std::uint32_t len) const {
        return data != nullptr && addr >= start && addr + len - 1 <= end;
    }
};

class GlobalMemoryPort {
public:
    virtual ~GlobalMemoryPort() = default;
    // Slow path: one access of `len` bytes (1..16). Must not throw.
    virtual MemStatus read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) = 0;
    virtual MemStatus write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) = 0;
    // Direct window, refreshed by the implementation (e.g. after a DMI invalidation).
    DirectWindow dmi;
    // Annotated latency accumulated by slow-path accesses since the last reset (cycles),
    // consumed by the SM for time accounting.
    std::uint64_t pending_cycles = 0;
};

// Plain array-backed global memory (tests, stand-alone core use).
class ArrayGlobalMemory final : public GlobalMemoryPort {
public:
    ArrayGlobalMemory(std::uint8_t* base, std::uint64_t size) : base_(base), size_(size) {
        dmi = {base, 0, size - 1, true, true};
    }
    MemStatus read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) override {
        if (addr + len > size_) return MemStatus::AddressError;
        for (std::uint32_t i = 0; i < len; ++i) data[i] = base_[addr + i];
        return MemStatus::Ok;
    }
    MemStatus write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) override {
        if (addr + len > size_) return MemStatus::AddressError;
        for (std::uint32_t i = 0; i < len; ++i) base_[addr + i] = data[i];
        return MemStatus::Ok;
    }

private:
    std::uint8_t* base_;
    std::uint64_t size_;
};

}  // namespace fgtlm::core
