// The SM's local-memory controller. Local memory (LLD/LST) is per-thread windows in global
// memory (LaunchConfig::local_base, local_bytes_per_thread), as on G80: the memory unit
// computes the global address in the executing thread's window and this controller carries
// the access to the global-memory controller (`global`), passing on the latency that one
// accumulated, so local traffic has a module of its own (counted in `accesses`) that a
// different local-memory model can replace (core::MemoryPorts::local).
#pragma once

#include <cstdint>

#include <systemc>

#include <fgtlm/core/memory_port.hpp>

namespace fgtlm::sm {

class LocalMemoryController final : public sc_core::sc_module, public core::MemoryPort {
public:
    std::uint64_t accesses = 0;

    LocalMemoryController(sc_core::sc_module_name name, core::MemoryPort& global)
        : sc_core::sc_module(name), global_(global) {}
    const char* kind() const override { return "fgtlm::sm::LocalMemoryController"; }

    core::MemStatus read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) override {
        return passed(global_.read(addr, data, len));
    }
    core::MemStatus write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) override {
        return passed(global_.write(addr, data, len));
    }

private:
    core::MemStatus passed(core::MemStatus status) {
        ++accesses;
        pending_cycles += global_.pending_cycles;  // the global controller's annotated latency
        global_.pending_cycles = 0;
        return status;
    }
    core::MemoryPort& global_;
};

}  // namespace fgtlm::sm
