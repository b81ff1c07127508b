// The 8-byte shader ISA of seed 003 (pa/sa/o/r registers, p0-p3 predicates, f32/f16/fx10):
// one row per opcode1 group (the seed's "0xNN000000 - 0x..." sections), with the fields
// whose bits the seed's field tables give.
//
// Bit numbering: the seed numbers bytes 0-7 with byte 0 the most significant byte of the
// first 32-bit word (its groups are ranges of that word, 0x08000000 = byte 0 bit 3). Here the
// instruction is the 64-bit value (word0 << 32) | word1, so byte k bit b is bit (7-k)*8 + b.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fgtlm::isa::usse {

// The four predicate tables of the seed (they differ between groups).
enum class PredCodec : std::uint8_t {
    P2a,   // byte 0 bits 1-0: -, p0, !p0, Pn
    P2b,   // byte 0 bits 2-1: -, p0, p1, !p0
    P3a,   // byte 0 bits 2-0: -, p0, p1, p2, !p0, !p1, !p2, Pn
    P3b,   // byte 0 bits 2-0: -, p0, p1, p2, p3, !p0, !p1, Pn
};

struct BitRange {
    std::uint8_t byte = 0, hi = 0, lo = 0;   // bits hi..lo of byte `byte`
};

// An enumerated field: its value (parts concatenated, first part most significant) indexes
// `names`; "invalid" = the seed marks the value invalid. A name may refer to another field
// ("cmov.{cond}"), so that field only counts for the values that name it.
struct EnumField {
    std::string_view label;
    std::array<BitRange, 2> parts{};
    std::uint8_t part_count = 1;
    std::array<std::string_view, 16> names{};
};

struct FixedBit {
    std::uint8_t byte = 0, bit = 0, value = 0;   // the seed: "having bit B in byte K set to ... is invalid"
};

struct Group {
    std::uint8_t opcode1 = 0;                 // byte 0 bits 7-3
    std::string_view instructions;            // the seed's "Instructions:" line
    PredCodec pred = PredCodec::P3b;
    std::string_view format;                  // mnemonic with {field} placeholders
    std::array<EnumField, 3> fields{};
    std::uint8_t field_count = 0;
    std::array<FixedBit, 2> fixed{};
    std::uint8_t fixed_count = 0;
    std::string_view not_decoded;             // non-empty: why the group is not decoded
};

[[nodiscard]] std::span<const Group> groups();

// A group expanded into one row per mnemonic (every combination of valid field values).
struct Row {
    const Group* group = nullptr;
    std::string text;            // "cmov.ltzero.f16", with "{0xa0}" appended when ambiguous
    std::uint64_t mask = 0;      // bits this row fixes (opcode1, its fields, fixed bits)
    std::uint64_t value = 0;
};
[[nodiscard]] const std::vector<Row>& rows();

[[nodiscard]] std::uint64_t predicate_mask(PredCodec c);
[[nodiscard]] std::span<const std::string_view> predicate_names(PredCodec c);   // value -> name ("" = none)
[[nodiscard]] unsigned predicate_shift(PredCodec c);

[[nodiscard]] constexpr unsigned bit_of(unsigned byte, unsigned bit) { return (7 - byte) * 8 + bit; }

}  // namespace fgtlm::isa::usse
