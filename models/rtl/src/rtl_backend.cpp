// Drives the Verilated gpgpu_ml605_top_level the way RTL/TB/tb_top_level.vhd does.
#include <fgtlm/rtl/rtl_backend.hpp>

#include <algorithm>
#include <bit>
#include <stdexcept>

#include <verilated.h>

#include "Vgpgpu_ml605_top_level.h"
#include "Vgpgpu_ml605_top_level___024root.h"

#ifndef FGTLM_RTL_CORES
#error "FGTLM_RTL_CORES (the core count the model was synthesised with) must be defined"
#endif

namespace fgtlm::rtl {

namespace {
// Configuration register numbers (RTL/gpgpu_configuration.vhd; CONFIG_PARAMS_START = 0x20).
constexpr std::uint32_t kRegBlocksPerCore = 0, kRegGprs = 1, kRegShmemSize = 2,
                        kRegParamSize = 3, kRegBlockX = 5, kRegBlockY = 6, kRegBlockZ = 7,
                        kRegGridX = 8, kRegGridY = 9, kRegParamsStart = 0x20;
constexpr std::uint32_t kMaxParams = 16;  // kernel_param_size is 4 bits wide in the testbench
constexpr std::uint32_t kLanePasses = 32 / FGTLM_RTL_CORES;
constexpr std::uint32_t kTempRegCount = 6;  // gpgpu_package TEMP_REG_COUNT
}  // namespace

struct RtlBackend::Model {
    VerilatedContext context;
    Vgpgpu_ml605_top_level top{&context, "gpu"};
    Vgpgpu_ml605_top_level___024root& root() { return *top.rootp; }
    auto& gmem() { return root().gpgpu_ml605_top_level__DOT__uglobalmemory__DOT__ram; }
    auto& cmem() { return root().gpgpu_ml605_top_level__DOT__uconstantmemory__DOT__ram; }
    auto& sysmem() {
        return root().gpgpu_ml605_top_level__DOT__usystemmemorycontroller__DOT__usystemmemory__DOT__ram;
    }
};

RtlBackend::RtlBackend() : m_(std::make_unique<Model>()) {
    auto& t = m_->top;
    t.sys_clk = 0;
    t.host_reset = 1;
    t.block_scheduler_en = 0;
    t.gmem_cntrl_en_in = 0;
    t.cmem_cntrl_en_in = 0;
    t.sysmem_cntrl_en_in = 0;
    t.gpgpu_config_cntrl_en_in = 0;
    t.gpgpu_config_top_cs = 0;
    t.gpgpu_config_top_rw = 1;
    t.eval();
    reset();
}

RtlBackend::~RtlBackend() { m_->top.final(); }

std::uint32_t RtlBackend::cores() { return FGTLM_RTL_CORES; }

void RtlBackend::tick() {
    auto& t = m_->top;
    t.sys_clk = 1;
    t.eval();
    t.sys_clk = 0;
    t.eval();
    ++total_cycles_;
}

void RtlBackend::reset() {
    // tb_top_level: host_reset is high for the first clock edges, then drops.
    m_->top.host_reset = 1;
    m_->top.eval();
    for (int i = 0; i < 5; ++i) tick();
    m_->top.host_reset = 0;
    m_->top.eval();
    tick();
    running_ = done_ = false;
}

void RtlBackend::load_program(std::span<const std::uint32_t> words) {
    if (words.size() > kSysmemWords) throw std::length_error("RTL: program larger than system memory");
    auto& mem = m_->sysmem();
    for (std::size_t i = 0; i < words.size(); ++i) mem[i] = words[i];
}

void RtlBackend::write_global(std::uint32_t addr, std::span<const std::uint8_t> bytes) {
    if (addr > kGlobalBytes || bytes.size() > kGlobalBytes - addr)
        throw std::out_of_range("RTL: global memory write beyond 256 KiB");
    auto& mem = m_->gmem();
    for (std::size_t i = 0; i < bytes.size(); ++i) mem[addr + i] = bytes[i];
}

void RtlBackend::read_global(std::uint32_t addr, std::span<std::uint8_t> bytes) const {
    if (addr > kGlobalBytes || bytes.size() > kGlobalBytes - addr)
        throw std::out_of_range("RTL: global memory read beyond 256 KiB");
    auto& mem = m_->gmem();
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = mem[addr + i];
}

void RtlBackend::write_const(std::uint32_t addr, std::span<const std::uint8_t> bytes) {
    if (addr > kConstBytes || bytes.size() > kConstBytes - addr)
        throw std::out_of_range("RTL: constant memory write beyond 8 KiB");
    auto& mem = m_->cmem();
    for (std::size_t i = 0; i < bytes.size(); ++i) mem[addr + i] = bytes[i];
}

void RtlBackend::write_config(std::uint32_t reg, std::uint32_t value) {
    auto& t = m_->top;
    t.gpgpu_config_cntrl_en_in = 1;
    t.gpgpu_config_top_cs = 1;
    t.gpgpu_config_top_rw = 0;
    t.gpgpu_config_top_adr = reg;
    t.gpgpu_config_top_wr_data = value;
    tick();
    t.gpgpu_config_cntrl_en_in = 0;
    t.gpgpu_config_top_cs = 0;
    t.gpgpu_config_top_rw = 1;
    t.gpgpu_config_top_adr = 0;
    t.gpgpu_config_top_wr_data = 0;
    t.eval();
    tick();
}

void RtlBackend::configure(const core::LaunchConfig& launch) {
    if (launch.params.size() > kMaxParams)
        throw std::invalid_argument("RTL: more than 16 kernel parameters");
    write_config(kRegParamSize, std::uint32_t(launch.params.size()));
    for (std::size_t i = 0; i < launch.params.size(); ++i)
        write_config(kRegParamsStart + std::uint32_t(i), launch.params[i]);
    write_config(kRegBlockX, launch.block[0]);
    write_config(kRegBlockY, launch.block[1]);
    write_config(kRegBlockZ, launch.block[2]);
    write_config(kRegGridX, launch.grid[0]);
    write_config(kRegGridY, launch.grid[1]);
    write_config(kRegGprs, launch.regs_per_thread);
    write_config(kRegShmemSize, launch.shared_bytes);
    write_config(kRegBlocksPerCore, launch.blocks_per_sm);
    write_const(0, std::span(launch.const_mem.data(),
                             std::min<std::size_t>(launch.const_mem.size(), kConstBytes)));
}

void RtlBackend::start() {
    m_->top.block_scheduler_en = 1;
    m_->top.eval();
    kernel_cycles_ = 0;
    commit_count_ = thread_commit_count_ = 0;
    committed_ = has_result_ = false;
    running_ = true;
    done_ = false;
}

// The SM's pipeline hand-over signals (models/rtl/verilator/public.vlt makes them readable).
#define FGTLM_SM(sig) m_->root().gpgpu_ml605_top_level__DOT__ustreamingmultiprocessor__DOT__##sig

void RtlBackend::sample_monitors() {
    committed_ = FGTLM_SM(pipeline_write_done) != 0;
    if (committed_) {
        last_commit_ = RtlCommit{kernel_cycles_,          FGTLM_SM(warp_id_ww),      FGTLM_SM(warp_lane_id_ww),
                                 FGTLM_SM(next_pc_ww),    FGTLM_SM(current_mask_ww), FGTLM_SM(warp_state_ww)};
        if (last_commit_.lane_pass == kLanePasses - 1) {
            ++commit_count_;
            thread_commit_count_ += std::uint32_t(std::popcount(last_commit_.mask));
        }
    }
    has_result_ = capture_results_ && FGTLM_SM(pipeline_execute_done) != 0;
    if (has_result_) {
        RtlResult& r = last_result_;
        r.cycle = kernel_cycles_;
        r.warp = FGTLM_SM(warp_id_ew);
        r.lane_pass = FGTLM_SM(warp_lane_id_ew);
        r.instr_mask = FGTLM_SM(instr_mask_ew);
        r.dest = FGTLM_SM(dest_ew);
        r.dest_mem_type = FGTLM_SM(dest_mem_type_ew);
        // temp_vector_register: (CORES-1 downto 0) of (TEMP_REG_COUNT-1 downto 0) of
        // (3 downto 0) of 32 bits, flattened with element 0 in the low bits: core c's
        // TEMP_REG_DEST (0) word 0 is 32-bit word c * TEMP_REG_COUNT * 4.
        const auto& wide = FGTLM_SM(temp_vector_register_ew);
        for (std::uint32_t c = 0; c < FGTLM_RTL_CORES; ++c) r.values[c] = wide[c * kTempRegCount * 4];
    }
}
#undef FGTLM_SM

bool RtlBackend::step() {
    if (!running_) return done_;
    auto& t = m_->top;
    const bool sampled_done = t.kernel_done != 0;  // the testbench samples before the edge
    tick();
    ++kernel_cycles_;
    if (kernel_cycles_ == 1) {  // block_scheduler_en is a one-cycle pulse
        t.block_scheduler_en = 0;
        t.eval();
    }
    sample_monitors();
    if (sampled_done) {
        running_ = false;
        done_ = true;
    }
    return done_;
}

}  // namespace fgtlm::rtl
