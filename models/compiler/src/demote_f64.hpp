// --demote-f64 (demote_f64.cpp): .f64 computed in f32, doubles in memory converted on load and store.
#pragma once

#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

// Rewrites every function of `m`; returns the first PTX line that uses a double (0: none). Throws CompileError for a
// double used as integer bits in a way it cannot convert.
std::uint32_t demote_f64(PtxModule& m);

}  // namespace fgtlm::compiler
