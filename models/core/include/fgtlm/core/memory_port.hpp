// The execution core's view of a memory: global, local, shared and constant memory alike.
//
// The core never knows about TLM: the SystemC layer implements MemoryPort with a DMI
// pointer fast path (`dmi`, filled when the target grants direct access) and a b_transport
// fallback (`read`/`write`). Unit tests and the stand-alone core implement it over a plain
// array (ArrayMemory).
#pragma once

#include <cstdint>
#include <cstring>

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

class MemoryPort {
public:
    virtual ~MemoryPort() = default;
    // Slow path: one access of `len` bytes (1..16). Must not throw.
    virtual MemStatus read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) = 0;
    virtual MemStatus write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) = 0;
    // One access through the direct window when it covers it, else through the slow path.
    MemStatus load(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) {
        if (dmi.readable && dmi.covers(addr, len)) {
            std::memcpy(data, dmi.data + (addr - dmi.start), len);
            return MemStatus::Ok;
        }
        return read(addr, data, len);
    }
    MemStatus store(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) {
        if (dmi.writable && dmi.covers(addr, len)) {
            std::memcpy(dmi.data + (addr - dmi.start), data, len);
            return MemStatus::Ok;
        }
        return write(addr, data, len);
    }
    // Direct window, refreshed by the implementation (e.g. after a DMI invalidation).
    DirectWindow dmi;
    // Annotated latency accumulated by slow-path accesses since the last reset (cycles),
    // consumed by the SM for time accounting.
    std::uint64_t pending_cycles = 0;
};

// Plain array-backed memory (tests, stand-alone core use); `writable` false = read-only.
class ArrayMemory final : public MemoryPort {
public:
    ArrayMemory() = default;
    ArrayMemory(std::uint8_t* base, std::uint64_t size, bool writable = true) { attach(base, size, writable); }
    void attach(std::uint8_t* base, std::uint64_t size, bool writable = true) {
        base_ = base;
        size_ = size;
        writable_ = writable;
        dmi = {};
        if (base != nullptr && size != 0) dmi = {base, 0, size - 1, true, writable};
    }
    MemStatus read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) override {
        if (addr + len > size_) return MemStatus::AddressError;
        for (std::uint32_t i = 0; i < len; ++i) data[i] = base_[addr + i];
        return MemStatus::Ok;
    }
    MemStatus write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) override {
        if (!writable_) return MemStatus::GenericError;
        if (addr + len > size_) return MemStatus::AddressError;
        for (std::uint32_t i = 0; i < len; ++i) base_[addr + i] = data[i];
        return MemStatus::Ok;
    }

private:
    std::uint8_t* base_ = nullptr;
    std::uint64_t size_ = 0;
    bool writable_ = true;
};

}  // namespace fgtlm::core
