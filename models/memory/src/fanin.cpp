#include <fgtlm/memory/fanin.hpp>

namespace fgtlm::memory {

Fanin::Fanin(sc_core::sc_module_name name) : sc_core::sc_module(name), in("in"), out("out") {
    in.register_b_transport(this, &Fanin::b_transport);
    in.register_nb_transport_fw(this, &Fanin::nb_transport_fw);
    out.register_nb_transport_bw(this, &Fanin::nb_transport_bw);
    in.register_get_direct_mem_ptr(this, &Fanin::get_direct_mem_ptr);
    in.register_transport_dbg(this, &Fanin::transport_dbg);
    out.register_invalidate_direct_mem_ptr(this, &Fanin::invalidate);
}

void Fanin::b_transport(int, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    out->b_transport(trans, delay);
}

tlm::tlm_sync_enum Fanin::nb_transport_fw(int id, tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                          sc_core::sc_time& delay) {
    if (phase == tlm::BEGIN_REQ) routes_[&trans] = id;
    const tlm::tlm_sync_enum s = out->nb_transport_fw(trans, phase, delay);
    if (s == tlm::TLM_COMPLETED || phase == tlm::END_RESP) routes_.erase(&trans);
    return s;
}

tlm::tlm_sync_enum Fanin::nb_transport_bw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                          sc_core::sc_time& delay) {
    const auto it = routes_.find(&trans);
    if (it == routes_.end()) {
        SC_REPORT_ERROR(name(), "nb_transport_bw for a transaction that did not pass this fan-in");
        return tlm::TLM_COMPLETED;
    }
    const int id = it->second;
    const tlm::tlm_sync_enum s = in[id]->nb_transport_bw(trans, phase, delay);
    if (s == tlm::TLM_COMPLETED) routes_.erase(it);
    return s;
}

bool Fanin::get_direct_mem_ptr(int, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
    return out->get_direct_mem_ptr(trans, dmi);
}

unsigned int Fanin::transport_dbg(int, tlm::tlm_generic_payload& trans) { return out->transport_dbg(trans); }

void Fanin::invalidate(sc_dt::uint64 start, sc_dt::uint64 end) {
    for (unsigned i = 0; i < in.size(); ++i) in[i]->invalidate_direct_mem_ptr(start, end);
}

}  // namespace fgtlm::memory
