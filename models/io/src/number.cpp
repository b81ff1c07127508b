#include <fgtlm/io/number.hpp>
#include <fgtlm/io/text.hpp>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace fgtlm::io {
namespace {

[[noreturn]] void refuse(std::string_view name, const std::string& why) {
    throw std::invalid_argument(fmt::format("{}: {}", name, why));
}

std::string range_text(std::uint64_t lo, std::uint64_t hi) { return fmt::format("{}..{}", lo, hi); }

bool is_hex_digit(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

}  // namespace

namespace {

// `digits` of `text` (the whole, or what follows 0x) in base 16 or 10: digits only, in [lo, hi].
std::uint64_t parse_digits(std::string_view text, std::string_view digits, bool hex, std::string_view name,
                           std::uint64_t lo, std::uint64_t hi) {
    bool ok = !digits.empty() && digits.size() <= 64;
    for (const char c : digits) ok = ok && (hex ? is_hex_digit(c) : (c >= '0' && c <= '9'));
    if (!ok) {
        const bool sign = !text.empty() && text[0] == '-';
        refuse(name, fmt::format("{} is not {} ({}, {})", shown_text(text),
                                 sign ? "a non-negative integer" : "an unsigned integer",
                                 hex ? "hex digits" : "decimal or 0x hex digits", range_text(lo, hi)));
    }
    errno = 0;
    const std::string s(digits);
    const unsigned long long v = std::strtoull(s.c_str(), nullptr, hex ? 16 : 10);
    if (errno == ERANGE) refuse(name, fmt::format("{} is out of range ({})", shown_text(text), range_text(lo, hi)));
    // Digits only by now (at most 66 characters): shown as they are.
    if (v < lo || v > hi) refuse(name, fmt::format("{} is out of range ({})", text, range_text(lo, hi)));
    return v;
}

bool has_hex_prefix(std::string_view text) {
    return text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
}

}  // namespace

std::uint64_t parse_unsigned(std::string_view text, std::string_view name, std::uint64_t lo, std::uint64_t hi) {
    const bool hex = has_hex_prefix(text);
    return parse_digits(text, hex ? text.substr(2) : text, hex, name, lo, hi);
}

std::uint64_t parse_hex(std::string_view text, std::string_view name, std::uint64_t hi) {
    return parse_digits(text, has_hex_prefix(text) ? text.substr(2) : text, true, name, 0, hi);
}

double parse_real(std::string_view text, std::string_view name, double lo, double hi) {
    const std::string s(text);
    char* end = nullptr;
    errno = 0;
    const double v = s.empty() ? 0.0 : std::strtod(s.c_str(), &end);
    const bool whole = !s.empty() && end == s.c_str() + s.size() && s.find_first_of(" \t\n") == std::string::npos;
    if (!whole || !std::isfinite(v) || errno == ERANGE)
        refuse(name, fmt::format("{} is not a finite number ({} to {})", shown_text(text), lo, hi));
    if (v < lo || v > hi) refuse(name, fmt::format("{} is out of range ({} to {})", s, lo, hi));
    return v;
}

std::string shown_json(const nlohmann::json& v) {
    const auto plural = [](std::size_t n) { return n == 1 ? "" : "s"; };
    if (v.is_array()) return fmt::format("an array of {} element{}", v.size(), plural(v.size()));
    if (v.is_object()) return fmt::format("an object of {} member{}", v.size(), plural(v.size()));
    // JSON's own quotes mark a string: no more quotes around it.
    return fmt::format("{} ({})", escape_and_cut(v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), 40),
                       v.type_name());
}

std::uint64_t json_unsigned(const nlohmann::json& v, std::string_view name, std::uint64_t lo, std::uint64_t hi) {
    const bool negative = v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() < 0;
    if (!v.is_number_integer() || negative)
        refuse(name, fmt::format("must be an unsigned integer ({}), got {}", range_text(lo, hi), shown_json(v)));
    const auto x = v.get<std::uint64_t>();
    if (x < lo || x > hi) refuse(name, fmt::format("{} is out of range ({})", x, range_text(lo, hi)));
    return x;
}

double json_real(const nlohmann::json& v, std::string_view name, double lo, double hi) {
    if (!v.is_number()) refuse(name, fmt::format("must be a number ({} to {}), got {}", lo, hi, shown_json(v)));
    const double x = v.get<double>();
    if (!std::isfinite(x) || x < lo || x > hi) refuse(name, fmt::format("{} is out of range ({} to {})", x, lo, hi));
    return x;
}

}  // namespace fgtlm::io
