#include <fgtlm/io/number.hpp>

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

std::string shown_text(std::string_view text) {
    std::string out = "'";
    for (const char c : text.substr(0, 40)) {
        const auto u = static_cast<unsigned char>(c);
        out += u < 0x20 || u >= 0x7f ? fmt::format("\\x{:02x}", u) : std::string(1, c);
    }
    return out + (text.size() > 40 ? "...'" : "'");
}

std::uint64_t parse_unsigned(std::string_view text, std::string_view name, std::uint64_t lo, std::uint64_t hi) {
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const std::string_view digits = hex ? text.substr(2) : text;
    bool ok = !digits.empty() && digits.size() <= 64;
    for (const char c : digits) ok = ok && (hex ? is_hex_digit(c) : (c >= '0' && c <= '9'));
    if (!ok) {
        const bool sign = !text.empty() && text[0] == '-';
        refuse(name, fmt::format("{} is not {} (decimal or 0x hex digits, {})", shown_text(text),
                                 sign ? "a non-negative integer" : "an unsigned integer", range_text(lo, hi)));
    }
    errno = 0;
    const std::string s(digits);
    const unsigned long long v = std::strtoull(s.c_str(), nullptr, hex ? 16 : 10);
    if (errno == ERANGE) refuse(name, fmt::format("{} is out of range ({})", shown_text(text), range_text(lo, hi)));
    if (v < lo || v > hi) refuse(name, fmt::format("{} is out of range ({})", s, range_text(lo, hi)));
    return v;
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

std::uint64_t json_unsigned(const nlohmann::json& v, std::string_view name, std::uint64_t lo, std::uint64_t hi) {
    const bool negative = v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() < 0;
    if (!v.is_number_integer() || negative)
        refuse(name, fmt::format("must be an unsigned integer ({}), got {} ({})", range_text(lo, hi),
                                 shown_text(v.dump()), v.type_name()));
    const auto x = v.get<std::uint64_t>();
    if (x < lo || x > hi) refuse(name, fmt::format("{} is out of range ({})", x, range_text(lo, hi)));
    return x;
}

double json_real(const nlohmann::json& v, std::string_view name, double lo, double hi) {
    if (!v.is_number())
        refuse(name,
               fmt::format("must be a number ({} to {}), got {} ({})", lo, hi, shown_text(v.dump()), v.type_name()));
    const double x = v.get<double>();
    if (!std::isfinite(x) || x < lo || x > hi) refuse(name, fmt::format("{} is out of range ({} to {})", x, lo, hi));
    return x;
}

}  // namespace fgtlm::io
