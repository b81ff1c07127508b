// GCN scalar operand encoding (the 8-bit SSRC / 7-bit SDST codes) for each GCN version.
//
// Seed 002 only says "Refer to operand encoding" and does not include that table, so the
// codes here follow AMD's published Southern Islands / Sea Islands (1.0/1.1), GCN3 (1.2) and
// Vega (1.4) ISA manuals; models/isa/README.md lists them. 64-bit operands: SGPR pairs must
// be even-aligned; inline integers are sign-extended, inline floats are the double values, a
// literal is zero-extended.
#pragma once

#include <fgtlm/isa/gcn_scalar.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fgtlm::isa::gcn {

inline constexpr unsigned kLiteralCode = 255;

// Text of operand `code` read/written as `width` dwords (1 or 2) in version `v`; `literal`
// is used for code 255. nullopt: the code is not an operand of that width in that version.
[[nodiscard]] std::optional<std::string> format_operand(Version v, unsigned code, unsigned width,
                                                        std::uint32_t literal);

struct ParsedOperand {
    unsigned code = 0;
    std::uint32_t literal = 0;
    std::string error;   // empty on success
};
// Parses an operand; `destination` restricts it to writable registers (codes 0-127).
[[nodiscard]] ParsedOperand parse_operand(Version v, std::string_view text, unsigned width, bool destination);

// Whether `code` names something writable in `v` (a destination of `width` dwords).
[[nodiscard]] bool is_destination(Version v, unsigned code, unsigned width);

// The value an operand reads: registers from `s`, constants, the literal.
[[nodiscard]] std::uint64_t read_operand(const ScalarState& s, unsigned code, unsigned width, std::uint32_t literal);

// Every code 0-255 that is a valid source of `width` in `v` (for tests and fuzzers).
[[nodiscard]] bool is_source(Version v, unsigned code, unsigned width);

}  // namespace fgtlm::isa::gcn
