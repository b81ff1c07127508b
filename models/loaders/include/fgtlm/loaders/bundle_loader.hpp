// Loader for conformance bundles (/work/shared/conformance/<name>/: program.hex,
// launch.json, global_init.bin, expected.json; format in the conformance README).
#pragma once

#include <filesystem>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

// Throws LoadError naming the file (and line for program.hex) on malformed input.
KernelImage load_bundle(const std::filesystem::path& dir);

// True when `dir` looks like a bundle (has launch.json and program.hex).
bool is_bundle(const std::filesystem::path& dir);

}  // namespace fgtlm::loaders
