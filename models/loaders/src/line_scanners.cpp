#include "line_scanners.hpp"

#include <cctype>
#include <cstddef>

namespace fgtlm::loaders {

namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool is_word(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_hex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

// A position in a line with the few matching steps the formats need.
struct Cursor {
    std::string_view s;
    std::size_t i = 0;

    [[nodiscard]] bool done() const { return i >= s.size(); }
    [[nodiscard]] char at() const { return s[i]; }
    // Skips characters while `pred` holds; returns how many.
    template <typename Pred>
    std::size_t skip(Pred pred) {
        const std::size_t from = i;
        while (!done() && pred(at())) ++i;
        return i - from;
    }
    bool literal(std::string_view text) {
        if (s.substr(i, text.size()) != text) return false;
        i += text.size();
        return true;
    }
};

bool keyword_at(std::string_view s, std::size_t i) {
    static constexpr std::string_view kWhen = "when";
    if (i + kWhen.size() > s.size() || (i > 0 && is_word(s[i - 1]))) return false;
    for (std::size_t k = 0; k < kWhen.size(); ++k)
        if (std::tolower(static_cast<unsigned char>(s[i + k])) != kWhen[k]) return false;
    return true;
}

// The rest of one assignment after `when`; the cursor ends after the ';'.
std::optional<WhenWord> when_tail(Cursor& c) {
    WhenWord w;
    if (c.skip(is_space) == 0) return std::nullopt;
    const std::size_t digits = c.i;
    if (c.skip(is_digit) == 0) return std::nullopt;
    w.index = c.s.substr(digits, c.i - digits);
    c.skip(is_space);
    if (!c.literal("=>")) return std::nullopt;
    c.skip(is_space);
    if (c.skip(is_word) == 0) return std::nullopt;
    c.skip(is_space);
    if (!c.literal("<=")) return std::nullopt;
    c.skip(is_space);
    if (c.done() || (c.at() != 'x' && c.at() != 'X')) return std::nullopt;
    ++c.i;
    if (!c.literal("\"")) return std::nullopt;
    const std::size_t hex = c.i;
    c.skip([](char ch) { return ch != '"'; });
    if (c.done()) return std::nullopt;
    w.hex = c.s.substr(hex, c.i - hex);
    ++c.i;
    c.skip(is_space);
    if (!c.literal(";")) return std::nullopt;
    return w;
}

}  // namespace

std::vector<WhenWord> scan_when_words(std::string_view line) {
    std::vector<WhenWord> out;
    std::size_t i = 0;
    while (i < line.size()) {
        if (!keyword_at(line, i)) {
            ++i;
            continue;
        }
        Cursor c{line, i + 4};
        if (const auto w = when_tail(c)) {
            out.push_back(*w);
            i = c.i;
        } else {
            ++i;
        }
    }
    return out;
}

std::optional<RdataLine> scan_rdata_line(std::string_view line) {
    Cursor c{line};
    c.skip(is_space);
    const std::size_t addr = c.i;
    if (c.skip(is_hex) == 0) return std::nullopt;
    RdataLine r;
    r.address = line.substr(addr, c.i - addr);
    if (c.skip(is_space) == 0) return std::nullopt;
    const std::size_t word = c.i;
    c.skip([](char ch) { return is_hex(ch) || ch == 'u' || ch == 'U' || ch == 'x' || ch == 'X'; });
    if (c.i - word != 8) return std::nullopt;
    r.word = line.substr(word, 8);
    c.skip(is_space);
    if (!c.done()) return std::nullopt;
    return r;
}

}  // namespace fgtlm::loaders
