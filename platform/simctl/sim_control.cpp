#include "simctl/sim_control.hpp"

#include <cstring>

namespace fgtlm::platform {

SimControl::SimControl(sc_core::sc_module_name name, std::uint32_t cpu_hz)
    : sc_module(name), socket("socket"), cpu_hz_(cpu_hz) {
    socket.register_b_transport(this, &SimControl::b_transport);
}

void SimControl::b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
    if (t.get_data_length() != 4 || t.get_byte_enable_ptr() != nullptr) {
        t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    const std::uint64_t addr = t.get_address();
    std::uint32_t v = 0;
    if (t.is_write()) {
        if (addr != kExit) {
            t.set_response_status(addr <= kCpuHz && addr % 4 == 0 ? tlm::TLM_COMMAND_ERROR_RESPONSE
                                                                  : tlm::TLM_ADDRESS_ERROR_RESPONSE);
            return;
        }
        std::memcpy(&v, t.get_data_ptr(), 4);
        exit_code_ = int(std::int32_t(v));
        exit_time_ = sc_core::sc_time_stamp() + delay;
        t.set_response_status(tlm::TLM_OK_RESPONSE);
        if (on_exit_) on_exit_(*exit_code_);
        sc_core::sc_stop();
        return;
    }
    const auto now_ns = std::uint64_t((sc_core::sc_time_stamp() + delay).to_seconds() * 1e9 + 0.5);
    switch (addr) {
    case kExit: v = 0; break;
    case kTimeLo: v = std::uint32_t(now_ns); time_hi_latch_ = std::uint32_t(now_ns >> 32); break;
    case kTimeHi: v = time_hi_latch_; break;
    case kCpuHz: v = cpu_hz_; break;
    default: t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE); return;
    }
    std::memcpy(t.get_data_ptr(), &v, 4);
    t.set_response_status(tlm::TLM_OK_RESPONSE);
}

}  // namespace fgtlm::platform
