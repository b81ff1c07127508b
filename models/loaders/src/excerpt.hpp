// Input text quoted back in an error message: bytes outside printable ASCII are escaped (\xNN)
// and a long line is cut, so a crafted file can neither drive the terminal nor print megabytes.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace fgtlm::loaders {

inline std::string excerpt(std::string_view s, std::size_t cap = 80) {
    std::string out;
    for (std::size_t i = 0; i < s.size() && i < cap; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out += char(c);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", unsigned(c));
            out += buf;
        }
    }
    if (s.size() > cap) out += "... (" + std::to_string(s.size()) + " bytes)";
    return out;
}

}  // namespace fgtlm::loaders
