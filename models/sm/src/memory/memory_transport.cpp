// MemoryInitiator's two ways over the socket: b_transport (loosely timed) and the base
// protocol's four-phase nb_transport (approximately timed).
#include <fgtlm/sm/memory/memory_initiator.hpp>

namespace fgtlm::sm {

void MemoryInitiator::prepare(tlm::tlm_command cmd, std::uint64_t addr, std::uint8_t* data, std::uint32_t len) {
    trans_.set_command(cmd);
    trans_.set_address(addr);
    trans_.set_data_ptr(data);
    trans_.set_data_length(len);
    trans_.set_streaming_width(len);
    trans_.set_byte_enable_ptr(nullptr);
    trans_.set_dmi_allowed(false);
    trans_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
}

// Delay -> SM cycles, rounded up per access (a DMI grant's latency is rounded the same way).
void MemoryInitiator::charge(sc_core::sc_time t) {
    annotated += t;
    if (annotated == sc_core::SC_ZERO_TIME) return;
    pending_cycles += std::uint64_t((annotated + clock_period - sc_core::sc_time::from_value(1)) / clock_period);
    annotated = sc_core::SC_ZERO_TIME;
}

void MemoryInitiator::transport_lt() {
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(trans_, delay);
    charge(delay);
}

// BEGIN_REQ -> (END_REQ) -> BEGIN_RESP -> END_RESP, waiting in the SM's thread; the target
// may shorten it (TLM_UPDATED with BEGIN_RESP, or TLM_COMPLETED). The time it took, from the
// SM's synchronised local time, is the access's latency; that time has already passed in
// SystemC, which the SM learns through clock->time_passed().
void MemoryInitiator::transport_at() {
    if (clock == nullptr) {
        SC_REPORT_ERROR(name(), "approximately-timed memory access without the SM's clock (MemoryInitiator::clock)");
        return;
    }
    clock->sync_local_time();
    const sc_core::sc_time t0 = sc_core::sc_time_stamp();
    trans_.acquire();
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    at_phase_ = tlm::BEGIN_REQ;
    tlm::tlm_sync_enum s = socket->nb_transport_fw(trans_, phase, delay);
    if (s == tlm::TLM_UPDATED || s == tlm::TLM_COMPLETED) {
        wait(delay);
        at_phase_ = phase == tlm::BEGIN_REQ ? at_phase_ : phase;
    }
    if (s != tlm::TLM_COMPLETED) {
        if (at_phase_ == tlm::BEGIN_REQ) wait(at_end_req_);  // back-pressure: request not yet taken
        if (at_phase_ == tlm::END_REQ) wait(at_begin_resp_);
        // A phase announced with a delay takes effect then, even if seen earlier.
        if (sc_core::sc_time_stamp() < at_ready_) wait(at_ready_ - sc_core::sc_time_stamp());
        phase = tlm::END_RESP;
        delay = sc_core::SC_ZERO_TIME;
        s = socket->nb_transport_fw(trans_, phase, delay);
        if (delay != sc_core::SC_ZERO_TIME) wait(delay);
    }
    at_phase_ = tlm::UNINITIALIZED_PHASE;
    trans_.release();
    const sc_core::sc_time took = sc_core::sc_time_stamp() - t0;
    const auto cycles = std::uint64_t((took + clock_period - sc_core::sc_time::from_value(1)) / clock_period);
    pending_cycles += cycles;
    clock->time_passed(cycles);
}

tlm::tlm_sync_enum MemoryInitiator::nb_transport_bw(tlm::tlm_generic_payload& t, tlm::tlm_phase& phase,
                                                    sc_core::sc_time& delay) {
    if (&t != &trans_ || at_phase_ == tlm::UNINITIALIZED_PHASE) {
        SC_REPORT_ERROR(name(), "nb_transport_bw for a transaction this initiator has not in flight");
        return tlm::TLM_COMPLETED;
    }
    at_ready_ = sc_core::sc_time_stamp() + delay;
    if (phase == tlm::END_REQ) {
        at_phase_ = tlm::END_REQ;
        at_end_req_.notify(delay);
        return tlm::TLM_ACCEPTED;
    }
    if (phase == tlm::BEGIN_RESP) {
        // BEGIN_RESP implies END_REQ.
        at_phase_ = tlm::BEGIN_RESP;
        at_end_req_.notify(delay);
        at_begin_resp_.notify(delay);
        return tlm::TLM_ACCEPTED;
    }
    SC_REPORT_ERROR(name(), "nb_transport_bw: unexpected phase (base protocol: END_REQ or BEGIN_RESP)");
    return tlm::TLM_COMPLETED;
}

}  // namespace fgtlm::sm
