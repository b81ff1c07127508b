#include <fgtlm/memory/fanin.hpp>

namespace fgtlm::memory {

Fanin::Fanin(sc_core::sc_module_name name) : sc_core::sc_module(name), in("in"), out("out") {
    in.register_b_transport(this, &Fanin::b_transport);
    in.register_get_direct_mem_ptr(this, &Fanin::get_direct_mem_ptr);
    in.register_transport_dbg(this, &Fanin::transport_dbg);
    out.register_invalidate_direct_mem_ptr(this, &Fanin::invalidate);
}

void Fanin::b_transport(int, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    out->b_transport(trans, delay);
}

bool Fanin::get_direct_mem_ptr(int, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
    return out->get_direct_mem_ptr(trans, dmi);
}

unsigned int Fanin::transport_dbg(int, tlm::tlm_generic_payload& trans) { return out->transport_dbg(trans); }

void Fanin::invalidate(sc_dt::uint64 start, sc_dt::uint64 end) {
    for (unsigned i = 0; i < in.size(); ++i) in[i]->invalidate_direct_mem_ptr(start, end);
}

}  // namespace fgtlm::memory
