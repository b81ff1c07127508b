// DebugPort: a TLM initiator that only performs debug transport (ELF loading, result dumps).
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>

namespace fgtlm::platform {

class DebugPort : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<DebugPort> socket;
    explicit DebugPort(sc_core::sc_module_name name) : sc_module(name), socket("socket") {}

    // Returns the number of bytes transferred (== len on success).
    unsigned write(std::uint64_t addr, const void* data, unsigned len) {
        return transfer(tlm::TLM_WRITE_COMMAND, addr, const_cast<void*>(data), len);
    }
    unsigned read(std::uint64_t addr, void* data, unsigned len) {
        return transfer(tlm::TLM_READ_COMMAND, addr, data, len);
    }

private:
    unsigned transfer(tlm::tlm_command cmd, std::uint64_t addr, void* data, unsigned len) {
        tlm::tlm_generic_payload t;
        t.set_command(cmd);
        t.set_address(addr);
        t.set_data_ptr(static_cast<unsigned char*>(data));
        t.set_data_length(len);
        return socket->transport_dbg(t);
    }
};

}  // namespace fgtlm::platform
