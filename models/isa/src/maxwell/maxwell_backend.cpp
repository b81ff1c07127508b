// Maxwell back end. The seed gives opcode bits only, so an instruction decodes to its form
// and keeps every other bit as `unknown(0x...)`: `FADD_reg unknown(0x00000000000a0b0c) ;`.
// Where patterns overlap (LD `100-` contains IMAD32I `1000 00--`), the form with the most
// fixed bits wins; the seed has no two overlapping forms with as many fixed bits (tested).
#include "../common/backends.hpp"
#include "../common/text.hpp"
#include "maxwell_table.hpp"

#include <fmt/format.h>

#include <bit>

namespace fgtlm::isa {
namespace {

const maxwell::Form* match(std::uint64_t w) {
    const maxwell::Form* best = nullptr;
    int best_bits = -1;
    for (const maxwell::Form& f : maxwell::forms()) {
        const maxwell::Pattern p = maxwell::parse_pattern(f.bits);
        if ((w & p.mask) != p.value) continue;
        const int n = std::popcount(p.mask);
        if (n > best_bits) {
            best = &f;
            best_bits = n;
        }
    }
    return best;
}

class MaxwellBackend final : public IsaBackend {
public:
    std::string_view name() const override { return "maxwell"; }
    std::string_view title() const override { return "NVIDIA Maxwell opcode table (every form), nvdisasm-style text"; }
    std::string_view seed() const override { return "004_2970d9da75413c85.txt"; }
    std::string_view coverage() const override {
        return "all 279 forms by opcode bits 48-63; operands, guard predicate and control words unknown";
    }

    IsaDecoded disassemble_one(std::span<const std::uint32_t> words, std::uint32_t) const override {
        IsaDecoded d;
        if (!have_two_words(words, "a Maxwell instruction is 64 bits: second word missing", d)) return d;
        const std::uint64_t w = words[0] | (static_cast<std::uint64_t>(words[1]) << 32);
        const maxwell::Form* f = match(w);
        if (f == nullptr) {
            d.error = fmt::format("unknown: opcode bits 0x{:04x} match no form of the seed", w >> 48);
            return d;
        }
        const maxwell::Pattern p = maxwell::parse_pattern(f->bits);
        d.text = fmt::format("{} unknown(0x{:016x}) ;", f->name, w & ~p.mask);
        return d;
    }

    IsaEncoded assemble_one(std::string_view line) const override {
        IsaEncoded e;
        const text::Statement st = text::split_statement(text::strip_semicolon(line));
        const maxwell::Form* form = nullptr;
        for (const maxwell::Form& f : maxwell::forms()) {
            if (text::iequals(f.name, st.mnemonic)) form = &f;
        }
        if (form == nullptr) {
            e.error = fmt::format("'{}' is not a Maxwell form of the seed (e.g. FADD_reg, EXIT)", st.mnemonic);
            return e;
        }
        const maxwell::Pattern p = maxwell::parse_pattern(form->bits);
        std::uint64_t rest = 0;
        if (!st.operands.empty()) {
            const std::string_view op = st.operands[0];
            e.column = st.columns[0];
            const bool wrapped = op.size() > 9 && text::iequals(op.substr(0, 8), "unknown(") && op.back() == ')';
            const auto v = wrapped ? text::parse_int(op.substr(8, op.size() - 9)) : std::nullopt;
            if (st.operands.size() != 1 || !v) {
                e.error = "operands are unknown in the seed: write unknown(0x<bits outside the opcode>)";
                return e;
            }
            rest = static_cast<std::uint64_t>(*v);
            if ((rest & p.mask) != 0) {
                e.error =
                    fmt::format("unknown(0x{:x}) sets opcode bits of {} (mask 0x{:016x})", rest, form->name, p.mask);
                return e;
            }
        }
        const std::uint64_t w = p.value | rest;
        if (const maxwell::Form* got = match(w); got != form) {
            e.error = fmt::format("these bits decode as {} (a form with more fixed opcode bits), not {}", got->name,
                                  form->name);
            return e;
        }
        e.column = 0;
        e.words = {static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(w >> 32)};
        return e;
    }
};

}  // namespace

const IsaBackend& maxwell_backend() {
    static const MaxwellBackend b;
    return b;
}

}  // namespace fgtlm::isa
