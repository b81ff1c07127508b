// Seed 003's groups, in the seed's order. A field is decoded only where the seed's field
// table gives its bit numbers; fields whose table is empty (most data_format and modifier
// fields, the operands in bytes 3-7) stay in the instruction's unknown(...) bits.
// The one position not given by a table: op_sel (group 0x20) is taken as byte 1 bit 7, the
// first cell of its row (the opcode2 table needs it to tell mov from log).
#include "usse_table.hpp"

#include <fmt/format.h>

#include <map>

namespace fgtlm::isa::usse {
namespace {

constexpr std::string_view X = "invalid";

// Rows leave the trailing members they do not use (fields, fixed bits, not_decoded) empty.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

constexpr std::array<Group, 31> kGroups{{
    {0x00, "mad", PredCodec::P2a, "mad"},
    {0x01, "mul.f32", PredCodec::P3a, "mul.f32"},
    {0x02, "mul.f16", PredCodec::P3a, "mul.f16"},
    {0x03,
     "dot.f32, mad.f32",
     PredCodec::P3a,
     "{opcode2}",
     {{{"opcode2", {{{1, 5, 5}}}, 1, {"dot.f32", "mad.f32"}}}},
     1},
    {0x04,
     "dot, mov, rsq, rcp, exp, log",
     PredCodec::P2a,
     "{opcode2}",
     {{{"opcode2",
        {{{1, 7, 7}, {2, 6, 4}}},
        2,
        {X, X, "dot", X, X, "mov", "rsq", "rcp", X, X, X, X, "exp", "log", X, X}}}},
     1,
     {{{2, 3, 1}}},
     1},
    {0x05,
     "dot, mov, rsq, rcp",
     PredCodec::P2a,
     "{opcode2}",
     {{{"opcode2", {{{2, 6, 4}}}, 1, {X, X, "dot", X, X, "mov", "rsq", "rcp"}}}},
     1,
     {{{2, 3, 1}}},
     1},
    {0x06,
     "rcp, rsq, log, exp",
     PredCodec::P3b,
     "{opcode2}.{data_format}",
     {{{"opcode2", {{{2, 2, 1}}}, 1, {"rcp", "rsq", "log", "exp"}},
       {"data_format", {{{1, 6, 5}}}, 1, {"f32", "f16", "fx10", X}}}},
     2},
    {0x07,
     "mov, cmov, cmov8",
     PredCodec::P3b,
     "{opcode2}.{data_format}",
     {{{"opcode2", {{{2, 7, 6}}}, 1, {"mov", "cmov.{cond}", "cmov8.{cond}", X}},
       {"cond", {{{1, 6, 6}}}, 1, {"eqzero", "ltzero"}},
       {"data_format", {{{2, 2, 0}}}, 1, {"i8", "i16", "i32", "fx10", "f16", "f32", X, X}}}},
     3},
    {0x08, "pack, (mov)", PredCodec::P3b, "pack"},
    {0x09, "this group only contains illegal instructions", PredCodec::P3b, "", {}, 0, {}, 0, "illegal"},
    {0x0a, "and.u32", PredCodec::P3b, "and.u32"},
    {0x0b, "xor.u32", PredCodec::P3b, "xor.u32"},
    {0x0c, "shl.u32", PredCodec::P3b, "shl.u32"},
    {0x0d, "shr.u32", PredCodec::P3b, "shr.u32"},
    {0x0e, "rlp.u32", PredCodec::P3b, "rlp.u32"},
    {0x0f, "this group only contains illegal instructions", PredCodec::P3b, "", {}, 0, {}, 0, "illegal"},
    {0x10, "add.fx8", PredCodec::P2b, "add.fx8"},
    {0x11,
     "add.fx8, sub.fx8",
     PredCodec::P2b,
     "{opcode2}",
     {{{"opcode2", {{{1, 5, 4}}}, 1, {"add.fx8", "sub.fx8", X, X}}}},
     1,
     {{{2, 3, 0}, {2, 2, 0}}},
     2},
    {0x12,
     "add.fx8, sub.fx8, min.fx8, max.fx8",
     PredCodec::P2b,
     "{opcode2}",
     {{{"opcode2", {{{1, 5, 4}}}, 1, {"add.fx8", "sub.fx8", "min.fx8", "max.fx8"}}}},
     1,
     {{{2, 0, 0}}},
     1},
    {0x13, "mad.u8", PredCodec::P2b, "mad.u8"},
    {0x14, "mad", PredCodec::P2b, "mad"},
    {0x15, "mad", PredCodec::P2b, "mad"},
    {0x16, "this group only contains illegal instructions", PredCodec::P3b, "", {}, 0, {}, 0, "illegal"},
    {0x17, "this group only contains illegal instructions", PredCodec::P3b, "", {}, 0, {}, 0, "illegal"},
    {0x18, "this group only contains illegal instructions", PredCodec::P3b, "", {}, 0, {}, 0, "illegal"},
    {0x19, "mad.u8", PredCodec::P2b, "mad.u8"},
    {0x1a, "mad", PredCodec::P3b, "mad", {}, 0, {{{1, 5, 0}}}, 1},
    {0x1b, "this group only contains illegal instructions", PredCodec::P3b, "", {}, 0, {}, 0, "illegal"},
    {0x1c,
     "tex",
     PredCodec::P3b,
     "tex{dim}{func}{data_format}",
     {{{"dim", {{{2, 3, 2}}}, 1, {"1D", "2D", "Cube", X}},
       {"func", {{{2, 1, 0}}}, 1, {"", "Bias", "Replace", "Grad"}},
       {"data_format", {{{2, 7, 6}}}, 1, {"", X, ".f16", ".f32"}}}},
     3},
    {0x1d,
     "lda32, ldl32, ldt32",
     PredCodec::P3b,
     "{opcode2}",
     {{{"opcode2", {{{2, 3, 2}}}, 1, {"lda32", "ldl32", "ldt32", X}}}},
     1},
    {0x1e,
     "sta32, stl32, stt32",
     PredCodec::P3b,
     "{opcode2}",
     {{{"opcode2", {{{2, 3, 2}}}, 1, {"sta32", "stl32", "stt32", X}}}},
     1},
}};
#pragma GCC diagnostic pop
// Group 0x1f (0xF8000000-0xFF000000: ba, mov, kill, pcoeff, ptoff, depthf) is given as glued
// truth tables over the predicate and several split opcode fields; it is not decoded.

std::uint64_t range_mask(const BitRange& r) {
    std::uint64_t m = 0;
    for (unsigned b = r.lo; b <= r.hi; ++b) m |= std::uint64_t{1} << bit_of(r.byte, b);
    return m;
}

// Writes `v` into the field's bits (parts in order, first part most significant).
std::uint64_t place(const EnumField& f, unsigned v) {
    std::uint64_t out = 0;
    unsigned shift = 0;
    for (int p = f.part_count - 1; p >= 0; --p) {
        const BitRange& r = f.parts[static_cast<unsigned>(p)];
        for (unsigned b = r.lo; b <= r.hi; ++b, ++shift) {
            if ((v >> shift) & 1u) out |= std::uint64_t{1} << bit_of(r.byte, b);
        }
    }
    return out;
}

unsigned field_values(const EnumField& f) {
    unsigned bits = 0;
    for (unsigned p = 0; p < f.part_count; ++p) bits += f.parts[p].hi - f.parts[p].lo + 1u;
    return 1u << bits;
}

void expand(const Group& g, const std::string& text, std::uint64_t mask, std::uint64_t value, std::vector<Row>& out) {
    const std::size_t open = text.find('{');
    if (open == std::string::npos) {
        out.push_back({&g, text, mask, value});
        return;
    }
    const std::size_t close = text.find('}', open);
    const std::string label = text.substr(open + 1, close - open - 1);
    for (unsigned i = 0; i < g.field_count; ++i) {
        const EnumField& f = g.fields[i];
        if (f.label != label) continue;
        std::uint64_t fmask = 0;
        for (unsigned p = 0; p < f.part_count; ++p) fmask |= range_mask(f.parts[p]);
        for (unsigned v = 0; v < field_values(f); ++v) {
            if (f.names[v] == X) continue;
            const std::string next = text.substr(0, open) + std::string(f.names[v]) + text.substr(close + 1);
            expand(g, next, mask | fmask, value | place(f, v), out);
        }
    }
}

std::vector<Row> build_rows() {
    std::vector<Row> out;
    for (const Group& g : kGroups) {
        if (!g.not_decoded.empty()) continue;
        std::uint64_t mask = std::uint64_t{0x1f} << 59, value = std::uint64_t{g.opcode1} << 59;
        for (unsigned i = 0; i < g.fixed_count; ++i) {
            const std::uint64_t bit = std::uint64_t{1} << bit_of(g.fixed[i].byte, g.fixed[i].bit);
            mask |= bit;
            if (g.fixed[i].value) value |= bit;
        }
        expand(g, std::string(g.format), mask, value, out);
    }
    // The same text in two groups (mad in 0x00/0xa0/0xa8/0xd0, ...): tag it with its group.
    std::map<std::string, int> count;
    for (const Row& r : out) ++count[r.text];
    for (Row& r : out) {
        if (count[r.text] > 1) r.text += fmt::format("{{0x{:02x}}}", r.group->opcode1 << 3);
    }
    return out;
}

constexpr std::array<std::string_view, 4> kP2a{"", "p0", "!p0", "Pn"};
constexpr std::array<std::string_view, 4> kP2b{"", "p0", "p1", "!p0"};
constexpr std::array<std::string_view, 8> kP3a{"", "p0", "p1", "p2", "!p0", "!p1", "!p2", "Pn"};
constexpr std::array<std::string_view, 8> kP3b{"", "p0", "p1", "p2", "p3", "!p0", "!p1", "Pn"};

}  // namespace

std::span<const Group> groups() { return kGroups; }

const std::vector<Row>& rows() {
    static const std::vector<Row> all = build_rows();
    return all;
}

std::span<const std::string_view> predicate_names(PredCodec c) {
    switch (c) {
        case PredCodec::P2a: return kP2a;
        case PredCodec::P2b: return kP2b;
        case PredCodec::P3a: return kP3a;
        case PredCodec::P3b: return kP3b;
    }
    return {};
}

unsigned predicate_shift(PredCodec c) { return bit_of(0, c == PredCodec::P2b ? 1 : 0); }

std::uint64_t predicate_mask(PredCodec c) {
    const std::uint64_t n = predicate_names(c).size() - 1;
    return n << predicate_shift(c);
}

}  // namespace fgtlm::isa::usse
