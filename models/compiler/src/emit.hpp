// Emission: machine IR + register allocation -> SASS text -> words (the ISA library's
// assembler, which encodes through isa::encode) and the PTX line map.
#pragma once

#include "mir.hpp"
#include "regalloc.hpp"

#include <fgtlm/compiler/module.hpp>

namespace fgtlm::compiler {

void emit_kernel(const MFunction& f, const std::vector<int>& order, const Allocation& a, KernelCode& out);

}  // namespace fgtlm::compiler
