// GpuDeviceConfig: everything an embedder sets on a GpuDevice, in one object: machine shape
// (SMs, SP lanes), clock, timing mode (the calibrated FlexGripPlus model by default), the
// GPU's own TLM quantum, the memory protocol, watchdog and the per-kernel outputs.
//
// The shape is given once: the timing model takes num_sms and sp_lanes from here. A caller who
// supplies timing parameters of their own (e.g. read from a params::Registry with -p options)
// must supply the same shape; check() names any mismatch, and GpuDevice refuses to build.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <systemc>

#include <fgtlm/gpu/gpu_top.hpp>
#include <fgtlm/timing/timing_params.hpp>

namespace fgtlm::gpu {

enum class TimingMode : std::uint8_t {
    Calibrated,  // the FlexGripPlus pipeline model of models/timing (cycle-approximate, fitted to the RTL)
    Fixed,       // 32 / sp_lanes cycles per warp instruction plus the memory's latency
};

// Written by the device itself at the end of every kernel. In a path, "%k" stands for the
// kernel's index (0, 1, ...); without it the index is put before the extension
// (stats.json -> stats.0.json, stats.1.json ...). Empty = not written. The VCD covers the whole
// run; tracing changes no cycle count and no simulation setting (the GPU keeps its quantum).
struct DeviceOutputs {
    std::string stats_path;     // statistics JSON (kernel_cycles = the CYCLES register)
    std::string timeline_path;  // Chrome/Perfetto trace-event JSON (traces/timeline.md)
    std::string vcd_path;       // waveforms (traces/vcd.md) in a VCD file of the device's own
    // Or the waveforms in the platform's own trace file (sc_create_vcd_trace_file), under the
    // device's name (<device>.vcd.sm0.sp_busy ...): the platform keeps its time unit and
    // closes the file itself, after the simulation and before the device is destroyed.
    sc_core::sc_trace_file* trace_file = nullptr;
};

struct GpuDeviceConfig {
    std::uint32_t num_sms = 1;
    std::uint32_t sp_lanes = 8;  // 8, 16 or 32
    TimingMode timing = TimingMode::Calibrated;
    sc_core::sc_time clock_period = sc_core::sc_time(10, sc_core::SC_NS);
    sc_core::sc_time quantum = sc_core::sc_time(100, sc_core::SC_US);  // the GPU's own (GpuConfig::quantum)
    sc_core::sc_time register_delay = sc_core::sc_time(10, sc_core::SC_NS);
    sm::MemoryProtocol memory_protocol = sm::MemoryProtocol::LooselyTimed;
    std::uint64_t max_instructions = 50'000'000;  // watchdog, as in the virtual platform (0 = off)
    std::uint64_t max_cycles = 0;                 // watchdog on SM cycles (0 = off)
    // Calibrated defaults with the shape above when empty; else must have the same shape.
    std::optional<timing::TimingParams> timing_params;
    DeviceOutputs outputs;
    // Everything else of the GPU (core options, memory sizes); its num_sms, sm.sp_lanes,
    // sm.clock_period, quantum and watchdog are taken from the fields above.
    GpuConfig base;

    // "" when consistent, else what is wrong (naming the fields and both values).
    [[nodiscard]] std::string check() const;
    [[nodiscard]] GpuConfig gpu_config() const;                   // the GpuTop configuration
    [[nodiscard]] timing::TimingParams effective_timing() const;  // the timing model's parameters
};

// `pattern` for kernel `index` (see DeviceOutputs).
std::string output_path(const std::string& pattern, std::uint64_t index);

}  // namespace fgtlm::gpu
