// The SM side of a memory: implements the core's MemoryPort over a TLM-2.0 initiator socket.
// Fast path: a DMI pointer (requested with refresh_dmi() at kernel start and again whenever
// a b_transport response says DMI is allowed); fallback: b_transport, whose annotated delay
// is accumulated in `annotated` and converted to SM cycles (pending_cycles) for the SM's time
// accounting. Error responses become MemStatus::AddressError / GenericError, which the core
// turns into a KernelError. The global-memory controller is one; the read stage's shared and
// constant ports and the memory unit's shared-store port are others.
#pragma once

#include <cstdint>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <fgtlm/core/memory_port.hpp>

namespace fgtlm::sm {

class MemoryInitiator : public sc_core::sc_module, public core::MemoryPort {
public:
    const char* kind() const override { return "fgtlm::sm::MemoryInitiator"; }
    tlm_utils::simple_initiator_socket<MemoryInitiator> socket;

    explicit MemoryInitiator(sc_core::sc_module_name name);

    core::MemStatus read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) override;
    core::MemStatus write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) override;

    void refresh_dmi();            // ask the target for a DMI region at address 0
    void set_use_dmi(bool on);     // off = every access through b_transport (tests, probing)

    // Slow-path delay is converted to SM cycles (rounded up) into pending_cycles.
    sc_core::sc_time clock_period = sc_core::sc_time(10, sc_core::SC_NS);
    sc_core::sc_time annotated = sc_core::SC_ZERO_TIME;  // not yet converted remainder
    std::uint64_t slow_accesses = 0;

private:
    core::MemStatus transport(tlm::tlm_command cmd, std::uint64_t addr, std::uint8_t* data, std::uint32_t len);
    void invalidate(sc_dt::uint64 start, sc_dt::uint64 end);
    tlm::tlm_generic_payload trans_;
    bool use_dmi_ = true;
};

}  // namespace fgtlm::sm
