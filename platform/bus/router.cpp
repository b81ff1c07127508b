#include "bus/router.hpp"

#include <algorithm>

namespace fgtlm::platform {

Router::Router(sc_core::sc_module_name name, sc_core::sc_time hop_delay)
    : sc_module(name), targets_in("targets_in"), initiators_out("initiators_out"), hop_delay_(hop_delay) {
    targets_in.register_b_transport(this, &Router::b_transport);
    targets_in.register_get_direct_mem_ptr(this, &Router::get_direct_mem_ptr);
    targets_in.register_transport_dbg(this, &Router::transport_dbg);
    initiators_out.register_invalidate_direct_mem_ptr(this, &Router::invalidate_direct_mem_ptr);
}

void Router::add_region(const std::string& name, std::uint64_t base, std::uint64_t size) {
    for (const auto& r : regions_) {
        if (base < r.base + r.size && r.base < base + size)
            SC_REPORT_ERROR(this->name(), ("region " + name + " overlaps " + r.name).c_str());
    }
    regions_.push_back({name, base, size, unsigned(regions_.size())});
}

const BusRegion* Router::decode(std::uint64_t addr) const {
    for (const auto& r : regions_)
        if (r.contains(addr)) return &r;
    return nullptr;
}

void Router::b_transport(int, tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
    const std::uint64_t addr = t.get_address();
    const BusRegion* r = decode(addr);
    delay += hop_delay_;
    // The whole access must stay inside one region.
    if (r == nullptr || t.get_data_length() > r->size - (addr - r->base)) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    t.set_address(addr - r->base);
    initiators_out[r->port]->b_transport(t, delay);
    t.set_address(addr);
}

bool Router::get_direct_mem_ptr(int, tlm::tlm_generic_payload& t, tlm::tlm_dmi& dmi) {
    const std::uint64_t addr = t.get_address();
    const BusRegion* r = decode(addr);
    if (r == nullptr) return false;
    t.set_address(addr - r->base);
    const bool ok = initiators_out[r->port]->get_direct_mem_ptr(t, dmi);
    t.set_address(addr);
    // Translate the granted (or denied) range back to bus addresses, clipped to the region.
    const std::uint64_t last = r->size - 1;
    const std::uint64_t start = std::min<std::uint64_t>(dmi.get_start_address(), last);
    const std::uint64_t end = std::min<std::uint64_t>(dmi.get_end_address(), last);
    if (ok && dmi.get_dmi_ptr() != nullptr) dmi.set_dmi_ptr(dmi.get_dmi_ptr() + (start - dmi.get_start_address()));
    dmi.set_start_address(r->base + start);
    dmi.set_end_address(r->base + end);
    // A DMI access crosses the bus as a b_transport does: it costs the same hop.
    if (ok) {
        dmi.set_read_latency(dmi.get_read_latency() + hop_delay_);
        dmi.set_write_latency(dmi.get_write_latency() + hop_delay_);
    }
    return ok;
}

unsigned Router::transport_dbg(int, tlm::tlm_generic_payload& t) {
    const std::uint64_t addr = t.get_address();
    const BusRegion* r = decode(addr);
    if (r == nullptr) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    const unsigned len = t.get_data_length();
    const auto room = unsigned(std::min<std::uint64_t>(len, r->size - (addr - r->base)));
    t.set_address(addr - r->base);
    t.set_data_length(room);
    const unsigned n = initiators_out[r->port]->transport_dbg(t);
    t.set_address(addr);
    t.set_data_length(len);
    return n;
}

void Router::invalidate_direct_mem_ptr(int port, sc_dt::uint64 start, sc_dt::uint64 end) {
    for (const auto& r : regions_) {
        if (r.port != unsigned(port)) continue;
        const std::uint64_t s = r.base + std::min<std::uint64_t>(start, r.size - 1);
        const std::uint64_t e = r.base + std::min<std::uint64_t>(end, r.size - 1);
        for (unsigned i = 0; i < targets_in.size(); ++i) targets_in[i]->invalidate_direct_mem_ptr(s, e);
    }
}

}  // namespace fgtlm::platform
