// Loader for conformance bundles (tests/data/conformance/<name>/: program.hex,
// launch.json, global_init.bin, expected.json; format in the conformance README).
#pragma once

#include <filesystem>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

// Throws LoadError naming the file (and line for program.hex) on malformed input.
KernelImage load_bundle(const std::filesystem::path& dir);

// Binds the textures of a JSON file holding a launch.json-style "textures" section
// ({"textures": {...}}, models/loaders/README.md) to `img` (fgtlm run KERNEL.sass --textures).
// Call after img.global_init and img.global_mem_bytes are set. Throws LoadError naming the field.
void load_texture_section(const std::filesystem::path& json_file, KernelImage& img);

// True when `dir` looks like a bundle (has launch.json and program.hex).
bool is_bundle(const std::filesystem::path& dir);

}  // namespace fgtlm::loaders
