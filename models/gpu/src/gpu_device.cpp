#include <fgtlm/gpu/gpu_device.hpp>

#include <fgtlm/stats/instrumentation.hpp>

#include "kernel_outputs.hpp"

namespace fgtlm::gpu {

namespace {

// The GpuTop configuration, after the whole device configuration was checked.
GpuConfig checked(const GpuDeviceConfig& c) {
    if (const std::string why = c.check(); !why.empty()) SC_REPORT_ERROR("fgtlm/gpu/GpuDevice", why.c_str());
    return c.gpu_config();
}

GpuDeviceConfig from_gpu_config(const GpuConfig& g, sc_core::sc_time register_delay) {
    GpuDeviceConfig c;
    c.num_sms = g.num_sms;
    c.sp_lanes = g.sm.sp_lanes;
    c.clock_period = g.sm.clock_period;
    c.quantum = g.quantum;
    c.memory_protocol = g.sm.global_protocol;
    c.max_instructions = g.max_instructions;
    c.max_cycles = g.max_cycles;
    c.register_delay = register_delay;
    c.base = g;
    return c;
}

}  // namespace

GpuDevice::GpuDevice(sc_core::sc_module_name name, const GpuDeviceConfig& config)
    : sc_module(name), gpu("gpu", checked(config)), regs("regs", *this, config.register_delay), config_(config) {
    attach_timing();
    SC_METHOD(forward_done);
    sensitive << gpu.done_event();
    dont_initialize();
}

GpuDevice::GpuDevice(sc_core::sc_module_name name, const GpuConfig& config, sc_core::sc_time register_delay)
    : GpuDevice(name, from_gpu_config(config, register_delay)) {}

GpuDevice::~GpuDevice() = default;

// The SMs take their cycles from the timing model; statistics and outputs observe after it.
void GpuDevice::attach_timing() {
    stats::InstrumentationOptions options;
    const bool calibrated = config_.timing == TimingMode::Calibrated;
    options.mode = calibrated ? timing::Mode::Calibrated : timing::Mode::Fixed;
    const timing::TimingParams params = config_.effective_timing();
    instrumentation_ = std::make_unique<stats::Instrumentation>(params, options);
    gpu.add_observer(instrumentation_.get());
    gpu.set_issue_cost(&instrumentation_->sm_clock());
    // The timing model ends a kernel kernel_done_cycles after its last block: so does the GPU.
    gpu.set_kernel_end_cycles(calibrated ? params.kernel_done_cycles : 0);
    try {
        outputs_ = std::make_unique<KernelOutputs>("vcd", config_, *instrumentation_);
    } catch (const std::exception& e) {
        SC_REPORT_ERROR(name(), e.what());
    }
    if (outputs_) outputs_->attach(gpu);
}

void GpuDevice::forward_done() {
    result_ = gpu.result();
    totals_.cycles += result_.cycles;
    totals_.warp_instructions += result_.warp_instructions;
    totals_.thread_instructions += result_.thread_instructions;
    totals_.sim_wall_seconds += result_.sim_wall_seconds;
    ++kernels_;
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
