#include "text.hpp"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <limits>

namespace fgtlm::isa::text {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::string upper(std::string_view s) {
    std::string r(s);
    for (char& c : r) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return r;
}

std::string lower(std::string_view s) {
    std::string r(s);
    for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return r;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

std::string_view strip_semicolon(std::string_view s) {
    s = trim(s);
    if (!s.empty() && s.back() == ';') s.remove_suffix(1);
    return trim(s);
}

std::uint32_t column_of(std::string_view whole, std::string_view part) {
    if (part.data() >= whole.data() && part.data() <= whole.data() + whole.size()) {
        return static_cast<std::uint32_t>(part.data() - whole.data());
    }
    return 0;
}

Statement split_statement(std::string_view line) {
    Statement st;
    const std::string_view body = trim(line);
    std::size_t i = 0;
    while (i < body.size() && !std::isspace(static_cast<unsigned char>(body[i]))) ++i;
    st.mnemonic = body.substr(0, i);
    st.mnemonic_column = column_of(line, st.mnemonic);
    std::string_view rest = body.substr(i);
    if (trim(rest).empty()) return st;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t k = 0; k <= rest.size(); ++k) {
        const char c = k < rest.size() ? rest[k] : ',';
        if (c == '[' || c == '(') ++depth;
        if (c == ']' || c == ')') --depth;
        if (c == ',' && depth <= 0) {
            const std::string_view op = trim(rest.substr(start, k - start));
            st.operands.push_back(op);
            st.columns.push_back(column_of(line, op));
            start = k + 1;
        }
    }
    return st;
}

std::optional<std::int64_t> parse_int(std::string_view s) {
    s = trim(s);
    bool neg = false;
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
        neg = s.front() == '-';
        s.remove_prefix(1);
    }
    int base = 10;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s.remove_prefix(2);
    }
    if (s.empty()) return std::nullopt;
    std::uint64_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
    if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
    if (!neg) {
        if (v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
            // Accept full 64-bit hex patterns as their two's-complement value.
            if (base != 16) return std::nullopt;
            return static_cast<std::int64_t>(v);
        }
        return static_cast<std::int64_t>(v);
    }
    if (v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) + 1u) return std::nullopt;
    return static_cast<std::int64_t>(0 - v);
}

std::string hex(std::uint64_t v, int digits) {
    return digits > 0 ? fmt::format("0x{:0{}x}", v, digits) : fmt::format("0x{:x}", v);
}

}  // namespace fgtlm::isa::text
