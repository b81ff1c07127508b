// An approximately-timed memory for the GPU's four-phase mode, built on tlm_utils'
// peq_with_cb_and_phase: one transaction at a time; a BEGIN_REQ that arrives while another is
// in flight waits without END_REQ (back-pressure) until that one's END_RESP. The response
// comes `latency` after the request was taken. `at` takes absolute bus addresses (base
// subtracted here, DMI denied), `lt` offsets from a router (the driver's b_transport).
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_cb_and_phase.h>
#include <tlm_utils/simple_target_socket.h>

namespace checks {

class AtMemory : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<AtMemory> at;
    tlm_utils::simple_target_socket<AtMemory> lt;
    std::uint64_t requests = 0, backpressured = 0;

    AtMemory(sc_core::sc_module_name name, std::uint64_t base, std::uint64_t bytes, sc_core::sc_time latency);
    std::uint8_t* data() { return mem_.data(); }

private:
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& t, tlm::tlm_phase& ph, sc_core::sc_time& d);
    void peq_cb(tlm::tlm_generic_payload& t, const tlm::tlm_phase& ph);
    void begin(tlm::tlm_generic_payload& t);
    void respond(tlm::tlm_generic_payload& t);
    void execute(tlm::tlm_generic_payload& t, std::uint64_t offset);
    void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& d);
    unsigned at_debug(tlm::tlm_generic_payload& t);
    bool no_dmi(tlm::tlm_generic_payload&, tlm::tlm_dmi&) { return false; }

    std::vector<std::uint8_t> mem_;
    std::uint64_t base_;
    sc_core::sc_time latency_;
    tlm_utils::peq_with_cb_and_phase<AtMemory> peq_;
    tlm::tlm_generic_payload* in_flight_ = nullptr;
    std::deque<tlm::tlm_generic_payload*> waiting_;
};

}  // namespace checks
