// A complete stand-alone GPU system: global memory (TLM target) + GpuTop, for the command
// line, tests and benchmarks. run() drives the simulation from outside any SystemC process
// (it calls sc_start until the kernel is done), so one process can run many kernels.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <systemc>

#include <fgtlm/gpu/gpu_top.hpp>
#include <fgtlm/memory/gpu_memory.hpp>

namespace fgtlm::gpu {

struct SystemConfig {
    GpuConfig gpu;
    std::uint64_t global_bytes = 262144;     // FlexGripPlus: 18-bit byte addresses
    sc_core::sc_time global_read_latency = sc_core::SC_ZERO_TIME;
    sc_core::sc_time global_write_latency = sc_core::SC_ZERO_TIME;
    bool dmi = true;                          // false: every global access through b_transport
};

class StandaloneSystem : public sc_core::sc_module {
public:
    memory::GpuMemory global;
    GpuTop gpu;

    StandaloneSystem(sc_core::sc_module_name name, const SystemConfig& cfg = {});

    // Global memory image: zeros, then `init` from address 0. `undefined` ranges (RTL 'U'
    // bytes) enable undefined-value tracking so checkers can skip derived words.
    struct UndefinedRange {
        std::uint32_t addr, len;
    };
    void load_global(std::span<const std::uint8_t> init, std::span<const UndefinedRange> undefined = {});
    void load_program(std::span<const std::uint32_t> words, std::uint32_t code_base = 0) {
        gpu.load_program(words, code_base);
    }
    // Runs one kernel to completion (call from sc_main or test code, not from a process).
    core::KernelResult run(const core::LaunchConfig& launch);

    // Shadow of global memory (non-zero = undefined-derived); empty when tracking is off.
    [[nodiscard]] const std::vector<std::uint8_t>& undefined_shadow() const { return shadow_; }
    [[nodiscard]] std::uint32_t read_u32(std::uint32_t addr) const;

private:
    std::vector<std::uint8_t> shadow_;
};

}  // namespace fgtlm::gpu
