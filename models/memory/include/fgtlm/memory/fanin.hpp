// Many initiators -> one target: forwards b_transport, DMI requests and debug transport
// unchanged and broadcasts DMI invalidations back to every initiator. Used where several
// SMs share one global-memory or instruction-memory port.
#pragma once

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
    bool get_direct_mem_ptr(int id, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
    unsigned int transport_dbg(int id, tlm::tlm_generic_payload& trans);
    void invalidate(sc_dt::uint64 start, sc_dt::uint64 end);
};

}  // namespace fgtlm::memory
