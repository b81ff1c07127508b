// Debug transport (transport_dbg) through an initiator socket in one call: the payload is set
// up here for a read or a write of `length` bytes at `address` (code loading, memory windows,
// result dumps). Returns the bytes transferred: fewer than `length` where the target's memory
// ends, 0 where nothing answers at `address`.
#pragma once

#include <cstdint>

#include <systemc>
#include <tlm>

namespace fgtlm::memory {

// What every TLM initiator socket is (simple_initiator_socket, tlm_initiator_socket).
using InitiatorPort = sc_core::sc_port_b<tlm::tlm_fw_transport_if<>>;

unsigned debug_read(InitiatorPort& socket, std::uint64_t address, void* data, unsigned length);
unsigned debug_write(InitiatorPort& socket, std::uint64_t address, const void* data, unsigned length);

}  // namespace fgtlm::memory
