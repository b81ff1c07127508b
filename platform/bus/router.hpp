// Router: the system bus. Any number of initiators (CPU, GPU memory port, ELF loader) bind to
// `targets_in`; every slave binds to `initiators_out` in the order of add_region() calls.
//
// Address decoding: each region [base, base+size) maps to one outgoing port; the address is
// translated to the slave's local offset (addr - base) for b_transport, transport_dbg and DMI
// requests, and DMI grants / invalidations are translated back to bus addresses. Unmapped
// addresses get TLM_ADDRESS_ERROR_RESPONSE. Every b_transport pays `hop_delay`.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include <cstdint>
#include <string>
#include <vector>

namespace fgtlm::platform {

struct BusRegion {
    std::string name;
    std::uint64_t base = 0;
    std::uint64_t size = 0;
    unsigned port = 0;  // index of the outgoing binding
    [[nodiscard]] bool contains(std::uint64_t a) const { return a >= base && a - base < size; }
};

class Router : public sc_core::sc_module {
public:
    tlm_utils::multi_passthrough_target_socket<Router> targets_in;
    tlm_utils::multi_passthrough_initiator_socket<Router> initiators_out;

    explicit Router(sc_core::sc_module_name name, sc_core::sc_time hop_delay = sc_core::sc_time(5, sc_core::SC_NS));

    // Declares the next outgoing port (bind initiators_out to the slave in the same order).
    void add_region(const std::string& name, std::uint64_t base, std::uint64_t size);
    [[nodiscard]] const std::vector<BusRegion>& regions() const { return regions_; }
    [[nodiscard]] const BusRegion* decode(std::uint64_t addr) const;

private:
    void b_transport(int id, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(int id, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
    unsigned transport_dbg(int id, tlm::tlm_generic_payload& trans);
    void invalidate_direct_mem_ptr(int port, sc_dt::uint64 start, sc_dt::uint64 end);

    std::vector<BusRegion> regions_;
    sc_core::sc_time hop_delay_;
};

}  // namespace fgtlm::platform
