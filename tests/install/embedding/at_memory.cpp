#include "at_memory.hpp"

#include <cstring>

namespace checks {

AtMemory::AtMemory(sc_core::sc_module_name name, std::uint64_t base, std::uint64_t bytes, sc_core::sc_time latency)
    : sc_module(name),
      at("at"),
      lt("lt"),
      mem_(bytes, 0),
      base_(base),
      latency_(latency),
      peq_(this, &AtMemory::peq_cb) {
    at.register_nb_transport_fw(this, &AtMemory::nb_transport_fw);
    at.register_transport_dbg(this, &AtMemory::at_debug);
    at.register_get_direct_mem_ptr(this, &AtMemory::no_dmi);
    lt.register_b_transport(this, &AtMemory::b_transport);
}

tlm::tlm_sync_enum AtMemory::nb_transport_fw(tlm::tlm_generic_payload& t, tlm::tlm_phase& ph, sc_core::sc_time& d) {
    if (ph == tlm::BEGIN_REQ) t.acquire();
    peq_.notify(t, ph, d);
    return ph == tlm::END_RESP ? tlm::TLM_COMPLETED : tlm::TLM_ACCEPTED;
}

void AtMemory::peq_cb(tlm::tlm_generic_payload& t, const tlm::tlm_phase& ph) {
    if (ph == tlm::BEGIN_REQ) {
        ++requests;
        if (in_flight_ != nullptr) {  // back-pressure: END_REQ only when this one is taken
            ++backpressured;
            waiting_.push_back(&t);
            return;
        }
        begin(t);
    } else if (ph == tlm::BEGIN_RESP) {
        respond(t);
    } else if (ph == tlm::END_RESP) {
        in_flight_ = nullptr;
        t.release();
        if (!waiting_.empty()) {
            tlm::tlm_generic_payload* next = waiting_.front();
            waiting_.pop_front();
            begin(*next);
        }
    }
}

void AtMemory::begin(tlm::tlm_generic_payload& t) {
    in_flight_ = &t;
    tlm::tlm_phase ph = tlm::END_REQ;
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    at->nb_transport_bw(t, ph, d);
    const std::uint64_t a = t.get_address();
    if (a < base_ || a - base_ >= mem_.size() || t.get_data_length() > mem_.size() - (a - base_))
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    else
        execute(t, a - base_);
    peq_.notify(t, tlm::BEGIN_RESP, latency_);
}

void AtMemory::respond(tlm::tlm_generic_payload& t) {
    tlm::tlm_phase ph = tlm::BEGIN_RESP;
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    if (at->nb_transport_bw(t, ph, d) == tlm::TLM_COMPLETED) peq_.notify(t, tlm::END_RESP, d);
}

void AtMemory::execute(tlm::tlm_generic_payload& t, std::uint64_t offset) {
    if (t.is_read()) std::memcpy(t.get_data_ptr(), mem_.data() + offset, t.get_data_length());
    if (t.is_write()) std::memcpy(mem_.data() + offset, t.get_data_ptr(), t.get_data_length());
    t.set_response_status(tlm::TLM_OK_RESPONSE);
}

void AtMemory::b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& d) {
    d += latency_;
    if (t.get_address() >= mem_.size() || t.get_data_length() > mem_.size() - t.get_address())
        return t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    execute(t, t.get_address());
}

unsigned AtMemory::at_debug(tlm::tlm_generic_payload& t) {
    const std::uint64_t a = t.get_address();
    if (a < base_ || a - base_ >= mem_.size() || t.get_data_length() > mem_.size() - (a - base_)) return 0;
    execute(t, a - base_);
    return t.get_data_length();
}

}  // namespace checks
