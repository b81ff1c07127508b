// TARGET of `fgtlm cosim` / `fgtlm difftest` helpers: a conformance bundle, a FlexGripPlus
// application folder (--flexgrip) or a .sass file with its launch on the command line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::cli {

struct LaunchTarget {
    std::string target;
    bool flexgrip = false;
    std::int64_t cores = -1;               // SP lanes override (-1 = from the target, else 8)
    // .sass mode
    std::vector<std::uint32_t> grid{1, 1};
    std::vector<std::uint32_t> block{1, 1, 1};
    std::vector<std::string> params;
    std::string global_init;
    std::uint32_t regs = 16;
    std::uint32_t shared = 0;
    std::uint32_t blocks_per_sm = 8;
    std::uint32_t local_bytes = 0;         // local memory per thread (LLD/LST)
    std::string local_base = "0";         // global address of the local-memory area
    std::string textures;                  // JSON file with a "textures" section (TEX descriptors)
    std::uint32_t dump_words = 0;          // words from address 0 in the dump range
    // With dump_words 0: true = the global-init image rounded up to words (at least 1024, what
    // cosim compares); false = an empty dump range (fgtlm run writes no words unless asked).
    bool auto_dump = true;
    // MODULE mode (fgtlm ptxas / cc output)
    std::string kernel;                    // --kernel NAME (mangled or plain C++ name)
    std::uint32_t dynamic_shared = 0;      // --dynamic-shared BYTES (extern __shared__ arrays)
};

// Adds TARGET, --flexgrip, --cores and the .sass launch options to `sub`.
void add_launch_target_options(CLI::App* sub, LaunchTarget& t);
// Adds only the .sass launch options (--grid, --block, --param, ... --dump-words).
void add_sass_launch_options(CLI::App* sub, LaunchTarget& t);

// Loads the target. Throws loaders::LoadError (or std::invalid_argument) on bad input.
loaders::KernelImage load_launch_target(const LaunchTarget& t);

std::uint32_t parse_u32(const std::string& s);

// MODULE files (module_target.cpp): true when `path` holds a "fgtlm-module/1" JSON file.
bool is_module_file(const std::string& path);
// The launch of one kernel of a MODULE: --param values by the kernel's PTX parameter types,
// the module's .global/.const data placed in global memory over --global-init.
loaders::KernelImage image_from_module(const LaunchTarget& t);
// The launch geometry and memory options every target kind shares.
void apply_sass_launch(const LaunchTarget& o, loaders::KernelImage& img);

}  // namespace fgtlm::cli
