// The one checked number parser: every numeric command-line option and JSON field goes
// through it, so a negative, overflowing, fractional, NaN or infinite value is an error that
// names the option or field, never a silent wrap (-1 -> 2^64-1, 4294967297 -> 1), truncation
// (2.9 -> 2, 1e30 -> 0) or a NaN that disables a check.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include <fgtlm/io/text.hpp>  // shown_text, which the parser's messages use

namespace fgtlm::io {

constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

// Decimal or 0x hex, digits only (no sign, blank, fraction or exponent), in [lo, hi].
// Throws std::invalid_argument "NAME: ..." naming the option or field and the value.
std::uint64_t parse_unsigned(std::string_view text, std::string_view name, std::uint64_t lo = 0,
                             std::uint64_t hi = kU64Max);
// Hex digits only (an optional 0x; no sign or blank), as trace and log files write them, in
// [0, hi]. Throws like parse_unsigned.
std::uint64_t parse_hex(std::string_view text, std::string_view name, std::uint64_t hi = kU64Max);
// A finite decimal number in [lo, hi] (NaN and infinities refused).
double parse_real(std::string_view text, std::string_view name, double lo, double hi);

// The same checks for a JSON value: an integer (not 2.9, 1e30 or -1) in [lo, hi]...
std::uint64_t json_unsigned(const nlohmann::json& v, std::string_view name, std::uint64_t lo = 0,
                            std::uint64_t hi = kU64Max);
// ... or a finite number in [lo, hi].
double json_real(const nlohmann::json& v, std::string_view name, double lo, double hi);

// A JSON value for a message: a scalar as its JSON text (escaped and cut to 40 bytes) and its
// type ("2.9 (number)", "\"5\" (string)"), an array or object by its size: dump() recurses per level, and a crafted
// file nests 200,000 deep.
std::string shown_json(const nlohmann::json& v);

}  // namespace fgtlm::io
