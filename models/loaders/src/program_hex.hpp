// program.hex -> instruction words (one 32-bit word per line, `# text` comments).
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace fgtlm::loaders {

// Throws LoadError naming file and line.
std::vector<std::uint32_t> read_program_hex(const std::filesystem::path& file);

}  // namespace fgtlm::loaders
