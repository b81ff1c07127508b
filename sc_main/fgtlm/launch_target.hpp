// TARGET of `fgtlm run` / `cosim` / `difftest`: the command-line options of the one launch
// loader (loaders/launch_target.hpp), every number through the checked parser.
#pragma once

#include <CLI/CLI.hpp>

#include <fgtlm/loaders/launch_target.hpp>

namespace fgtlm::cli {

using loaders::LaunchTarget;
using loaders::load_launch_target;

// Adds TARGET, --flexgrip, --cores and the .sass launch options to `sub`.
void add_launch_target_options(CLI::App* sub, LaunchTarget& t);
// Adds --cores (SP lanes: 1..32; the model parameters check what the semantics allow).
void add_cores_option(CLI::App* sub, LaunchTarget& t);
// Adds only the .sass launch options (--grid, --block, --param, ... --dump-words).
void add_sass_launch_options(CLI::App* sub, LaunchTarget& t);

}  // namespace fgtlm::cli
