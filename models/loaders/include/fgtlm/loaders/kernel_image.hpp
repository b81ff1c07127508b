// Everything needed to run one kernel and check it: what both loaders (conformance bundle,
// FlexGripPlus testbench folder) produce and what `fgtlm run` consumes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fgtlm/core/launch.hpp>

namespace fgtlm::loaders {

// A load failure; what() names the file and, where it applies, the line.
class LoadError : public std::runtime_error {
public:
    LoadError(const std::filesystem::path& file, std::size_t line, const std::string& what);
    explicit LoadError(const std::string& what) : std::runtime_error(what) {}
};

struct ByteRange {
    std::uint32_t addr = 0;
    std::uint32_t len = 0;
};

// Expected 32-bit little-endian words from `addr` upward; nullopt = do not compare.
struct ExpectedRange {
    std::uint32_t addr = 0;
    std::vector<std::optional<std::uint32_t>> words;
};

// Lines of a memory image past the end of the memory. The RTL's dp_ram reads one line per
// byte of the memory and ignores the rest (init_mem); the front end decides (RtlPolicy::
// mif_truncate) whether that is a warning or a load error naming `file`:`first_line`.
struct ImageOverflow {
    std::string file;
    std::size_t first_line = 0;  // 0: no overflow
    std::uint64_t bytes = 0;     // byte lines dropped
};

struct KernelImage {
    std::string name;
    std::filesystem::path dir;
    std::vector<std::uint32_t> program;       // instruction words from code byte address 0
    core::LaunchConfig launch;
    std::uint32_t cores = 8;                  // SP lanes of the SM
    std::uint32_t global_mem_bytes = 262144;
    std::vector<std::uint8_t> global_init;    // bytes from address 0 (rest is zero)
    std::vector<ByteRange> global_init_undefined;
    ImageOverflow global_init_overflow;       // global_mem.mif lines past global_mem_bytes (dropped)
    std::vector<ExpectedRange> expected;      // may be empty (nothing to check)
    ByteRange dump{0, 0};                     // bytes the testbench dumps after the kernel
    std::uint64_t rtl_kernel_cycles = 0;      // 0 = unknown
    std::vector<std::string> warnings;
};

// Number of non-null expected words.
std::size_t comparable_words(const KernelImage& img);

}  // namespace fgtlm::loaders
