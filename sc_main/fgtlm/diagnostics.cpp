#include "diagnostics.hpp"

#include <fstream>
#include <iterator>

#include <fmt/format.h>

#include <fgtlm/io/text.hpp>

namespace fgtlm::cli {

std::string format_errors(const std::vector<std::string>& errors, std::size_t cap) {
    std::string out;
    // Each message cut too: one that quotes a 10 MB source line must not print it.
    for (std::size_t i = 0; i < errors.size() && i < cap; ++i) out += io::escape_and_cut(errors[i], 400) + "\n";
    if (errors.size() > cap) out += fmt::format("... and {} more errors\n", errors.size() - cap);
    return out;
}

std::string format_asm_errors(const std::vector<isa::AsmDiagnostic>& errors, std::size_t cap) {
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < errors.size() && i < cap; ++i) lines.push_back(errors[i].str());
    std::string out = format_errors(lines, cap);
    if (errors.size() > cap) out += fmt::format("... and {} more errors\n", errors.size() - cap);
    return out;
}

std::string not_a_readable_file(const std::filesystem::path& path) {
    std::error_code ec;
    const auto st = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(st)) return "no such file";
    if (std::filesystem::is_directory(st)) return "is a directory, not a file";
    if (!std::filesystem::is_regular_file(st)) return "not a regular file";
    return {};
}

std::optional<std::string> read_whole_file(const std::filesystem::path& path, std::string& why) {
    why = not_a_readable_file(path);
    if (!why.empty()) return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        why = "cannot open file";
        return std::nullopt;
    }
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace fgtlm::cli
