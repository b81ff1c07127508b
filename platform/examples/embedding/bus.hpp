// The example's own bus pieces, written as any VP engineer would: a RAM (TLM-2.0 target with
// b_transport, DMI and debug transport; the DMI grant carries the same latency as a
// b_transport) and an address router that forwards all three with address translation.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_target_socket.h>

namespace example {

class Ram : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<Ram> socket;
    bool allow_dmi = true;

    Ram(sc_core::sc_module_name name, std::uint64_t bytes, sc_core::sc_time latency)
        : sc_module(name), socket("socket"), mem_(bytes, 0), latency_(latency) {
        socket.register_b_transport(this, &Ram::b_transport);
        socket.register_get_direct_mem_ptr(this, &Ram::get_direct_mem_ptr);
        socket.register_transport_dbg(this, &Ram::transport_dbg);
    }
    std::uint8_t* data() { return mem_.data(); }

    // What a RAM that remaps or pages would do: its bytes move to the other of two buffers,
    // the one left is filled with 0xAA, and every DMI pointer handed out is withdrawn
    // (invalidate_direct_mem_ptr over the whole RAM). An initiator that kept using an old
    // pointer would read 0xAA and write where nobody looks.
    void move_storage() {
        spare_.assign(mem_.begin(), mem_.end());
        mem_.swap(spare_);
        std::fill(spare_.begin(), spare_.end(), std::uint8_t(0xAA));
        socket->invalidate_direct_mem_ptr(0, mem_.size() - 1);
    }

private:
    bool fits(const tlm::tlm_generic_payload& t) const {
        return t.get_address() < mem_.size() && t.get_data_length() <= mem_.size() - t.get_address();
    }
    void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
        delay += latency_;
        if (!fits(t) || t.get_byte_enable_ptr() != nullptr) {
            t.set_response_status(fits(t) ? tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE : tlm::TLM_ADDRESS_ERROR_RESPONSE);
            return;
        }
        transport_dbg(t);
        t.set_dmi_allowed(allow_dmi);
    }
    unsigned transport_dbg(tlm::tlm_generic_payload& t) {
        if (!fits(t)) return 0;
        std::uint8_t* p = mem_.data() + t.get_address();
        if (t.is_read()) std::memcpy(t.get_data_ptr(), p, t.get_data_length());
        if (t.is_write()) std::memcpy(p, t.get_data_ptr(), t.get_data_length());
        t.set_response_status(tlm::TLM_OK_RESPONSE);
        return t.get_data_length();
    }
    bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi& d) {
        d.set_start_address(0);
        d.set_end_address(mem_.size() - 1);
        if (!allow_dmi) return false;  // denied for the whole RAM
        d.set_dmi_ptr(mem_.data());
        d.allow_read_write();
        d.set_read_latency(latency_);
        d.set_write_latency(latency_);
        return true;
    }
    std::vector<std::uint8_t> mem_, spare_;
    sc_core::sc_time latency_;
};

class Router : public sc_core::sc_module {
public:
    tlm_utils::multi_passthrough_target_socket<Router> in;      // initiators bind here
    tlm_utils::multi_passthrough_initiator_socket<Router> out;  // out[i] = region i

    explicit Router(sc_core::sc_module_name name) : sc_module(name), in("in"), out("out") {
        in.register_b_transport(this, &Router::b_transport);
        in.register_get_direct_mem_ptr(this, &Router::get_direct_mem_ptr);
        in.register_transport_dbg(this, &Router::transport_dbg);
        out.register_invalidate_direct_mem_ptr(this, &Router::invalidate);
    }
    // Regions in the order their targets are bound to `out`.
    void map(std::uint64_t base, std::uint64_t size) { regions_.push_back({base, size}); }

private:
    struct Region {
        std::uint64_t base, size;
    };
    int decode(tlm::tlm_generic_payload& t) {
        for (std::size_t i = 0; i < regions_.size(); ++i) {
            const Region& r = regions_[i];
            if (t.get_address() >= r.base && t.get_address() - r.base < r.size) {
                t.set_address(t.get_address() - r.base);
                return int(i);
            }
        }
        return -1;
    }
    void b_transport(int, tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
        const std::uint64_t a = t.get_address();
        const int i = decode(t);
        if (i < 0) return t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        out[i]->b_transport(t, delay);
        t.set_address(a);
    }
    unsigned transport_dbg(int, tlm::tlm_generic_payload& t) {
        const std::uint64_t a = t.get_address();
        const int i = decode(t);
        const unsigned n = i < 0 ? 0 : out[i]->transport_dbg(t);
        t.set_address(a);
        return n;
    }
    bool get_direct_mem_ptr(int, tlm::tlm_generic_payload& t, tlm::tlm_dmi& d) {
        const std::uint64_t a = t.get_address();
        const int i = decode(t);
        if (i < 0) {  // nothing mapped: deny just this address
            d.set_start_address(a);
            d.set_end_address(a);
            return false;
        }
        const bool ok = out[i]->get_direct_mem_ptr(t, d);
        t.set_address(a);
        d.set_start_address(d.get_start_address() + regions_[std::size_t(i)].base);
        d.set_end_address(d.get_end_address() + regions_[std::size_t(i)].base);
        return ok;
    }
    void invalidate(int i, sc_dt::uint64 start, sc_dt::uint64 end) {
        const std::uint64_t base = regions_[std::size_t(i)].base;
        for (unsigned k = 0; k < in.size(); ++k) in[int(k)]->invalidate_direct_mem_ptr(base + start, base + end);
    }
    std::vector<Region> regions_;
};

}  // namespace example
