// Inlining of .func calls (inline.cpp): every `call` in a kernel is replaced by the callee's
// body, so the later passes see one function. SM_1.0 code has no call stack for PTX's
// by-value .param passing, and FlexGripPlus' CAL/RET would still need the registers saved.
#pragma once

#include <fgtlm/compiler/module.hpp>
#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

// The kernel `entry` with every call inlined (recursively). Throws CompileError naming the
// call's line for recursion, a callee without a body in the file, or an indirect call.
PtxFunction inline_calls(const PtxModule& m, const PtxFunction& entry, const CompileOptions& opts);

}  // namespace fgtlm::compiler
