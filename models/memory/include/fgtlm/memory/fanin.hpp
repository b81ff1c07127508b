// Many initiators -> one target: forwards b_transport, nb_transport (both ways: a backward
// call goes to the initiator the transaction came from), DMI requests and debug transport
// unchanged and broadcasts DMI invalidations back to every initiator. Used where several
// SMs share one global-memory or instruction-memory port.
#pragma once

#include <unordered_map>

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>

namespace fgtlm::memory {

class Fanin : public sc_core::sc_module {
public:
    tlm_utils::multi_passthrough_target_socket<Fanin> in;
    tlm_utils::simple_initiator_socket<Fanin> out;

    explicit Fanin(sc_core::sc_module_name name);

private:
    void b_transport(int id, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    tlm::tlm_sync_enum nb_transport_fw(int id, tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(int id, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
    unsigned int transport_dbg(int id, tlm::tlm_generic_payload& trans);
    void invalidate(sc_dt::uint64 start, sc_dt::uint64 end);

    std::unordered_map<const tlm::tlm_generic_payload*, int> routes_;  // AT transactions in flight
};

}  // namespace fgtlm::memory
