// Uart: a transmit-only console. Bytes written to TXDATA are collected per line and written
// to the output stream (stdout by default) when a '\n' arrives or the simulation ends, so
// lines from the firmware are never interleaved with SystemC reports mid-line.
//   0x0 TXDATA  W   bits 7..0: byte to send
//   0x4 STATUS  R   bit 0: TX ready (always 1: the model never back-pressures)
// Only aligned 4-byte accesses; others get TLM error responses.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <functional>
#include <ostream>
#include <string>

namespace fgtlm::platform {

class Uart : public sc_core::sc_module {
public:
    static constexpr std::uint32_t kTxData = 0x0, kStatus = 0x4, kSize = 0x1000;
    tlm_utils::simple_target_socket<Uart> socket;

    Uart(sc_core::sc_module_name name, std::ostream& out,
         sc_core::sc_time access_delay = sc_core::sc_time(10, sc_core::SC_NS));
    ~Uart() override;

    // Everything transmitted so far (including an unfinished last line).
    [[nodiscard]] const std::string& transcript() const { return transcript_; }
    void flush();

private:
    void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& trans);
    void end_of_simulation() override { flush(); }

    std::ostream& out_;
    std::string line_, transcript_;
    sc_core::sc_time access_delay_;
};

}  // namespace fgtlm::platform
