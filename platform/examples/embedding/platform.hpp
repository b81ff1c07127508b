// A minimal virtual platform around the installed GpuDevice: RAM at 0x8000_0000 (not at 0),
// the GPU's registers at 0x4000_0000, one router that both the CPU driver and the GPU's
// global-memory initiator use, and the GPU's interrupt wired to the driver.
#pragma once

#include <cstdint>
#include <vector>

#include <systemc>

#include <fgtlm/gpu/gpu_device.hpp>
#include <fgtlm/host/registers.h>

#include "bus.hpp"
#include "driver.hpp"

namespace example {

inline constexpr std::uint64_t kRamBase = 0x8000'0000;
inline constexpr std::uint64_t kRamBytes = 4u << 20;
inline constexpr std::uint64_t kGpuRegs = 0x4000'0000;

struct PlatformOptions {
    fgtlm::gpu::GpuDeviceConfig gpu;                                      // calibrated timing unless told otherwise
    sc_core::sc_time ram_latency = sc_core::sc_time(20, sc_core::SC_NS);  // b_transport and DMI alike
    bool ram_dmi = true;
};

class Platform : public sc_core::sc_module {
public:
    Router bus;
    Ram ram;
    fgtlm::gpu::GpuDevice gpu;
    Driver cpu;
    sc_core::sc_signal<bool> irq;

    Platform(sc_core::sc_module_name name, const PlatformOptions& o)
        : sc_module(name),
          bus("bus"),
          ram("ram", kRamBytes, o.ram_latency),
          gpu("gpu", o.gpu),
          cpu("cpu", kGpuRegs),
          irq("irq") {
        ram.allow_dmi = o.ram_dmi;
        bus.map(kGpuRegs, FGTLM_REGS_SIZE);
        bus.out.bind(gpu.regs.socket);
        bus.map(kRamBase, kRamBytes);
        bus.out.bind(ram.socket);
        cpu.socket.bind(bus.in);
        gpu.gpu.global_socket.bind(bus.in);  // kernel pointers and CODE_BASE are bus addresses
        gpu.regs.irq(irq);
        cpu.irq(irq);
    }
};

// FlexGripPlus VectorAdd_integer (nvcc SM_1.0, tests/data/conformance/VectorAdd_integer):
// c[i] = a[i] + b[i], i = blockIdx.x * blockDim.x + threadIdx.x; 128 threads a block.
inline Launch vector_add(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint32_t n) {
    Launch l;
    l.code_base = kRamBase + 0x1000;
    l.code = {0x10004205, 0x0023C780, 0xA0000005, 0x04000780, 0x60014C01, 0x00204780, 0x30020009,
              0xC4100780, 0x2102E800, 0x2102EA0C, 0xD00E0005, 0x80C00780, 0xD00E0601, 0x80C00780,
              0x20008204, 0x2102EC00, 0xD00E0005, 0xA0C00781, 0x30000003, 0x00000780};
    l.grid_x = n / 128;
    l.block_x = 128;
    l.regs = 5;
    l.shared = 44;
    l.blocks_per_core = 4;
    l.params = {std::uint32_t(a), std::uint32_t(b), std::uint32_t(c), n};
    l.const_mem = {0xFF, 0x03, 0xFF, 0x03};
    return l;
}

// Words at bus address `addr` of a RAM at kRamBase whose bytes start at `ram`.
inline std::uint32_t* ram_words(std::uint8_t* ram, std::uint64_t addr) {
    return reinterpret_cast<std::uint32_t*>(ram + (addr - kRamBase));
}

// Fills a and b (n words each, at bus addresses) and poisons c; returns the expected c.
inline std::vector<std::uint32_t> vector_add_data(std::uint8_t* ram, std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                                  std::uint32_t n, std::uint32_t seed) {
    std::vector<std::uint32_t> want(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        ram_words(ram, a)[i] = seed;
        ram_words(ram, b)[i] = seed >> 7;
        ram_words(ram, c)[i] = 0x55555555;
        want[i] = seed + (seed >> 7);
    }
    return want;
}

}  // namespace example
