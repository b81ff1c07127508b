// Seed-003 shader back end: `[predicate ]mnemonic unknown(0x...)`, e.g.
// `!p0 cmov.ltzero.f16 unknown(0x0000001200345678)`. The predicate precedes the instruction
// as in the seed's notation; unknown(...) holds every bit of the 64-bit value
// (word0 << 32 | word1) that the seed's tables do not decode (operands, unnamed modifiers).
#include "../common/backends.hpp"
#include "../common/text.hpp"
#include "usse_table.hpp"

#include <fmt/format.h>

namespace fgtlm::isa {
namespace {

using usse::Row;

const usse::Group& group_of(std::uint64_t v) {
    const unsigned op1 = static_cast<unsigned>(v >> 59);
    for (const usse::Group& g : usse::groups()) {
        if (g.opcode1 == op1) return g;
    }
    static const usse::Group glued{0x1f, "ba, mov, kill, pcoeff, ptoff, depthf", usse::PredCodec::P3b, "", {}, 0, {}, 0,
                                   "group 0xF8000000-0xFF000000 (glued truth tables) is not decoded"};
    return glued;
}

// Removes a leading predicate (p0-p3, !p0-!p3, Pn) from `body` and returns it ("" if none).
std::string_view take_predicate(std::string_view& body) {
    const std::size_t sp = body.find_first_of(" \t");
    if (sp == std::string_view::npos) return {};
    const std::string_view first = body.substr(0, sp);
    const std::string_view p = first.substr(first.starts_with('!') ? 1 : 0);
    const bool is_pred = first == "Pn" || (p.size() == 2 && p[0] == 'p' && p[1] >= '0' && p[1] <= '3');
    if (!is_pred) return {};
    body = text::trim(body.substr(sp));
    return first;
}

class UsseBackend final : public IsaBackend {
public:
    std::string_view name() const override { return "usse"; }
    std::string_view title() const override {
        return "8-byte shader ISA of seed 003 (pa/sa/o/r, p0-p3, f32/f16/fx10; PowerVR USSE-like)";
    }
    std::string_view seed() const override { return "003_033f4495455d0de9.txt"; }
    std::string_view coverage() const override {
        return "opcode groups 0x00-0xF0, predicates, opcode2/op_sel/cond/data_format/dim/func where tabled; operands, "
               "untabled modifiers and group 0xF8 unknown";
    }

    IsaDecoded disassemble_one(std::span<const std::uint32_t> words, std::uint32_t) const override {
        IsaDecoded d;
        if (!have_two_words(words, "an instruction of this ISA is 8 bytes: second word missing", d)) return d;
        const std::uint64_t v = (static_cast<std::uint64_t>(words[0]) << 32) | words[1];
        const usse::Group& g = group_of(v);
        if (!g.not_decoded.empty()) {
            d.error = g.not_decoded == "illegal"
                          ? fmt::format("group 0x{:02x}: the seed lists only illegal instructions", g.opcode1 << 3)
                          : std::string(g.not_decoded);
            return d;
        }
        for (const Row& r : usse::rows()) {
            if (r.group != &g || (v & r.mask) != r.value) continue;
            const std::uint64_t pmask = usse::predicate_mask(g.pred);
            const std::string_view pred = usse::predicate_names(g.pred)[(v & pmask) >> usse::predicate_shift(g.pred)];
            d.text = fmt::format("{}{}{} unknown(0x{:016x})", pred, pred.empty() ? "" : " ", r.text,
                                 v & ~(r.mask | pmask));
            return d;
        }
        d.error = fmt::format("group 0x{:02x} ({}): a field value the seed marks invalid or an invalid fixed bit",
                              g.opcode1 << 3, g.instructions);
        return d;
    }

    IsaEncoded assemble_one(std::string_view line) const override {
        IsaEncoded e;
        std::string_view body = text::strip_semicolon(line);
        const std::string_view pred = take_predicate(body);
        const text::Statement st = text::split_statement(body);
        const Row* row = nullptr;
        for (const Row& r : usse::rows()) {
            if (r.text == st.mnemonic) row = &r;
        }
        if (row == nullptr) {
            e.error = fmt::format("'{}' is not an instruction of seed 003 that the tables encode", st.mnemonic);
            e.column = text::column_of(line, st.mnemonic);
            return e;
        }
        const usse::PredCodec pc = row->group->pred;
        const auto names = usse::predicate_names(pc);
        std::uint64_t pv = names.size();
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (names[i] == pred) pv = i;
        }
        if (pv == names.size()) {
            e.error = fmt::format("predicate '{}' has no encoding in group 0x{:02x}", pred, row->group->opcode1 << 3);
            return e;
        }
        std::uint64_t rest = 0;
        if (!st.operands.empty()) {
            const std::string_view op = st.operands[0];
            const bool wrapped = op.size() > 9 && op.substr(0, 8) == "unknown(" && op.back() == ')';
            const auto val = wrapped ? text::parse_int(op.substr(8, op.size() - 9)) : std::nullopt;
            e.column = text::column_of(line, op);
            if (st.operands.size() != 1 || !val) {
                e.error = "operands are not decoded by the seed: write unknown(0x<64-bit value>)";
                return e;
            }
            rest = static_cast<std::uint64_t>(*val);
            if ((rest & (row->mask | usse::predicate_mask(pc))) != 0) {
                e.error = fmt::format("unknown(0x{:x}) overlaps bits the mnemonic or predicate encode", rest);
                return e;
            }
        }
        const std::uint64_t v = row->value | (pv << usse::predicate_shift(pc)) | rest;
        e.column = 0;
        e.words = {static_cast<std::uint32_t>(v >> 32), static_cast<std::uint32_t>(v)};
        return e;
    }
};

}  // namespace

const IsaBackend& usse_backend() {
    static const UsseBackend b;
    return b;
}

}  // namespace fgtlm::isa
