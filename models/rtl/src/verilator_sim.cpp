// The Verilated gpgpu_ml605_top_level behind RtlSim: pins are the model's ports, probes and
// memories are the signals models/rtl/verilator/public.vlt keeps readable.
#include "verilator_sim.hpp"

#include <verilated.h>

#include "Vgpgpu_ml605_top_level.h"
#include "Vgpgpu_ml605_top_level___024root.h"

#ifndef FGTLM_RTL_CORES
#error "FGTLM_RTL_CORES (the core count the model was synthesised with) must be defined"
#endif

// Verilator's settle phase (every combinational process, iterated to a fixed point), which
// the model's first eval() runs: after a bit of state is changed in place the logic that reads
// it must see the new value before the next clock edge, as in hardware.
void Vgpgpu_ml605_top_level___024root___eval_settle(Vgpgpu_ml605_top_level___024root* vlSelf);

namespace fgtlm::rtl::detail {

namespace {

constexpr std::uint32_t kTempRegCount = 6;  // gpgpu_package TEMP_REG_COUNT

class VerilatorSim final : public RtlSim {
public:
    VerilatorSim() {
        auto& t = top_;
        t.sys_clk = 0;
        t.gmem_cntrl_en_in = 0;
        t.cmem_cntrl_en_in = 0;
        t.sysmem_cntrl_en_in = 0;
        set_pins(RtlPins{});
    }
    // The model's scopes leave the registry of the thread's current context when it is
    // destroyed, not of its own: with several models in one process (a fault campaign and its
    // reference) that must be this model's context again, or the registry of a context
    // destroyed earlier is used after it was freed.
    ~VerilatorSim() override {
        Verilated::threadContextp(&context_);
        top_.final();
    }

    void set_pins(const RtlPins& p) override {
        auto& t = top_;
        t.host_reset = p.host_reset;
        t.block_scheduler_en = p.block_scheduler_en;
        t.gpgpu_config_cntrl_en_in = p.cfg_en;
        t.gpgpu_config_top_cs = p.cfg_cs;
        t.gpgpu_config_top_rw = p.cfg_rw;
        t.gpgpu_config_top_adr = p.cfg_adr;
        t.gpgpu_config_top_wr_data = p.cfg_wr_data;
        t.eval();
    }
    void tick() override {
        top_.sys_clk = 1;
        top_.eval();
        top_.sys_clk = 0;
        top_.eval();
    }
    bool kernel_done() override { return top_.kernel_done != 0; }

// The SM's pipeline hand-over signals.
#define FGTLM_SM(sig) root().gpgpu_ml605_top_level__DOT__ustreamingmultiprocessor__DOT__##sig
    void sample(RtlProbes& o, bool results) override {
        o.ww_done = FGTLM_SM(pipeline_write_done) != 0;
        if (o.ww_done) {
            o.ww_warp = FGTLM_SM(warp_id_ww);
            o.ww_lane = FGTLM_SM(warp_lane_id_ww);
            o.ww_next_pc = FGTLM_SM(next_pc_ww);
            o.ww_mask = FGTLM_SM(current_mask_ww);
            o.ww_state = FGTLM_SM(warp_state_ww);
        }
        o.ew_done = FGTLM_SM(pipeline_execute_done) != 0;
        if (o.ew_done && results) {
            o.ew_warp = FGTLM_SM(warp_id_ew);
            o.ew_lane = FGTLM_SM(warp_lane_id_ew);
            o.ew_instr_mask = FGTLM_SM(instr_mask_ew);
            o.ew_dest = FGTLM_SM(dest_ew);
            o.ew_dest_type = FGTLM_SM(dest_mem_type_ew);
            // temp_vector_register: (CORES-1 downto 0) of (TEMP_REG_COUNT-1 downto 0) of
            // (3 downto 0) of 32 bits, flattened with element 0 in the low bits: core c's
            // TEMP_REG_DEST (0) word 0 is 32-bit word c * TEMP_REG_COUNT * 4.
            const auto& wide = FGTLM_SM(temp_vector_register_ew);
            for (std::uint32_t c = 0; c < FGTLM_RTL_CORES; ++c) o.ew_values[c] = wide[c * kTempRegCount * 4];
        }
    }
#undef FGTLM_SM

    void load_program(std::span<const std::uint32_t> words) override {
        auto& mem = root().gpgpu_ml605_top_level__DOT__usystemmemorycontroller__DOT__usystemmemory__DOT__ram;
        for (std::size_t i = 0; i < words.size(); ++i) mem[i] = words[i];
    }
    void write_global(std::uint32_t addr, std::span<const std::uint8_t> bytes) override {
        auto& mem = root().gpgpu_ml605_top_level__DOT__uglobalmemory__DOT__ram;
        for (std::size_t i = 0; i < bytes.size(); ++i) mem[addr + i] = bytes[i];
    }
    void read_global(std::uint32_t addr, std::span<std::uint8_t> bytes) override {
        auto& mem = root().gpgpu_ml605_top_level__DOT__uglobalmemory__DOT__ram;
        for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = mem[addr + i];
    }
    void write_const(std::uint32_t addr, std::span<const std::uint8_t> bytes) override {
        auto& mem = root().gpgpu_ml605_top_level__DOT__uconstantmemory__DOT__ram;
        for (std::size_t i = 0; i < bytes.size(); ++i) mem[addr + i] = bytes[i];
    }

    // The root object holds every variable of the design (flops, memories, the triggers'
    // previous values) and only plain data besides its symbol-table pointer and name, which
    // an in-place restore leaves as they are.
    std::span<std::byte> raw_state() override {
        return {reinterpret_cast<std::byte*>(top_.rootp), sizeof(Vgpgpu_ml605_top_level___024root)};
    }
    // The settle phase's own bookkeeping (Verilator 5) is put back: no clock edge reads it, and a
    // run that settled once more than another must still compare equal to it once their
    // design state is the same again.
    void settle() override {
        auto& r = root();
        const auto iterations = r.__VstlIterCount;
        const auto triggered = r.__VstlTriggered;
        Vgpgpu_ml605_top_level___024root___eval_settle(top_.rootp);
        r.__VstlIterCount = iterations;
        r.__VstlTriggered = triggered;
    }

private:
    Vgpgpu_ml605_top_level___024root& root() { return *top_.rootp; }
    VerilatedContext context_;
    Vgpgpu_ml605_top_level top_{&context_, "gpu"};
};

}  // namespace

std::unique_ptr<RtlSim> make_verilator_sim() { return std::make_unique<VerilatorSim>(); }

}  // namespace fgtlm::rtl::detail
