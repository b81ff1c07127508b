// The texture unit: TEX (1D/2D/3D, point/linear filtering, CUDA's address modes; beyond the
// RTL, units/texture_function.cpp). Like the memory unit it works only on the warp operation it is
// handed (coordinates in src[0..2], the slot in the instruction) and on what it is wired to:
// the launch's descriptor table (TextureTable) and the global-memory controller
// (MemoryPorts::global, DMI where granted, b_transport otherwise). Kernel errors come back in
// ExecContext::error, so a replacement texture unit needs nothing from the core.
#pragma once

#include <cstdint>

#include <fgtlm/core/units/unit_function.hpp>
#include <fgtlm/core/units/memory_function.hpp>

namespace fgtlm::core {

namespace tex {
struct Descriptor;
}

// Where the descriptors of the running kernel are: `slots` descriptors of 32 bytes at global
// address `base` (LaunchConfig::texture_table/texture_slots; the SM sets it per kernel).
struct TextureTable {
    std::uint32_t base = 0;
    std::uint32_t slots = 0;
};

class TextureFunction final : public UnitFunction {
public:
    TextureFunction(const MemoryPorts& ports, const TextureTable& table) : ports_(ports), table_(table) {}
    bool execute(ExecContext& op) override;

private:
    bool load_descriptor(ExecContext& op, tex::Descriptor& d);

    const MemoryPorts& ports_;
    const TextureTable& table_;
};

}  // namespace fgtlm::core
