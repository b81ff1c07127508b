#include <fgtlm/gpu/device_config.hpp>

namespace fgtlm::gpu {

std::string GpuDeviceConfig::check() const {
    if (sp_lanes != 8 && sp_lanes != 16 && sp_lanes != 32)
        return "GpuDeviceConfig: sp_lanes must be 8, 16 or 32 (got " + std::to_string(sp_lanes) + ")";
    if (num_sms == 0 || num_sms > 64)
        return "GpuDeviceConfig: num_sms must be 1..64 (got " + std::to_string(num_sms) + ")";
    if (clock_period == sc_core::SC_ZERO_TIME) return "GpuDeviceConfig: clock_period must not be 0";
    if (!outputs.vcd_path.empty() && outputs.trace_file != nullptr)
        return "GpuDeviceConfig: outputs.vcd_path and outputs.trace_file are both set (one VCD: choose one)";
    if (timing_params) {
        if (timing_params->sp_lanes != sp_lanes)
            return "GpuDeviceConfig: timing_params.sp_lanes (sm.sp_lanes) = " +
                   std::to_string(timing_params->sp_lanes) + " but the GPU has sp_lanes = " + std::to_string(sp_lanes);
        if (timing_params->num_sms != num_sms)
            return "GpuDeviceConfig: timing_params.num_sms (gpu.num_sms) = " + std::to_string(timing_params->num_sms) +
                   " but the GPU has num_sms = " + std::to_string(num_sms);
    }
    return {};
}

GpuConfig GpuDeviceConfig::gpu_config() const {
    GpuConfig g = base;
    g.num_sms = num_sms;
    g.sm.sp_lanes = sp_lanes;
    g.sm.clock_period = clock_period;
    g.sm.global_protocol = memory_protocol;
    g.quantum = quantum;
    g.max_instructions = max_instructions;
    g.max_cycles = max_cycles;
    return g;
}

timing::TimingParams GpuDeviceConfig::effective_timing() const {
    timing::TimingParams p = timing_params.value_or(timing::TimingParams{});
    p.num_sms = num_sms;
    p.sp_lanes = sp_lanes;
    return p;
}

std::string output_path(const std::string& pattern, std::uint64_t index) {
    const std::string k = std::to_string(index);
    if (const auto at = pattern.find("%k"); at != std::string::npos)
        return pattern.substr(0, at) + k + pattern.substr(at + 2);
    const auto slash = pattern.find_last_of('/');
    const auto dot = pattern.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return pattern + "." + k;
    return pattern.substr(0, dot) + "." + k + pattern.substr(dot);
}

}  // namespace fgtlm::gpu
