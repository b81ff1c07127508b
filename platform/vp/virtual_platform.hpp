// VirtualPlatform: host CPU (Unicorn RV32IMAC) + bus + DRAM + UART + sim control + the
// FlexGrip GPU (register target, memory initiator on the same bus, interrupt to the CPU).
#pragma once

#include "bus/router.hpp"
#include "cpu/riscv_cpu.hpp"
#include <fgtlm/gpu/gpu_device.hpp>
#ifdef FGTLM_HAVE_RTL
#include <fgtlm/rtl/lockstep.hpp>
#include <fgtlm/rtl/rtl_gpu.hpp>
#include <tlm_utils/simple_initiator_socket.h>
#endif
#include <fgtlm/stats/instrumentation.hpp>
#include <fgtlm/timing/timing_params.hpp>
#include "memory/ram.hpp"
#include "simctl/sim_control.hpp"
#include "uart/uart.hpp"
#include "vp/debug_port.hpp"
#include "vp/elf_image.hpp"

#include <systemc>

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

namespace fgtlm::params { class Registry; }

namespace fgtlm::platform {

struct VpConfig {
    double cpu_hz = 100e6;
    sc_core::sc_time quantum = sc_core::sc_time(1, sc_core::SC_US);
    sc_core::sc_time gpu_quantum = sc_core::sc_time(100, sc_core::SC_US);  // the GPU's own (gpu.quantum_ns)
    std::uint64_t dram_bytes = 16u << 20;
    sc_core::sc_time dram_latency = sc_core::sc_time(20, sc_core::SC_NS);
    sc_core::sc_time bus_delay = sc_core::sc_time(5, sc_core::SC_NS);
    sc_core::sc_time reg_delay = sc_core::sc_time(10, sc_core::SC_NS);
    gpu::GpuConfig gpu;
    // GPU timing (gpu.mode): false = fixed, the SM's 32/lanes cycles per warp instruction; true =
    // calibrated, the cycle-approximate FlexGripPlus pipeline model (models/timing), same core.
    bool gpu_calibrated = false;
    timing::TimingParams timing;
    [[nodiscard]] gpu::GpuDeviceConfig device() const;  // the GpuDevice's configuration
    // gpu.model: tlm (the model), rtl (the RTL-derived GPU, models/rtl) or lockstep (both,
    // every committed instruction compared). rtl/lockstep need a build with FGTLM_FLEXGRIP_RTL.
    std::string gpu_model = "tlm";
    std::string gpu_rtl_backend = "verilator";  // gpu.rtl_backend: verilator | ghdl (models/rtl)
    std::string gpu_rtl_trace;                  // gpu.rtl_trace: the RTL's commit trace (ghdl back end)

    // Declares the vp.*, gpu.* and timing (sm.*, mem.*) parameters and reads them back.
    static void declare(params::Registry& registry);
    static VpConfig from(const params::Registry& registry);
};

class VirtualPlatform : public sc_core::sc_module {
public:
    VirtualPlatform(sc_core::sc_module_name name, const VpConfig& config, std::ostream& console);
    ~VirtualPlatform() override;

    // Copies the ELF's segments into DRAM (debug transport, at start of simulation, once the
    // bus bindings are complete) and sets the CPU's reset PC. A segment outside DRAM is
    // reported by load_error() and stops the simulation before the CPU runs.
    void load(const ElfImage& image) { image_ = &image; }
    [[nodiscard]] const std::string& load_error() const { return load_error_; }

    Router bus;
    Ram dram;
    Uart uart;
    SimControl simctl;
    RiscvCpu cpu;
    DebugPort loader;
    gpu::GpuDevice gpu;
    sc_core::sc_signal<bool> gpu_irq{"gpu_irq"};
#ifdef FGTLM_HAVE_RTL
    // gpu.model=rtl|lockstep: the device behind the register window and the interrupt. The
    // TLM GpuDevice above then has its register socket and interrupt tied off (lockstep
    // drives its GpuTop directly).
    std::unique_ptr<rtl::RtlGpu> rtl_gpu;
    std::unique_ptr<rtl::LockstepGpu> lockstep_gpu;
#endif

private:
    void bind_rtl_gpu(const VpConfig& config);  // gpu.model=rtl|lockstep
#ifdef FGTLM_HAVE_RTL
    std::unique_ptr<tlm_utils::simple_initiator_socket<VirtualPlatform>> tlm_regs_tie_;
    std::unique_ptr<sc_core::sc_signal<bool>> tlm_irq_tie_;
#endif
    void start_of_simulation() override;

    VpConfig config_;
    const ElfImage* image_ = nullptr;
    std::string load_error_;
};

}  // namespace fgtlm::platform
