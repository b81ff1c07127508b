// The static bit space of every structure for one launch: the sampling population.
//
// A site index in [0, bits()) maps to the fault coordinates (a, b, c, bit) in mixed radix,
// `bit` fastest. Spaces cover what the kernel can use (registers of the resident warps, the
// resident blocks' shared windows, the initialised/output part of global memory, ...), so a
// uniform sample over bits x instructions is uniform over the state the kernel has.
#pragma once

#include <array>
#include <cstdint>

#include <fgtlm/loaders/kernel_image.hpp>

#include <fgtlm/faults/fault.hpp>

namespace fgtlm::faults {

struct StructureSpace {
    Structure structure = Structure::Gpr;
    std::array<std::uint32_t, 4> dims{1, 1, 1, 1};  // extents of a, b, c, bit
    std::uint32_t a_offset = 0;                      // first value of a (global: first byte)
    std::uint32_t b_offset = 0;                      // first value of b (areg: A1)

    [[nodiscard]] std::uint64_t bits() const {
        return std::uint64_t(dims[0]) * dims[1] * dims[2] * dims[3];
    }
    // Fills the coordinates of `f` for site `index` (< bits()).
    void site(std::uint64_t index, Fault& f) const;
};

// Resident warps of a full batch, and blocks of a batch, on the functional core's SM.
struct LaunchShape {
    std::uint32_t warps = 1;
    std::uint32_t blocks = 1;
    std::uint32_t regs = 1;
    std::uint32_t shared_bytes = 0;  // resident shared windows
    std::uint32_t global_lo = 0, global_hi = 4;  // global bytes [lo, hi) holding inputs/outputs
};
LaunchShape launch_shape(const loaders::KernelImage& image);

StructureSpace space_of(Structure s, const loaders::KernelImage& image);

}  // namespace fgtlm::faults
