#include <fgtlm/sm/units/register_file_unit.hpp>

#include <algorithm>
#include <cstring>

namespace fgtlm::sm {

RegisterFileUnit::RegisterFileUnit(sc_core::sc_module_name name, core::RegisterFile& regs)
    : sc_core::sc_module(name),
      read_port("read_port"),
      write_port("write_port"),
      debug_port("debug_port"),
      regs_(regs) {
    auto wire = [this](auto& s) {
        s.register_b_transport(this, &RegisterFileUnit::b_transport);
        s.register_get_direct_mem_ptr(this, &RegisterFileUnit::get_direct_mem_ptr);
        s.register_transport_dbg(this, &RegisterFileUnit::transport_dbg);
    };
    wire(read_port);
    wire(write_port);
    wire(debug_port);
}

RegisterFileUnit::Window RegisterFileUnit::window_at(std::uint64_t addr) {
    Window w;
    if (addr >= kAregBase) {
        w = {reinterpret_cast<std::uint8_t*>(regs_.address_registers().data()), kAregBase,
             regs_.address_registers().size() * 4};
    } else if (addr >= kPredBase) {
        w = {regs_.predicates().data(), kPredBase, regs_.predicates().size()};
    } else {
        w = {reinterpret_cast<std::uint8_t*>(regs_.gprs().data()), kGprBase, regs_.gprs().size() * 4};
    }
    if (addr - w.base >= w.size) return {};
    return w;
}

void RegisterFileUnit::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
    if (trans.get_command() == tlm::TLM_IGNORE_COMMAND) {
        trans.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    const std::uint64_t a = trans.get_address();
    const unsigned len = trans.get_data_length();
    const Window w = window_at(a);
    if (w.data == nullptr || len > w.size - (a - w.base)) {
        trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (trans.get_byte_enable_ptr() != nullptr || trans.get_streaming_width() < len) {
        trans.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        return;
    }
    std::uint8_t* p = w.data + (a - w.base);
    if (trans.is_write())
        std::memcpy(p, trans.get_data_ptr(), len);
    else
        std::memcpy(trans.get_data_ptr(), p, len);
    trans.set_dmi_allowed(true);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool RegisterFileUnit::get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
    const Window w = window_at(trans.get_address());
    if (w.data == nullptr) return false;
    dmi.set_dmi_ptr(w.data);
    dmi.set_start_address(w.base);
    dmi.set_end_address(w.base + w.size - 1);
    dmi.set_granted_access(tlm::tlm_dmi::DMI_ACCESS_READ_WRITE);
    return true;
}

unsigned int RegisterFileUnit::transport_dbg(tlm::tlm_generic_payload& trans) {
    const std::uint64_t a = trans.get_address();
    const Window w = window_at(a);
    if (w.data == nullptr) return 0;
    const unsigned len = unsigned(std::min<std::uint64_t>(trans.get_data_length(), w.size - (a - w.base)));
    std::uint8_t* p = w.data + (a - w.base);
    if (trans.is_write())
        std::memcpy(p, trans.get_data_ptr(), len);
    else if (trans.is_read())
        std::memcpy(trans.get_data_ptr(), p, len);
    return len;
}

}  // namespace fgtlm::sm
