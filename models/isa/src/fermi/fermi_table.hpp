// NVIDIA Fermi (asfermi notes, seed 001): one row per documented instruction, with the
// seed's bit template verbatim and its labelled fields.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace fgtlm::isa::fermi {

enum class FieldKind : std::uint8_t {
    Reg,        // 6 bits: R0..R62, RZ (63)
    Pred,       // 3 bits: P0..P6, PT (7)
    NegPred,    // 4 bits: 3-bit predicate + negation bit above it: (!)P0..PT
    Special,    // 8 bits: S2R source: a name from the SR table, or SRnnn
    Modifier,   // an enumerated `.NAME` modifier (table in `names`; "" = the default, omitted)
    Offset,     // memory offset, a byte count; `align` = required multiple
};

struct Field {
    std::string_view label;    // the seed's label under the template ("reg0", "mod", "0xabcd")
    std::uint8_t lo = 0;       // first bit (asfermi order: template character i is bit i)
    std::uint8_t width = 0;
    FieldKind kind = FieldKind::Reg;
    std::array<std::string_view, 8> names{};   // Modifier: value -> name ("" default, "invalid")
    std::uint8_t align = 1;                    // Offset
    bool optional = false;   // operand/modifier that may be left out (it keeps its template value)
};

// Syntax: the mnemonic, the modifiers in printing order, the operands in order. An operand
// "[a+b]" is a memory reference built from a Reg field and an Offset field.
struct Row {
    std::string_view name;
    std::string_view templ;                          // the seed's "Template opcode" line, verbatim
    std::array<Field, 8> fields{};
    std::uint8_t field_count = 0;
    std::array<std::string_view, 3> modifiers{};     // labels of Modifier fields, print order
    std::array<std::string_view, 6> operands{};      // labels; "[reg1+0xabcd]" = memory operand
};

[[nodiscard]] std::span<const Row> rows();
// The seed's S2R special-register table: value -> name ("" where the table has no row).
[[nodiscard]] std::string_view special_register_name(unsigned value);
[[nodiscard]] std::span<const std::pair<std::uint8_t, std::string_view>> special_registers();

// The template as fixed bits: bit i = character i of the template (spaces ignored).
struct Template {
    std::uint64_t bits = 0;
    unsigned length = 0;   // number of 0/1 characters (64 for a well-formed template)
};
[[nodiscard]] Template parse_template(std::string_view templ);

}  // namespace fgtlm::isa::fermi
