// The one launch loader of every command (`fgtlm run`, `cosim`, `inject` and its campaign
// files): a conformance bundle, a FlexGripPlus application folder, a .sass file or a MODULE
// (`fgtlm ptxas` / `fgtlm cc` output) with its launch given as options, with the same checks
// whichever command asks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

struct LaunchTarget {
    std::string target;  // bundle folder, FlexGripPlus folder (flexgrip) or .sass file
    bool flexgrip = false;
    std::int64_t cores = -1;  // SP lanes override (-1 = from the target, else 8)
    // .sass launch. An empty grid or block is "not given": 1, said in a warning.
    std::vector<std::uint32_t> grid;
    std::vector<std::uint32_t> block;
    std::vector<std::uint32_t> params;
    std::string global_init;
    std::uint32_t regs = 16;
    std::uint32_t shared = 0;
    std::uint32_t blocks_per_sm = 8;
    std::uint32_t local_bytes = 0;  // local memory per thread (LLD/LST)
    std::uint32_t local_base = 0;   // global address of the local-memory area
    std::string textures;           // JSON file with a "textures" section (TEX descriptors)
    std::uint32_t dump_words = 0;   // words from address 0 in the dump range
    // With dump_words 0: true = the global-init image rounded up to words (at least 1024, what
    // cosim compares); false = an empty dump range (fgtlm run writes no words unless asked).
    bool auto_dump = true;
    // MODULE only (module_launch.cpp; refused for other targets).
    std::string kernel;                       // --kernel: mangled or plain C++ name ("" = the only one)
    std::vector<std::string> module_params;   // --param texts, typed by the kernel's PTX parameters
    std::uint32_t dynamic_shared = 0;         // --dynamic-shared: bytes of extern __shared__ arrays
    std::vector<std::string> consts;          // --const SYMBOL=FILE: a __constant__/__device__ symbol's bytes
};

// Words of the dump range a .sass launch may ask for: the largest global memory (256 MiB).
constexpr std::uint32_t kMaxDumpWords = (256u << 20) / 4;

// True when `path` is a regular file holding a "fgtlm-module/1" JSON MODULE.
bool is_module_file(const std::string& path);

// Loads the target and refuses what no command could run: throws LoadError naming the file
// or option. (Launch limits of the SM itself are core::check_launch's.)
KernelImage load_launch_target(const LaunchTarget& t);

// The .sass launch options applied to an image whose program the caller has set (a .sass file
// here, a compiled MODULE's kernel in `fgtlm`): grid, block, parameters, registers, shared and
// local sizes, the global-init image, textures and the dump range, with the same checks.
void apply_launch_options(const LaunchTarget& o, KernelImage& img);

}  // namespace fgtlm::loaders
