// RtlGpu: the RTL-derived FlexGripPlus as a virtual-platform peripheral with the TLM GPU's
// interfaces (compare fgtlm::gpu::GpuDevice):
//   regs.socket            TLM target: the same register map (models/host/README.md)
//   engine.global_socket   TLM initiator: global memory = whatever it is bound to
//   regs.irq               sc_out<bool>: level interrupt
// The host register map is the project's own host::HostInterface; the kernel runs on the
// Verilated RTL (RtlEngine), clock by clock, with the RTL's cycle count in CYCLES.
#pragma once

#include <systemc>

#include <fgtlm/host/host_interface.hpp>
#include <fgtlm/rtl/rtl_engine.hpp>

namespace fgtlm::rtl {

class RtlGpu : public sc_core::sc_module {
public:
    RtlEngine engine;
    host::HostInterface regs;

    RtlGpu(sc_core::sc_module_name name, const RtlEngineConfig& config = {},
           sc_core::sc_time register_delay = sc_core::sc_time(10, sc_core::SC_NS))
        : sc_module(name), engine("engine", config), regs("regs", engine, register_delay) {}
};

}  // namespace fgtlm::rtl
