// Instruction-memory images on disk: the conformance `program.hex` text format
// (tests/data/conformance/README.md section 1.1) and raw little-endian binaries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fgtlm::isa {

// Thrown for unreadable files and malformed content; what() is "file:line: message".
struct ProgramIoError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// program.hex: one 32-bit word per line (`0x10004205`, optional 0x, 1-8 hex digits), an
// optional `# comment` after it; blank and comment-only lines are skipped. Word i is at
// code byte address 4*i.
[[nodiscard]] std::vector<std::uint32_t> parse_program_hex(std::string_view text, std::string_view filename);
[[nodiscard]] std::vector<std::uint32_t> read_program_hex(const std::filesystem::path& path);

// Raw binary: consecutive little-endian 32-bit words; the size must be a multiple of 4.
[[nodiscard]] std::vector<std::uint32_t> parse_program_binary(std::span<const std::byte> bytes,
                                                              std::string_view filename);
[[nodiscard]] std::vector<std::uint32_t> read_program_binary(const std::filesystem::path& path);

// program.hex text: `0x%08X` per line (upper-case digits as in the corpus); with
// `with_text`, the first word of each decoded instruction gets `  # <SASS text>;`.
[[nodiscard]] std::string format_program_hex(std::span<const std::uint32_t> words, bool with_text = true);
void write_program_hex(const std::filesystem::path& path, std::span<const std::uint32_t> words,
                       bool with_text = true);
void write_program_binary(const std::filesystem::path& path, std::span<const std::uint32_t> words);

}  // namespace fgtlm::isa
