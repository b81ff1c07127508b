#include <fgtlm/gpu/gpu_device.hpp>

#include <sstream>

namespace fgtlm::gpu {

GpuDevice::GpuDevice(sc_core::sc_module_name name, const GpuConfig& config, sc_core::sc_time register_delay)
    : sc_module(name), gpu("gpu", config), regs("regs", *this, register_delay) {
    SC_METHOD(forward_done);
    sensitive << gpu.done_event();
    dont_initialize();
}

void GpuDevice::forward_done() {
    result_ = gpu.result();
    done_.notify(sc_core::SC_ZERO_TIME);
}

void GpuDevice::reject(const std::string& why, std::uint64_t address) {
    result_ = {};
    result_.error.kind = core::KernelErrorKind::InvalidLaunch;
    result_.error.address = address;
    result_.error.message = why;
    SC_REPORT_WARNING(name(), ("launch rejected: " + why).c_str());
    done_.notify(sc_core::SC_ZERO_TIME);
}

void GpuDevice::start(const core::LaunchConfig& config, std::uint32_t code_bytes) {
    if (code_bytes > gpu.imem.size()) {
        std::ostringstream s;
        s << "code of " << code_bytes << " bytes exceeds the instruction memory (" << gpu.imem.size() << " bytes)";
        return reject(s.str(), config.code_base);
    }
    code_.assign(code_bytes / 4, 0);
    tlm::tlm_generic_payload t;
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_address(config.code_base);
    t.set_data_ptr(reinterpret_cast<unsigned char*>(code_.data()));
    t.set_data_length(code_bytes);
    if (gpu.global_socket->transport_dbg(t) != code_bytes) {
        std::ostringstream s;
        s << "code at 0x" << std::hex << config.code_base << " (+0x" << code_bytes << ") is not readable memory";
        return reject(s.str(), config.code_base);
    }
    gpu.load_program(code_, 0);  // words are little-endian in memory, as load_program expects
    core::LaunchConfig local = config;
    local.code_base = 0;
    gpu.copy_code_from_global(0);
    if (!gpu.start(local)) reject("GPU busy", 0);
}

}  // namespace fgtlm::gpu
