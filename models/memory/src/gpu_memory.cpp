#include "fgtlm/memory/gpu_memory.hpp"

#include <algorithm>
#include <cstring>

namespace fgtlm::memory {

GpuMemory::GpuMemory(sc_core::sc_module_name name, std::uint64_t size_bytes, sc_core::sc_time read_latency,
               sc_core::sc_time write_latency)
    : sc_core::sc_module(name), socket("socket"), data_(size_bytes, 0), read_latency_(read_latency),
      write_latency_(write_latency) {
    socket.register_b_transport(this, &GpuMemory::b_transport);
    socket.register_get_direct_mem_ptr(this, &GpuMemory::get_direct_mem_ptr);
    socket.register_transport_dbg(this, &GpuMemory::transport_dbg);
}

void GpuMemory::fill(std::uint8_t value) { std::fill(data_.begin(), data_.end(), value); }

void GpuMemory::set_dmi_enabled(bool on) {
    if (!on && dmi_enabled_) invalidate_dmi();
    dmi_enabled_ = on;
}

void GpuMemory::invalidate_dmi() {
    // Before the simulation starts no DMI pointer has been handed out (and the backward
    // path of multi-sockets is not bound yet).
    if (sc_core::sc_get_status() != sc_core::SC_RUNNING && sc_core::sc_get_status() != sc_core::SC_PAUSED &&
        sc_core::sc_get_status() != sc_core::SC_STOPPED && sc_core::sc_get_status() != sc_core::SC_START_OF_SIMULATION)
        return;
    socket->invalidate_direct_mem_ptr(0, ~sc_dt::uint64(0));
}

void GpuMemory::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    const tlm::tlm_command cmd = trans.get_command();
    const sc_dt::uint64 addr = trans.get_address();
    const unsigned len = trans.get_data_length();
    unsigned char* ptr = trans.get_data_ptr();
    const unsigned char* be = trans.get_byte_enable_ptr();
    const unsigned be_len = trans.get_byte_enable_length();

    if (cmd == tlm::TLM_IGNORE_COMMAND) {
        trans.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    if (cmd != tlm::TLM_READ_COMMAND && cmd != tlm::TLM_WRITE_COMMAND) {
        ++errors;
        trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return;
    }
    if (addr >= data_.size() || len > data_.size() - addr) {
        ++errors;
        trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (trans.get_streaming_width() < len) {
        ++errors;
        trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    std::uint8_t* mem = data_.data() + addr;
    if (cmd == tlm::TLM_READ_COMMAND) {
        ++reads;
        if (be == nullptr) {
            std::memcpy(ptr, mem, len);
        } else {
            for (unsigned i = 0; i < len; ++i)
                if (be[i % be_len] == TLM_BYTE_ENABLED) ptr[i] = mem[i];
        }
        delay += read_latency_;
    } else {
        ++writes;
        if (be == nullptr) {
            std::memcpy(mem, ptr, len);
        } else {
            for (unsigned i = 0; i < len; ++i)
                if (be[i % be_len] == TLM_BYTE_ENABLED) mem[i] = ptr[i];
        }
        delay += write_latency_;
    }
    trans.set_dmi_allowed(dmi_enabled_);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool GpuMemory::get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
    if (!dmi_enabled_ || trans.get_address() >= data_.size()) {
        // Tell the initiator the region where DMI is refused: the whole address space.
        dmi.allow_read_write();
        dmi.set_start_address(0);
        dmi.set_end_address(~sc_dt::uint64(0));
        dmi.allow_none();
        return false;
    }
    dmi.set_dmi_ptr(data_.data());
    dmi.set_start_address(0);
    dmi.set_end_address(data_.size() - 1);
    dmi.set_read_latency(read_latency_);
    dmi.set_write_latency(write_latency_);
    dmi.allow_read_write();
    return true;
}

unsigned int GpuMemory::transport_dbg(tlm::tlm_generic_payload& trans) {
    const sc_dt::uint64 addr = trans.get_address();
    if (addr >= data_.size()) return 0;
    const unsigned len = unsigned(std::min<sc_dt::uint64>(trans.get_data_length(), data_.size() - addr));
    ++debug_accesses;
    if (trans.get_command() == tlm::TLM_READ_COMMAND) {
        std::memcpy(trans.get_data_ptr(), data_.data() + addr, len);
    } else if (trans.get_command() == tlm::TLM_WRITE_COMMAND) {
        std::memcpy(data_.data() + addr, trans.get_data_ptr(), len);
    } else {
        return 0;
    }
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
    return len;
}

}  // namespace fgtlm::memory
