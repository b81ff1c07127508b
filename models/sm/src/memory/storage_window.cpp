#include <fgtlm/sm/memory/storage_window.hpp>

#include <algorithm>
#include <cstring>

namespace fgtlm::sm {

StorageWindow::StorageWindow(sc_core::sc_module_name name, bool writable)
    : sc_core::sc_module(name), socket("socket"), writable_(writable) {
    socket.register_b_transport(this, &StorageWindow::b_transport);
    socket.register_get_direct_mem_ptr(this, &StorageWindow::get_direct_mem_ptr);
    socket.register_transport_dbg(this, &StorageWindow::transport_dbg);
}

void StorageWindow::attach(std::uint8_t* data, std::uint64_t size) {
    if (data_ != nullptr && (data != data_ || size != size_))
        for (unsigned i = 0; i < unsigned(socket.size()); ++i)
            socket[int(i)]->invalidate_direct_mem_ptr(0, ~sc_dt::uint64(0));
    data_ = data;
    size_ = size;
}

void StorageWindow::b_transport(int, tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
    const std::uint64_t a = trans.get_address();
    const unsigned len = trans.get_data_length();
    if (trans.get_command() == tlm::TLM_IGNORE_COMMAND) {
        trans.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    if (data_ == nullptr || a >= size_ || len > size_ - a) {
        trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (trans.get_byte_enable_ptr() != nullptr || trans.get_streaming_width() < len) {
        trans.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        return;
    }
    if (trans.is_write()) {
        if (!writable_) {
            trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
            return;
        }
        std::memcpy(data_ + a, trans.get_data_ptr(), len);
    } else {
        std::memcpy(trans.get_data_ptr(), data_ + a, len);
    }
    trans.set_dmi_allowed(true);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool StorageWindow::get_direct_mem_ptr(int, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
    if (data_ == nullptr || size_ == 0 || trans.get_address() >= size_) return false;
    dmi.set_dmi_ptr(data_);
    dmi.set_start_address(0);
    dmi.set_end_address(size_ - 1);
    dmi.set_granted_access(writable_ ? tlm::tlm_dmi::DMI_ACCESS_READ_WRITE : tlm::tlm_dmi::DMI_ACCESS_READ);
    dmi.set_read_latency(sc_core::SC_ZERO_TIME);
    dmi.set_write_latency(sc_core::SC_ZERO_TIME);
    return true;
}

unsigned int StorageWindow::transport_dbg(int, tlm::tlm_generic_payload& trans) {
    const std::uint64_t a = trans.get_address();
    if (data_ == nullptr || a >= size_) return 0;
    const unsigned len = unsigned(std::min<std::uint64_t>(trans.get_data_length(), size_ - a));
    if (trans.is_write()) {
        if (!writable_) return 0;
        std::memcpy(data_ + a, trans.get_data_ptr(), len);
    } else if (trans.is_read()) {
        std::memcpy(trans.get_data_ptr(), data_ + a, len);
    }
    return len;
}

}  // namespace fgtlm::sm
