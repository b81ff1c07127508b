// DebugPort: a TLM initiator that only performs debug transport (ELF loading, result dumps).
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>

#include <fgtlm/memory/debug_transport.hpp>

namespace fgtlm::platform {

class DebugPort : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<DebugPort> socket;
    explicit DebugPort(sc_core::sc_module_name name) : sc_module(name), socket("socket") {}

    // Returns the number of bytes transferred (== len on success).
    unsigned write(std::uint64_t addr, const void* data, unsigned len) {
        return memory::debug_write(socket, addr, data, len);
    }
    unsigned read(std::uint64_t addr, void* data, unsigned len) { return memory::debug_read(socket, addr, data, len); }
};

}  // namespace fgtlm::platform
