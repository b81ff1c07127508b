#include "vp/virtual_platform.hpp"

#include "vp/address_map.hpp"

#include <fgtlm/params/registry.hpp>

#include <iostream>
#include <sstream>
#include <stdexcept>

namespace fgtlm::platform {

using namespace address_map;

void VpConfig::declare(params::Registry& r) {
    // The SIMCTL CPU_HZ register is 32 bits wide: 5e9 would read back as 705032704.
    r.declare_double("vp.cpu_hz", 100e6, "host CPU clock (one instruction per cycle)", "Hz", 1e3, 4294967295.0);
    r.declare_int("vp.quantum_ns", 1000, "global TLM quantum: how far the CPU may run ahead", "ns", 1, 1000000000);
    r.declare_int("vp.dram_bytes", 16 << 20, "system DRAM size at 0x80000000", "bytes", 1 << 20, 1ll << 30);
    r.declare_int("vp.dram_latency_ns", 20, "DRAM access latency (b_transport and DMI)", "ns", 0, 100000);
    r.declare_int("vp.bus_delay_ns", 5, "bus router delay per b_transport", "ns", 0, 100000);
    r.declare_int("vp.reg_delay_ns", 10, "GPU register access delay", "ns", 0, 100000);
    timing::declare_timing_params(r);  // gpu.num_sms, sm.sp_lanes and the calibrated model's latencies
    r.declare_string("gpu.mode", "calibrated",
                     "GPU timing: calibrated (the cycle-approximate FlexGripPlus pipeline model, default) or fixed "
                     "(32/lanes cycles per warp instruction); at/lt: deprecated spellings of the same");
    r.declare_int("gpu.clock_ns", 10, "SM clock period", "ns", 1, 1000);
    r.declare_int("gpu.quantum_ns", 100000, "the GPU's own TLM quantum (vp.quantum_ns does not apply to it)", "ns", 1,
                  1000000000);
    r.declare_string("gpu.model", "tlm",
                     "GPU behind the register window: tlm (the model), rtl (RTL-derived FlexGripPlus, "
                     "models/rtl) or lockstep (both, committed instructions compared)");
    r.declare_string("gpu.rtl_backend", "verilator",
                     "what simulates the RTL for gpu.model=rtl|lockstep: verilator (the Verilated netlist, fast) "
                     "or ghdl (GHDL running the VHDL clock by clock, exact by construction; built on first use)");
    r.declare_string("gpu.rtl_trace", "",
                     "write the RTL's commit trace (traces/commit-trace.md) of every kernel to this file "
                     "(gpu.model=rtl|lockstep with gpu.rtl_backend=ghdl)");
    // 1e7: one endless warp reaches it in about 5 s simulated, inside the default --max-time
    // (10 s); 5e7 took 25 s, so the watchdog could never fire. The apps need at most ~2e6.
    r.declare_int("gpu.max_instructions", 10000000, "watchdog: warp instructions per kernel (0 = off)", "", 0,
                  1ll << 40);
}

VpConfig VpConfig::from(const params::Registry& r) {
    VpConfig c;
    c.cpu_hz = r.get_double("vp.cpu_hz");
    c.quantum = sc_core::sc_time(double(r.get_int("vp.quantum_ns")), sc_core::SC_NS);
    c.dram_bytes = std::uint64_t(r.get_int("vp.dram_bytes")) & ~std::uint64_t(0xFFF);
    c.dram_latency = sc_core::sc_time(double(r.get_int("vp.dram_latency_ns")), sc_core::SC_NS);
    c.bus_delay = sc_core::sc_time(double(r.get_int("vp.bus_delay_ns")), sc_core::SC_NS);
    c.reg_delay = sc_core::sc_time(double(r.get_int("vp.reg_delay_ns")), sc_core::SC_NS);
    c.gpu.num_sms = std::uint32_t(r.get_int("gpu.num_sms"));
    const auto lanes = r.get_int("sm.sp_lanes");
    if (lanes != 8 && lanes != 16 && lanes != 32)
        throw params::ParamError("sm.sp_lanes must be 8, 16 or 32 (got " + std::to_string(lanes) + ")");
    c.gpu.sm.sp_lanes = std::uint32_t(lanes);
    const std::string mode = r.get_string("gpu.mode");
    if (mode != "calibrated" && mode != "fixed" && mode != "at" && mode != "lt")
        throw params::ParamError("gpu.mode must be calibrated or fixed (got '" + mode + "')");
    c.gpu_calibrated = mode == "calibrated" || mode == "at";
    c.timing = timing::TimingParams::from(r);
    c.gpu.sm.clock_period = sc_core::sc_time(double(r.get_int("gpu.clock_ns")), sc_core::SC_NS);
    c.gpu_quantum = sc_core::sc_time(double(r.get_int("gpu.quantum_ns")), sc_core::SC_NS);
    c.gpu.max_instructions = std::uint64_t(r.get_int("gpu.max_instructions"));
    c.gpu_model = r.get_string("gpu.model");
    if (c.gpu_model != "tlm" && c.gpu_model != "rtl" && c.gpu_model != "lockstep")
        throw params::ParamError("gpu.model must be tlm, rtl or lockstep (got '" + c.gpu_model + "')");
    c.gpu_rtl_backend = r.get_string("gpu.rtl_backend");
    if (c.gpu_rtl_backend != "verilator" && c.gpu_rtl_backend != "ghdl")
        throw params::ParamError("gpu.rtl_backend must be verilator or ghdl (got '" + c.gpu_rtl_backend + "')");
    c.gpu_rtl_trace = r.get_string("gpu.rtl_trace");
    if (!c.gpu_rtl_trace.empty() && (c.gpu_model == "tlm" || c.gpu_rtl_backend != "ghdl"))
        throw params::ParamError("gpu.rtl_trace needs gpu.model=rtl or lockstep with gpu.rtl_backend=ghdl "
                                 "(the Verilated model does not expose the fetch stage)");
#ifndef FGTLM_HAVE_RTL
    if (c.gpu_model != "tlm")
        throw params::ParamError("gpu.model=" + c.gpu_model +
                                 ": this build has no RTL model (configure with -DFGTLM_FLEXGRIP_RTL=PATH, "
                                 "see models/rtl/README.md)");
#endif
    return c;
}

// The GPU as one configuration object: its shape and timing mode from the same parameters.
gpu::GpuDeviceConfig VpConfig::device() const {
    gpu::GpuDeviceConfig d;
    d.num_sms = gpu.num_sms;
    d.sp_lanes = gpu.sm.sp_lanes;
    d.timing = gpu_calibrated ? gpu::TimingMode::Calibrated : gpu::TimingMode::Fixed;
    d.clock_period = gpu.sm.clock_period;
    d.quantum = gpu_quantum;
    d.register_delay = reg_delay;
    d.max_instructions = gpu.max_instructions;
    d.timing_params = timing;
    d.base = gpu;
    return d;
}

VirtualPlatform::VirtualPlatform(sc_core::sc_module_name name, const VpConfig& config, std::ostream& console)
    : sc_module(name),
      bus("bus", config.bus_delay),
      dram("dram", config.dram_bytes, config.dram_latency, config.dram_latency),
      uart("uart", console, config.reg_delay),
      simctl("simctl", std::uint32_t(config.cpu_hz)),
      cpu("cpu", RiscvCpu::Config{config.cpu_hz, std::uint32_t(kDramBase)}),
      loader("loader"),
      gpu("gpu", config.device()),
      config_(config) {
    tlm_utils::tlm_quantumkeeper::set_global_quantum(config.quantum);
    // Slaves, in add_region order.
    bus.add_region("dram", kDramBase, config.dram_bytes);
    bus.initiators_out.bind(dram.socket);
    bus.add_region("uart", kUartBase, Uart::kSize);
    bus.initiators_out.bind(uart.socket);
    bus.add_region("simctl", kSimCtlBase, SimControl::kSize);
    bus.initiators_out.bind(simctl.socket);
    bus.add_region("gpu_regs", kGpuRegsBase, FGTLM_REGS_SIZE);
    // Masters: the GPU's global memory is the system bus (kernel pointers = bus addresses).
    gpu.gpu.global_socket.bind(bus.targets_in);
    cpu.socket.bind(bus.targets_in);
    loader.socket.bind(bus.targets_in);
    if (config.gpu_model == "tlm") {
        bus.initiators_out.bind(gpu.regs.socket);
        gpu.regs.irq.bind(gpu_irq);
    } else {
        bind_rtl_gpu(config);
    }
    cpu.irq.bind(gpu_irq);
    cpu.add_ram(kDramBase, config.dram_bytes);
    cpu.add_mmio(kUartBase, Uart::kSize);
    cpu.add_mmio(kSimCtlBase, SimControl::kSize);
    cpu.add_mmio(kGpuRegsBase, FGTLM_REGS_SIZE);
    simctl.on_exit([this](int) { cpu.halt(); });
}

VirtualPlatform::~VirtualPlatform() = default;

void VirtualPlatform::bind_rtl_gpu([[maybe_unused]] const VpConfig& config) {
#ifdef FGTLM_HAVE_RTL
    rtl::RtlEngineConfig rc;
    rc.clock_period = config.gpu.sm.clock_period;
    rc.backend.kind = rtl::parse_backend_kind(config.gpu_rtl_backend);
    // GHDL simulates any core count (sm.sp_lanes); the Verilated model has the configured one.
    if (rc.backend.kind == rtl::RtlBackendKind::Ghdl) rc.backend.cores = config.gpu.sm.sp_lanes;
    rc.backend.log = &std::cout;  // the GHDL back end's first use builds its simulation (minutes)
    rc.commit_trace = config.gpu_rtl_trace;
    tlm_regs_tie_ = std::make_unique<tlm_utils::simple_initiator_socket<VirtualPlatform>>("tlm_regs_tie");
    tlm_irq_tie_ = std::make_unique<sc_core::sc_signal<bool>>("tlm_irq_tie");
    tlm_regs_tie_->bind(gpu.regs.socket);
    gpu.regs.irq.bind(*tlm_irq_tie_);
    if (config.gpu_model == "rtl") {
        rtl_gpu = std::make_unique<rtl::RtlGpu>("rtl_gpu", rc, config.reg_delay);
        bus.initiators_out.bind(rtl_gpu->regs.socket);
        rtl_gpu->engine.global_socket.bind(bus.targets_in);
        rtl_gpu->regs.irq.bind(gpu_irq);
    } else {
        lockstep_gpu = std::make_unique<rtl::LockstepGpu>("lockstep_gpu", gpu.gpu, rc, config.reg_delay);
        bus.initiators_out.bind(lockstep_gpu->regs.socket);
        lockstep_gpu->rtl.global_socket.bind(bus.targets_in);
        lockstep_gpu->regs.irq.bind(gpu_irq);
    }
#endif
}

void VirtualPlatform::start_of_simulation() {
    if (image_ == nullptr) return;
    const ElfImage& image = *image_;
    for (const ElfSegment& s : image.segments) {
        const auto n = unsigned(s.bytes.size());
        if (s.address < kDramBase || s.address - kDramBase + s.bytes.size() > config_.dram_bytes ||
            loader.write(s.address, s.bytes.data(), n) != n) {
            std::ostringstream msg;
            msg << image.path << ": segment at 0x" << std::hex << s.address << " (+0x" << s.bytes.size()
                << " bytes) is outside DRAM [0x" << kDramBase << ", 0x" << kDramBase + config_.dram_bytes << ")";
            load_error_ = msg.str();
            cpu.halt();
            sc_core::sc_stop();
            return;
        }
    }
    cpu.set_reset_pc(image.entry);
}

}  // namespace fgtlm::platform
