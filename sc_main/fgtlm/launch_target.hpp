// TARGET of `fgtlm run` / `cosim` / `inject` / `cc --flexgrip-folder`: the command-line options
// of the one launch loader (loaders/launch_target.hpp), every number through the checked parser;
// the loader also takes MODULE files written by `fgtlm ptxas` / `fgtlm cc`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include <fgtlm/loaders/launch_target.hpp>

namespace fgtlm::cli {

// The loader's launch with --param kept as text: a MODULE types each value by its PTX parameter
// (-1 for .s32, 1.5 for .f32); any other target takes unsigned 32-bit words, checked by the one
// number parser when the target is resolved.
struct LaunchTarget : loaders::LaunchTarget {
    std::vector<std::string> param_texts;  // --param, in order
};

// Adds TARGET, --flexgrip, --cores and the .sass launch options to `sub`.
void add_launch_target_options(CLI::App* sub, LaunchTarget& t);
// Adds --cores (SP lanes: 1..32; the model parameters check what the semantics allow).
void add_cores_option(CLI::App* sub, LaunchTarget& t);
// Adds only the .sass/MODULE launch options (--grid, --block, --param, ... --dump-words).
void add_sass_launch_options(CLI::App* sub, LaunchTarget& t);
// Adds the MODULE options: --kernel, --dynamic-shared, --const SYMBOL=FILE.
void add_module_options(CLI::App* sub, loaders::LaunchTarget& t);

// The loader's launch: --param texts as MODULE texts (a MODULE target) or checked words.
// Throws loaders::LoadError naming the option.
loaders::LaunchTarget resolve_launch_target(const LaunchTarget& t);

// Loads the target through loaders::load_launch_target. Throws loaders::LoadError naming the
// file or option.
loaders::KernelImage load_launch_target(const LaunchTarget& t);

}  // namespace fgtlm::cli
