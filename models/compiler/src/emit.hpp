// Emission: machine IR + register allocation -> SASS text -> words (the ISA library's
// assembler, which encodes through isa::encode) and the PTX line map.
#pragma once

#include "mir.hpp"
#include "regalloc.hpp"

#include <fgtlm/compiler/module.hpp>

namespace fgtlm::compiler {

// One function of the program: its blocks in emitted order and its registers.
struct EmitPart {
    const MFunction* f = nullptr;
    const std::vector<int>* order = nullptr;
    const Allocation* a = nullptr;
};

// The kernel (first part, from byte 0) and the subroutines it calls after it, assembled together.
void emit_program(const std::vector<EmitPart>& parts, KernelCode& out);
void emit_kernel(const MFunction& f, const std::vector<int>& order, const Allocation& a, KernelCode& out);

}  // namespace fgtlm::compiler
