// Ram: a byte-addressed TLM-2.0 RAM target (system DRAM of the virtual platform).
//
// b_transport with a fixed per-access latency (read/write), byte enables and streaming width;
// DMI for the whole array (read and write, with the same latencies advertised); transport_dbg
// for loaders and debuggers. Out-of-range accesses get TLM_ADDRESS_ERROR_RESPONSE.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <vector>

namespace fgtlm::platform {

class Ram : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<Ram> socket;

    Ram(sc_core::sc_module_name name, std::uint64_t size_bytes,
           sc_core::sc_time read_latency = sc_core::sc_time(20, sc_core::SC_NS),
           sc_core::sc_time write_latency = sc_core::sc_time(20, sc_core::SC_NS));

    [[nodiscard]] std::uint64_t size() const { return bytes_.size(); }
    std::uint8_t* data() { return bytes_.data(); }

private:
    void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
    unsigned transport_dbg(tlm::tlm_generic_payload& trans);

    std::vector<std::uint8_t> bytes_;
    sc_core::sc_time read_latency_, write_latency_;
};

}  // namespace fgtlm::platform
