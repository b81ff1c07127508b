// Static properties of an instruction form, worked out once at decode (form_info, cached by
// core::Program) instead of on every issue: gem5's static-instruction flags. The issue record
// carries them, so the timing model and observers test a bit instead of re-deriving the
// property from the opcode, form and operands per warp instruction.
#pragma once

#include <cstdint>

namespace fgtlm::core {

enum class FormFlag : std::uint16_t {
    FloatArith = 1u << 0,   // FADD/FMUL/FMAD/FMIN/FMAX: the FPU's arithmetic pipeline
    PushesStack = 1u << 1,  // SSY, CAL: always push a stack entry
    Return = 1u << 2,       // RET
    ReadsGuard = 1u << 3,   // the read stage evaluates the guard predicate (see form_info)
    SetsPred = 1u << 4,     // writes a predicate register (.Cn)
    IdleRead = 1u << 5,     // NOP without join marker: the read stage has nothing to do
};

struct FormFlags {
    std::uint16_t bits = 0;
    // Shared-memory accesses the RTL serialises per thread: a shared destination (R2G) and
    // shared sources at an address-register offset (g[Ak + x]); a fixed g[x] is a broadcast.
    std::uint8_t indexed_shared = 0;

    [[nodiscard]] bool has(FormFlag f) const { return (bits & std::uint16_t(f)) != 0; }
    void set(FormFlag f, bool on) {
        if (on) bits |= std::uint16_t(f);
    }
};

}  // namespace fgtlm::core
