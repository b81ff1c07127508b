// Writes a KernelImage as a conformance bundle (program.hex, launch.json, global_init.bin,
// expected.json; format: tests/data/conformance/README.md), e.g. a difftest regression whose
// expected memory is what the RTL produced. load_bundle() reads it back.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

// `expected` (may be empty) becomes expected.json's ranges; `rtl_cycles` its rtl_kernel_cycles.
void write_bundle(const KernelImage& img, const std::filesystem::path& dir, const std::vector<ExpectedRange>& expected,
                  std::uint64_t rtl_cycles, const std::string& expected_source);

}  // namespace fgtlm::loaders
