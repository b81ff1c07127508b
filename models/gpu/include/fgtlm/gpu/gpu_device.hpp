// GpuDevice: the FlexGrip GPU as a bus device: GpuTop (SMs, instruction and constant memory,
// global-memory initiator) + HostInterface (register file, interrupt line), glued by the
// host::KernelControl interface. Nothing here depends on Unicorn: this is the unit to embed
// in any SystemC virtual platform (see platform/README.md and models/host/README.md):
//   regs.socket        TLM target: the register map (models/host/README.md), 16 KiB
//   gpu.global_socket  TLM initiator: global memory = whatever it is bound to (kernel
//                      pointers and CODE_BASE are addresses on that bus)
//   regs.irq           sc_out<bool>: level interrupt
//
// Code loading: at START the device reads CODE_SIZE bytes at CODE_BASE through the global
// socket (debug transport, untimed) into the GPU's instruction memory at offset 0 and runs
// the kernel from there, so the code may live anywhere in system memory.
#pragma once

#include <fgtlm/gpu/gpu_top.hpp>
#include <fgtlm/host/host_interface.hpp>
#include <fgtlm/host/kernel_control.hpp>

#include <systemc>

namespace fgtlm::gpu {

class GpuDevice : public sc_core::sc_module, public host::KernelControl {
public:
    GpuTop gpu;
    host::HostInterface regs;

    SC_HAS_PROCESS(GpuDevice);
    GpuDevice(sc_core::sc_module_name name, const GpuConfig& config,
              sc_core::sc_time register_delay = sc_core::sc_time(10, sc_core::SC_NS));

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
    void forward_done();  // GpuTop done -> latch result -> our done
    void reject(const std::string& why, std::uint64_t address);

    core::KernelResult result_;
    core::KernelResult totals_;  // cycles, instructions and host seconds over all kernels
    sc_core::sc_event done_;
};

}  // namespace fgtlm::gpu
