// --f32 fpu (fpu_f32.cpp): f32 add/sub/mul/fma on the FPU's FADD/FMUL/FMAD, as nvcc compiles them for sm_1x.
#pragma once

#include "lowering.hpp"

#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

// Marks (pseudo-modifier "fpu") every add/sub/mul.f32 and fma/mad.rn.f32 of `m` that rounds to nearest, so the
// inliner leaves it to the FPU (inline.cpp) and lower_float_fpu lowers it to one instruction.
void mark_fpu_f32(PtxModule& m);

// The lowering of a marked instruction (lower_float.cpp calls it first); false for every other instruction.
bool lower_float_fpu(Lowerer& l);

}  // namespace fgtlm::compiler
