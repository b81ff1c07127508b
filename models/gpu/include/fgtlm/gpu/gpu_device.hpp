// GpuDevice: the FlexGrip GPU as a bus device: GpuTop (SMs, instruction and constant memory,
// global-memory initiator) + HostInterface (register file, interrupt line), glued by the
// host::KernelControl interface, configured by one GpuDeviceConfig (device_config.hpp).
// Nothing here depends on a CPU model: this is the unit to embed in any SystemC virtual
// platform (README "Embedding", platform/examples/embedding, models/host/README.md):
//   regs.socket        TLM target: the register map (models/host/README.md), 16 KiB
//   gpu.global_socket  TLM initiator: global memory = whatever it is bound to (kernel
//                      pointers and CODE_BASE are addresses on that bus)
//   regs.irq           sc_out<bool>: level interrupt
//
// Timing: the calibrated FlexGripPlus model unless the configuration says Fixed; the device
// owns the timing model and the statistics, and writes the configured outputs after every
// kernel by itself. CYCLES (register) = KernelResult::cycles = the statistics' kernel_cycles:
// from START being accepted to the end of the kernel including its completion overhead
// (timing parameter gpu.kernel_done_cycles), when the interrupt is raised.
//
// Code loading: at START the device reads CODE_SIZE bytes at CODE_BASE through the global
// socket (debug transport, untimed) into the GPU's instruction memory at offset 0 and runs
// the kernel from there, so the code may live anywhere in system memory.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <systemc>

#include <fgtlm/gpu/device_config.hpp>
#include <fgtlm/gpu/gpu_top.hpp>
#include <fgtlm/host/host_interface.hpp>
#include <fgtlm/host/kernel_control.hpp>

namespace fgtlm::stats {
class Instrumentation;
}

namespace fgtlm::gpu {

class KernelOutputs;

class GpuDevice : public sc_core::sc_module, public host::KernelControl {
public:
    GpuTop gpu;
    host::HostInterface regs;

    SC_HAS_PROCESS(GpuDevice);
    // Reports an SC_REPORT_ERROR (an exception by default) naming the problem when
    // config.check() fails or an output file cannot be created.
    GpuDevice(sc_core::sc_module_name name, const GpuDeviceConfig& config);
    // Shape, clock, quantum and watchdog from `config`, calibrated timing.
    GpuDevice(sc_core::sc_module_name name, const GpuConfig& config,
              sc_core::sc_time register_delay = sc_core::sc_time(10, sc_core::SC_NS));
    ~GpuDevice() override;

    [[nodiscard]] const GpuDeviceConfig& config() const { return config_; }
    // Timing model and statistics (of the current or last kernel).
    stats::Instrumentation& instrumentation() { return *instrumentation_; }
    [[nodiscard]] std::uint64_t kernels_completed() const { return kernels_; }

    // host::KernelControl
    void start(const core::LaunchConfig& config, std::uint32_t code_bytes) override;
    void abort() override { gpu.abort(); }
    void reset() override {}  // GpuTop keeps no state between launches beyond memories
    [[nodiscard]] bool busy() const override { return gpu.busy(); }
    [[nodiscard]] const core::KernelResult& result() const override { return result_; }
    [[nodiscard]] const sc_core::sc_event& done_event() const override { return done_; }
    // Every kernel this device ran, summed (the VP's speed summary).
    [[nodiscard]] const core::KernelResult& totals() const { return totals_; }

private:
    void attach_timing();
    void forward_done();  // GpuTop done -> latch result -> our done
    void reject(const std::string& why, std::uint64_t address);

    GpuDeviceConfig config_;
    std::unique_ptr<stats::Instrumentation> instrumentation_;
    std::unique_ptr<KernelOutputs> outputs_;
    core::KernelResult result_;
    core::KernelResult totals_;  // cycles, instructions and host seconds over all kernels
    sc_core::sc_event done_;
    std::uint64_t kernels_ = 0;
};

}  // namespace fgtlm::gpu
