#include <fgtlm/sm/memory/memory_initiator.hpp>

namespace fgtlm::sm {

MemoryInitiator::MemoryInitiator(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {
    socket.register_invalidate_direct_mem_ptr(this, &MemoryInitiator::invalidate);
}

void MemoryInitiator::set_use_dmi(bool on) {
    use_dmi_ = on;
    if (!on) dmi = {};
}

void MemoryInitiator::refresh_dmi() {
    dmi = {};
    if (!use_dmi_) return;
    tlm::tlm_generic_payload t;
    tlm::tlm_dmi d;
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_address(0);
    if (!socket->get_direct_mem_ptr(t, d) || d.get_dmi_ptr() == nullptr) return;
    dmi.data = d.get_dmi_ptr();
    dmi.start = d.get_start_address();
    dmi.end = d.get_end_address();
    dmi.readable = d.is_read_allowed();
    dmi.writable = d.is_write_allowed();
}

void MemoryInitiator::invalidate(sc_dt::uint64 start, sc_dt::uint64 end) {
    if (dmi.data != nullptr && start <= dmi.end && end >= dmi.start) dmi = {};
}

core::MemStatus MemoryInitiator::transport(tlm::tlm_command cmd, std::uint64_t addr, std::uint8_t* data,
                                           std::uint32_t len) {
    ++slow_accesses;
    trans_.set_command(cmd);
    trans_.set_address(addr);
    trans_.set_data_ptr(data);
    trans_.set_data_length(len);
    trans_.set_streaming_width(len);
    trans_.set_byte_enable_ptr(nullptr);
    trans_.set_dmi_allowed(false);
    trans_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    socket->b_transport(trans_, annotated);
    if (annotated != sc_core::SC_ZERO_TIME) {
        const std::uint64_t c =
            std::uint64_t((annotated + clock_period - sc_core::sc_time::from_value(1)) / clock_period);
        pending_cycles += c;
        annotated = sc_core::SC_ZERO_TIME;
    }
    const tlm::tlm_response_status st = trans_.get_response_status();
    if (st == tlm::TLM_OK_RESPONSE) {
        if (trans_.is_dmi_allowed() && dmi.data == nullptr && use_dmi_) refresh_dmi();
        return core::MemStatus::Ok;
    }
    return st == tlm::TLM_ADDRESS_ERROR_RESPONSE ? core::MemStatus::AddressError : core::MemStatus::GenericError;
}

core::MemStatus MemoryInitiator::read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) {
    return transport(tlm::TLM_READ_COMMAND, addr, data, len);
}

core::MemStatus MemoryInitiator::write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) {
    return transport(tlm::TLM_WRITE_COMMAND, addr, const_cast<std::uint8_t*>(data), len);
}

}  // namespace fgtlm::sm
