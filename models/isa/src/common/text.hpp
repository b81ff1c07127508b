// Small text helpers shared by the table-driven back ends (tokenising, numbers, hex).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fgtlm::isa::text {

[[nodiscard]] std::string_view trim(std::string_view s);
[[nodiscard]] std::string upper(std::string_view s);
[[nodiscard]] std::string lower(std::string_view s);
[[nodiscard]] bool iequals(std::string_view a, std::string_view b);
// Drops a trailing ';' (and the blanks around it).
[[nodiscard]] std::string_view strip_semicolon(std::string_view s);
// Splits "MNEMONIC op, op, op" into the mnemonic and its comma-separated operands (trimmed).
// Commas inside [] or () do not split.
struct Statement {
    std::string_view mnemonic;
    std::vector<std::string_view> operands;
    std::vector<std::uint32_t> columns;   // 0-based column of each operand in the original text
    std::uint32_t mnemonic_column = 0;
};
[[nodiscard]] Statement split_statement(std::string_view line);
// Integer literal: decimal, 0x hex, optional leading '-'; nullopt if malformed or out of int64.
[[nodiscard]] std::optional<std::int64_t> parse_int(std::string_view s);
// "0x%0*llx".
[[nodiscard]] std::string hex(std::uint64_t v, int digits = 0);
// Column of `part` inside `whole` when `part` is a view into it, else 0.
[[nodiscard]] std::uint32_t column_of(std::string_view whole, std::string_view part);

}  // namespace fgtlm::isa::text
