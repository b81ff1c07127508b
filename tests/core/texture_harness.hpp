// Texture tests on the plain-C++ core: one TEX per thread. Thread t loads its coordinates
// (words x, y, z) from kCoordIn + 16 t, fetches, and stores R4..R7 to kOut + 16 t. The texels
// and the descriptor table live in the same global memory the kernel reads.
#pragma once

#include "core_harness.hpp"

#include <bit>
#include <cstring>
#include <string>
#include <vector>

#include <fgtlm/core/texture.hpp>
#include <fgtlm/isa/decoder.hpp>

namespace fgtlm::test {

inline constexpr std::uint32_t kTexTable = 0x8000;  // descriptor table
inline constexpr std::uint32_t kTexels = 0x9000;    // texel data
inline constexpr std::uint32_t kCoordIn = 0x2000;
inline constexpr std::uint32_t kOut = 0x3000;

inline std::uint32_t fbits(float f) { return std::bit_cast<std::uint32_t>(f); }

struct TexRun {
    CoreRun run;
    core::LaunchConfig l = launch(32);
    std::vector<std::array<std::uint32_t, 3>> coords;

    TexRun() {
        l.texture_table = kTexTable;
        l.texture_slots = 4;
    }
    void bind(std::uint32_t slot, const core::tex::Descriptor& d) {
        const auto b = core::tex::encode(d);
        std::memcpy(&run.global[kTexTable + 32 * slot], b.data(), b.size());
    }
    template <typename T>
    void texels(const std::vector<T>& v, std::uint32_t at = kTexels) {
        std::memcpy(&run.global[at], v.data(), v.size() * sizeof(T));
    }
    void coord(float x, float y = 0, float z = 0) { coords.push_back({fbits(x), fbits(y), fbits(z)}); }
    void icoord(std::int32_t x, std::int32_t y = 0, std::int32_t z = 0) {
        coords.push_back({std::uint32_t(x), std::uint32_t(y), std::uint32_t(z)});
    }
    // TEX.<dim>D[.I] R4, slot, slot, mask for coords.size() threads.
    bool fetch(std::uint32_t dim, std::uint32_t slot, std::uint32_t mask, bool int_coords = false) {
        for (std::size_t t = 0; t < coords.size(); ++t)
            for (std::uint32_t k = 0; k < 3; ++k) run.set_u32(kCoordIn + 16 * std::uint32_t(t) + 4 * k, coords[t][k]);
        l.block[0] = std::uint16_t(coords.size());
        char tex[96];
        std::snprintf(tex, sizeof tex, "TEX.%uD%s R4, 0x%x, 0x%x, 0x%x;\n", dim, int_coords ? ".I" : "", slot, slot, mask);
        const std::string k = std::string(kTidTimes4) + "SHL R10, R10, 0x2;\n" +
                              "IADD32I R11, R10, 0x2000;\nIADD32I R12, R10, 0x3000;\n"
                              "GLD.U32 R4, global14[R11];\nIADD32I R11, R11, 0x4;\nGLD.U32 R5, global14[R11];\n"
                              "IADD32I R11, R11, 0x4;\nGLD.U32 R6, global14[R11];\n" +
                              tex +
                              "GST.U32 global14[R12], R4;\nIADD32I R12, R12, 0x4;\nGST.U32 global14[R12], R5;\n"
                              "IADD32I R12, R12, 0x4;\nGST.U32 global14[R12], R6;\n"
                              "IADD32I R12, R12, 0x4;\nGST.U32 global14[R12], R7;\nRET;\n";
        return run.run(k, l);
    }
    // Byte address of the kernel's TEX.
    std::uint32_t tex_pc() const {
        for (const isa::Instruction& in : isa::decode_program(run.words))
            if (in.op == isa::Opcode::TEX) return in.address;
        return ~0u;
    }
    // Result register k (0 = R4) of thread t.
    std::uint32_t out(std::uint32_t t, std::uint32_t k = 0) const { return run.u32(kOut + 16 * t + 4 * k); }
    float fout(std::uint32_t t, std::uint32_t k = 0) const { return std::bit_cast<float>(out(t, k)); }
};

inline core::tex::Descriptor tex1d(core::tex::Format f, std::uint32_t width, std::uint32_t channels = 1) {
    core::tex::Descriptor d;
    d.dims = 1;
    d.format = f;
    d.channels = channels;
    d.base = kTexels;
    d.width = width;
    return d;
}

}  // namespace fgtlm::test
