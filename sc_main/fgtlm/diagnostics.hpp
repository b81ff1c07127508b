// Printing what the user gave back to the user: input bytes are escaped (a binary file fed to
// `fgtlm asm` must not write raw bytes to the terminal: io::escape_and_cut) and long error lists
// are capped.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <fgtlm/isa/assembler.hpp>

namespace fgtlm::cli {

// The first `cap` errors, escaped, one per line, then "... and N more errors".
std::string format_errors(const std::vector<std::string>& errors, std::size_t cap = 50);
std::string format_asm_errors(const std::vector<isa::AsmDiagnostic>& errors, std::size_t cap = 50);

// Empty when `path` names a readable regular file, else why not ("is a directory", ...).
std::string not_a_readable_file(const std::filesystem::path& path);

// The whole of the file at `path`, or nullopt with `why` set (not_a_readable_file's reasons,
// or "cannot open file").
std::optional<std::string> read_whole_file(const std::filesystem::path& path, std::string& why);

}  // namespace fgtlm::cli
