// The pins, probes and memories of one simulated FlexGripPlus GPU (gpgpu_ml605_top_level),
// whatever simulates it: the Verilated netlist (verilator_sim.cpp) or GHDL running the VHDL
// itself (ghdl_sim.cpp). RtlBackend drives either through this interface the way the
// FlexGripPlus testbench drives the GPU, so both see the same pin sequence cycle by cycle.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace fgtlm::rtl::detail {

// The input ports the testbench drives (the memories' host ports stay idle).
struct RtlPins {
    bool host_reset = true;
    bool block_scheduler_en = false;
    bool cfg_en = false;  // gpgpu_config_cntrl_en_in
    bool cfg_cs = false;  // gpgpu_config_top_cs
    bool cfg_rw = true;   // gpgpu_config_top_rw (1 = read)
    std::uint32_t cfg_adr = 0;
    std::uint32_t cfg_wr_data = 0;
};

// The SM's hand-over signals after a clock cycle (see RtlCommit / RtlResult).
struct RtlProbes {
    bool ww_done = false;  // pipeline_write_done
    std::uint32_t ww_warp = 0, ww_lane = 0, ww_next_pc = 0, ww_mask = 0, ww_state = 0;
    bool ew_done = false;  // pipeline_execute_done
    std::uint32_t ew_warp = 0, ew_lane = 0, ew_instr_mask = 0, ew_dest = 0, ew_dest_type = 0;
    std::uint32_t ew_values[32] = {};  // temp_vector_register_ew(core)(TEMP_REG_DEST)(0)
};

// What the commit trace needs (the cosim monitor's probes, models/cosim/vhdl/fgtlm_probe.vhd),
// after a clock cycle. Per-core arrays: bit c of *_en is core c's write enable.
struct RtlTraceProbes {
    bool cfg_en = false;  // smp_configuration_en
    bool fd_done = false;
    std::uint32_t fd_warp = 0, fd_lane = 0, fd_pc = 0, fd_mask = 0;
    std::uint64_t fd_words = 0;
    bool ew_done = false;
    std::uint32_t ew_warp = 0, ew_mask = 0;
    std::uint32_t gpr_en = 0, prd_en = 0, adr_en = 0;
    std::uint32_t gpr_lane[32] = {}, gpr_data[32] = {}, prd_lane[32] = {}, prd_data[32] = {}, adr_lane[32] = {},
                  adr_data[32] = {};
    bool ww_done = false;
    std::uint32_t ww_warp = 0, ww_lane = 0;
};

class RtlSim {
public:
    virtual ~RtlSim() = default;
    // The pins take effect from the next tick (a Verilated model evaluates them at once).
    virtual void set_pins(const RtlPins& pins) = 0;
    // One clock period: rising edge, then falling edge.
    virtual void tick() = 0;
    [[nodiscard]] virtual bool kernel_done() = 0;
    // The probes after the last tick; the execute-stage values only when `results`.
    virtual void sample(RtlProbes& out, bool results) = 0;
    // The commit trace's probes, when this simulation has them (the GHDL back end).
    [[nodiscard]] virtual bool can_trace() const { return false; }
    virtual void sample_trace(RtlTraceProbes& /*out*/) {}
    // Memory contents, outside kernels (no clock cycles).
    virtual void load_program(std::span<const std::uint32_t> words) = 0;
    virtual void write_global(std::uint32_t addr, std::span<const std::uint8_t> bytes) = 0;
    virtual void read_global(std::uint32_t addr, std::span<std::uint8_t> bytes) = 0;
    virtual void write_const(std::uint32_t addr, std::span<const std::uint8_t> bytes) = 0;
    // The whole simulated state as bytes (empty when the simulation cannot expose it), and
    // the re-evaluation of the combinational logic after the state was changed in place.
    [[nodiscard]] virtual std::span<std::byte> raw_state() { return {}; }
    virtual void settle() {}
};

}  // namespace fgtlm::rtl::detail
