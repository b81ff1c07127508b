#include <fgtlm/memory/debug_transport.hpp>

namespace fgtlm::memory {
namespace {

unsigned transfer(InitiatorPort& socket, tlm::tlm_command command, std::uint64_t address, void* data, unsigned length) {
    tlm::tlm_generic_payload t;
    t.set_command(command);
    t.set_address(address);
    t.set_data_ptr(static_cast<unsigned char*>(data));
    t.set_data_length(length);
    return socket->transport_dbg(t);
}

}  // namespace

unsigned debug_read(InitiatorPort& socket, std::uint64_t address, void* data, unsigned length) {
    return transfer(socket, tlm::TLM_READ_COMMAND, address, data, length);
}

unsigned debug_write(InitiatorPort& socket, std::uint64_t address, const void* data, unsigned length) {
    // The payload's data pointer is not const; a write target only reads through it.
    return transfer(socket, tlm::TLM_WRITE_COMMAND, address, const_cast<void*>(data), length);
}

}  // namespace fgtlm::memory
