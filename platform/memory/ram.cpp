#include "memory/ram.hpp"

#include <cstring>

namespace fgtlm::platform {

Ram::Ram(sc_core::sc_module_name name, std::uint64_t size_bytes, sc_core::sc_time read_latency,
               sc_core::sc_time write_latency)
    : sc_module(name), socket("socket"), bytes_(size_bytes), read_latency_(read_latency),
      write_latency_(write_latency) {
    socket.register_b_transport(this, &Ram::b_transport);
    socket.register_get_direct_mem_ptr(this, &Ram::get_direct_mem_ptr);
    socket.register_transport_dbg(this, &Ram::transport_dbg);
}

void Ram::b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
    const std::uint64_t addr = t.get_address();
    const unsigned len = t.get_data_length();
    const unsigned width = t.get_streaming_width() ? t.get_streaming_width() : len;
    const tlm::tlm_command cmd = t.get_command();
    if (cmd == tlm::TLM_IGNORE_COMMAND) {
        t.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    if (len == 0 || width == 0) {
        t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    if (addr >= bytes_.size() || std::min<std::uint64_t>(len, width) > bytes_.size() - addr) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    const unsigned char* be = t.get_byte_enable_ptr();
    const unsigned be_len = t.get_byte_enable_length();
    unsigned char* data = t.get_data_ptr();
    std::uint8_t* mem = bytes_.data() + addr;
    if (be == nullptr && width >= len) {
        if (cmd == tlm::TLM_READ_COMMAND) std::memcpy(data, mem, len); else std::memcpy(mem, data, len);
    } else {
        for (unsigned i = 0; i < len; ++i) {
            if (be != nullptr && be[i % be_len] == 0) continue;
            std::uint8_t* m = mem + (i % width);
            if (cmd == tlm::TLM_READ_COMMAND) data[i] = *m; else *m = data[i];
        }
    }
    delay += (cmd == tlm::TLM_READ_COMMAND) ? read_latency_ : write_latency_;
    t.set_dmi_allowed(true);
    t.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool Ram::get_direct_mem_ptr(tlm::tlm_generic_payload& t, tlm::tlm_dmi& dmi) {
    if (t.get_address() >= bytes_.size()) return false;
    dmi.set_dmi_ptr(bytes_.data());
    dmi.set_start_address(0);
    dmi.set_end_address(bytes_.size() - 1);
    dmi.allow_read_write();
    dmi.set_read_latency(read_latency_);
    dmi.set_write_latency(write_latency_);
    return true;
}

unsigned Ram::transport_dbg(tlm::tlm_generic_payload& t) {
    const std::uint64_t addr = t.get_address();
    if (addr >= bytes_.size()) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    const unsigned n = unsigned(std::min<std::uint64_t>(t.get_data_length(), bytes_.size() - addr));
    if (t.get_command() == tlm::TLM_READ_COMMAND) std::memcpy(t.get_data_ptr(), bytes_.data() + addr, n);
    else if (t.get_command() == tlm::TLM_WRITE_COMMAND) std::memcpy(bytes_.data() + addr, t.get_data_ptr(), n);
    t.set_response_status(tlm::TLM_OK_RESPONSE);
    return n;
}

}  // namespace fgtlm::platform
