// The firmware C header of a MODULE (`fgtlm header`, the CMake function fgtlm_add_cuda_kernel):
// per kernel its code words as a C array, registers, shared and local sizes and parameter
// offsets; the module's .global/.const data with its base and symbol addresses.
#pragma once

#include <string>

#include <fgtlm/compiler/module.hpp>

namespace fgtlm::cli {

// `source` names the MODULE in the header's comment; every identifier starts with `prefix`.
std::string module_header(const compiler::Module& m, const std::string& source, const std::string& prefix);

}  // namespace fgtlm::cli
