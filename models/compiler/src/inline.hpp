// Inlining of .func calls (inline.cpp): every `call` in a kernel is replaced by the callee's
// body, so the later passes see one function. SM_1.0 code has no call stack for PTX's
// by-value .param passing, and FlexGripPlus' CAL/RET would still need the registers saved.
// The exception (float_subroutines): the software float functions, leaves without memory
// accesses, are compiled once onto registers of their own below the kernel's (compile.cpp).
#pragma once

#include <fgtlm/compiler/module.hpp>
#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

// The kernel `entry` with every call inlined (recursively). Throws CompileError naming the
// call's line for recursion, a callee without a body in the file, or an indirect call. With
// opts.float_subroutines the software float functions are not inlined: each use is a
// `call.sub (result words), NAME, (argument words)` (lowered to moves and a CAL) and NAME is added
// to `subroutines` once.
PtxFunction inline_calls(const PtxModule& m, const PtxFunction& entry, const CompileOptions& opts,
                         std::vector<std::string>* subroutines = nullptr);

// A software float function as a subroutine body: its calls inlined, its arguments read from and
// its result written to the registers subroutine_words names (the `call.sub` operands of a caller
// whose instance tag is 0).
PtxFunction subroutine_body(const PtxModule& m, const std::string& callee, const CompileOptions& opts);

struct SubroutineWords {
    std::vector<std::string> args, result;  // PTX register names of the 32-bit words, low word first
};
// The argument and result words of software float function `callee` for a caller of instance `tag`.
SubroutineWords subroutine_words(const PtxModule& m, const std::string& callee, int tag);

}  // namespace fgtlm::compiler
