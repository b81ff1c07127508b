// Compares global memory after a kernel with a KernelImage's expected words.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

struct WordMismatch {
    std::uint32_t addr;
    std::uint32_t expected;
    std::uint32_t got;
    bool outside = false;  // the address is beyond global memory: there is nothing to read
};

struct CheckReport {
    std::size_t compared = 0;              // words compared
    std::size_t skipped_null = 0;          // expected null (RTL printed 'u'/'x')
    std::size_t skipped_undefined = 0;     // derived from undefined input bytes (shadow set)
    std::vector<WordMismatch> mismatches;
    std::uint64_t mem_size = 0;            // bytes of global memory compared against
    [[nodiscard]] bool pass() const { return mismatches.empty(); }
};

// `mem`/`mem_size`: global memory after the kernel; `shadow` (may be null): non-zero bytes
// derive from undefined input bytes and are not compared.
CheckReport check_global(const KernelImage& img, const std::uint8_t* mem, std::uint64_t mem_size,
                         const std::uint8_t* shadow);

// "PASS name" / "FAIL name: N words differ" followed by up to `max_lines` mismatch lines.
std::string format_report(const std::string& name, const CheckReport& r, std::size_t max_lines = 64);

}  // namespace fgtlm::loaders
