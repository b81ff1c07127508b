#include <fgtlm/gpu/gpu_device.hpp>

namespace fgtlm::gpu {

GpuDevice::GpuDevice(sc_core::sc_module_name name, const GpuConfig& config, sc_core::sc_time register_delay)
    : sc_module(name), gpu("gpu", config), regs("regs", *this, register_delay) {
    SC_METHOD(forward_done);
    sensitive << gpu.done_event();
    dont_initialize();
}

void GpuDevice::forward_done() {
    result_ = gpu.result();
    totals_.cycles += result_.cycles;
    totals_.warp_instructions += result_.warp_instructions;
    totals_.thread_instructions += result_.thread_instructions;
    totals_.sim_wall_seconds += result_.sim_wall_seconds;
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
    const std::string why = gpu.load_code_from_global(config.code_base, code_bytes);
    if (!why.empty()) return reject(why, config.code_base);
    core::LaunchConfig local = config;
    local.code_base = 0;
    gpu.copy_code_from_global(0);
    if (!gpu.start(local)) reject("GPU busy", 0);
}

}  // namespace fgtlm::gpu
