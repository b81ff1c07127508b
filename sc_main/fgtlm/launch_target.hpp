// TARGET of `fgtlm run` / `cosim` / `difftest`: the command-line options of the one launch
// loader (loaders/launch_target.hpp), every number through the checked parser, plus MODULE
// files written by `fgtlm ptxas` / `fgtlm cc` (module_target.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include <fgtlm/loaders/launch_target.hpp>

namespace fgtlm::cli {

// The loader's launch plus what only a MODULE has. --param is kept as text: a MODULE types
// each value by its PTX parameter (-1 for .s32, 1.5 for .f32); any other target takes
// unsigned 32-bit words, checked by the one number parser when the target is loaded.
struct LaunchTarget : loaders::LaunchTarget {
    std::vector<std::string> param_texts;  // --param, in order
    std::string kernel;                    // --kernel NAME (mangled or plain C++ name)
    std::uint32_t dynamic_shared = 0;      // --dynamic-shared BYTES (extern __shared__ arrays)
};

// Adds TARGET, --flexgrip, --cores and the .sass launch options to `sub`.
void add_launch_target_options(CLI::App* sub, LaunchTarget& t);
// Adds --cores (SP lanes: 1..32; the model parameters check what the semantics allow).
void add_cores_option(CLI::App* sub, LaunchTarget& t);
// Adds only the .sass/MODULE launch options (--grid, --block, --param, ... --dump-words).
void add_sass_launch_options(CLI::App* sub, LaunchTarget& t);

// Loads the target (a MODULE here, anything else through loaders::load_launch_target).
// Throws loaders::LoadError naming the file or option.
loaders::KernelImage load_launch_target(const LaunchTarget& t);

// MODULE files (module_target.cpp): true when `path` holds a "fgtlm-module/1" JSON file.
bool is_module_file(const std::string& path);
// The launch of one kernel of a MODULE: --param values by the kernel's PTX parameter types,
// the module's .global/.const data placed in global memory over --global-init.
loaders::KernelImage image_from_module(const LaunchTarget& t);

}  // namespace fgtlm::cli
