// Options and the compile step shared by `fgtlm ptxas` and `fgtlm cc` (cmd_ptxas.cpp).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace fgtlm::cli {

struct CompileCliOptions {
    std::string target = "flexgrip";
    std::uint32_t data_base = 0x3c000;
    std::uint32_t max_regs = 64;
    bool sass = false;
    bool demote_f64 = false;
    std::string f32 = "ieee";  // --f32: ieee (exact, software around the FPU) or fpu (nvcc's sm_1x instructions)
    bool float_subroutines = false;
};

void add_compile_options(CLI::App* sub, CompileCliOptions& o);
// Compiles `ptx` and writes the MODULE to `out`; prints errors; returns the exit status.
int compile_to_module(const std::string& ptx, const std::string& file, const CompileCliOptions& o,
                      const std::string& out);

}  // namespace fgtlm::cli
