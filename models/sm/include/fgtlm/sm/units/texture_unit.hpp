// TextureUnit: the texture unit (TEX; beyond the RTL, CUDA's semantics: core/src/units/texture_function.cpp).
// It reads the launch's descriptor table and the texels through the SM's global-memory path
// (the core's MemoryPort, i.e. MemoryUnit's GlobalMemoryController: DMI where granted,
// b_transport otherwise), never from a copy. A SystemC module with a TLM-2.0 target socket
// (unit_base.hpp for the payload, the direct interface and the timing constants).
#pragma once

#include <fgtlm/core/sm_core.hpp>

#include <fgtlm/sm/units/unit_base.hpp>

namespace fgtlm::sm {

class TextureUnit final : public UnitBase {
public:
    TextureUnit(sc_core::sc_module_name name, core::SmCore& core)
        : UnitBase(name, &function_), function_(core.memory_ports(), core.texture_table()) {}
    const char* kind() const override { return "fgtlm::sm::TextureUnit"; }

private:
    core::TextureFunction function_;
};

}  // namespace fgtlm::sm
