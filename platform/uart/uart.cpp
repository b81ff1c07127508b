#include "uart/uart.hpp"

#include <cstring>

namespace fgtlm::platform {

Uart::Uart(sc_core::sc_module_name name, std::ostream& out, sc_core::sc_time access_delay)
    : sc_module(name), socket("socket"), out_(out), access_delay_(access_delay) {
    socket.register_b_transport(this, &Uart::b_transport);
    socket.register_transport_dbg(this, &Uart::transport_dbg);
}

Uart::~Uart() { flush(); }

void Uart::flush() {
    if (line_.empty()) return;
    out_ << line_ << std::flush;
    line_.clear();
}

void Uart::b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
    delay += access_delay_;
    if (t.get_data_length() != 4 || t.get_byte_enable_ptr() != nullptr) {
        t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    std::uint32_t v = 0;
    switch (t.get_address()) {
    case kTxData:
        if (t.is_read()) { std::memcpy(t.get_data_ptr(), &v, 4); break; }
        std::memcpy(&v, t.get_data_ptr(), 4);
        line_.push_back(char(v & 0xFF));
        transcript_.push_back(char(v & 0xFF));
        if ((v & 0xFF) == '\n') flush();
        break;
    case kStatus:
        if (t.is_write()) { t.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE); return; }
        v = 1;
        std::memcpy(t.get_data_ptr(), &v, 4);
        break;
    default:
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    t.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned Uart::transport_dbg(tlm::tlm_generic_payload& t) {
    // Debug reads see STATUS; debug writes do not transmit.
    if (t.is_read() && t.get_address() == kStatus && t.get_data_length() == 4) {
        const std::uint32_t v = 1;
        std::memcpy(t.get_data_ptr(), &v, 4);
        return 4;
    }
    return 0;
}

}  // namespace fgtlm::platform
