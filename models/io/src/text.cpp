#include <fgtlm/io/text.hpp>

#include <fmt/format.h>

namespace fgtlm::io {

std::string escape_and_cut(std::string_view text, std::size_t cap) {
    std::string out;
    const std::string_view head = text.substr(0, cap);
    out.reserve(head.size() + 24);
    for (const char c : head) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f && c != '\\')
            out += c;
        else
            out += fmt::format("\\x{:02x}", u);
    }
    if (text.size() > cap) out += fmt::format("... ({} bytes)", text.size());
    return out;
}

std::string shown_text(std::string_view text) { return "'" + escape_and_cut(text, 40) + "'"; }

std::string json_error_text(std::string_view what) {
    constexpr std::string_view kTag = "[json.exception.";
    if (what.substr(0, kTag.size()) == kTag) {
        const auto end = what.find("] ");
        if (end != std::string_view::npos) what.remove_prefix(end + 2);
    }
    return escape_and_cut(what, 300);
}

}  // namespace fgtlm::io
