// Fermi back end: decode/encode by the template rows of fermi_table.cpp, asfermi syntax
// (`S2R R0, SR_Tid_X;`, `CCTL.E.U.WB R1, [R2+0x10];`, `PSETP.AND.OR P0, P1, !P2, P3;`).
#include "../common/backends.hpp"
#include "../common/text.hpp"
#include "fermi_table.hpp"

#include <fmt/format.h>

#include <optional>
#include <vector>

namespace fgtlm::isa {
namespace {

using fermi::Field;
using fermi::FieldKind;
using fermi::Row;

std::uint64_t field_mask(const Field& f) { return ((std::uint64_t{1} << f.width) - 1) << f.lo; }
std::uint64_t get(std::uint64_t w, const Field& f) { return (w & field_mask(f)) >> f.lo; }

const Field* find_field(const Row& r, std::string_view label) {
    for (unsigned i = 0; i < r.field_count; ++i) {
        if (r.fields[i].label == label) return &r.fields[i];
    }
    return nullptr;
}

std::uint64_t variable_mask(const Row& r) {
    std::uint64_t m = 0;
    for (unsigned i = 0; i < r.field_count; ++i) m |= field_mask(r.fields[i]);
    return m;
}

std::string reg_text(std::uint64_t v) { return v == 63 ? "RZ" : fmt::format("R{}", v); }
std::string pred_text(std::uint64_t v) { return v == 7 ? "PT" : fmt::format("P{}", v); }

std::string operand_text(const Row& r, std::string_view label, std::uint64_t w) {
    if (label == "[reg1+0xabcd]") {
        return fmt::format("[{}+0x{:x}]", reg_text(get(w, *find_field(r, "reg1"))), get(w, *find_field(r, "0xabcd")));
    }
    const Field& f = *find_field(r, label);
    const std::uint64_t v = get(w, f);
    switch (f.kind) {
        case FieldKind::Reg: return reg_text(v);
        case FieldKind::Pred: return pred_text(v);
        case FieldKind::NegPred: return ((v & 8) ? "!" : "") + pred_text(v & 7);
        case FieldKind::Special: {
            const std::string_view n = fermi::special_register_name(static_cast<unsigned>(v));
            return n.empty() ? fmt::format("SR{}", v) : std::string(n);
        }
        default: return fmt::format("0x{:x}", v);
    }
}

// Why a field value has no meaning in the seed, or "".
std::string check_value(const Field& f, std::uint64_t v) {
    if (f.kind == FieldKind::Modifier && (v >= f.names.size() || f.names[v] == "invalid" ||
                                          (v > 0 && f.names[v].empty()))) {
        return fmt::format("field {} = {} is invalid", f.label, v);
    }
    if (f.kind == FieldKind::Offset && v % f.align != 0) {
        return fmt::format("offset 0x{:x} is not a multiple of {}", v, f.align);
    }
    return {};
}

std::uint64_t template_value(const Row& r, const Field& f) { return get(fermi::parse_template(r.templ).bits, f); }

std::string format(const Row& r, std::uint64_t w) {
    std::string s(r.name);
    for (const std::string_view label : r.modifiers) {
        if (label.empty()) continue;
        const Field& f = *find_field(r, label);
        const std::string_view n = f.names[get(w, f)];
        if (!n.empty()) s += "." + std::string(n);
    }
    bool first = true;
    for (const std::string_view label : r.operands) {
        if (label.empty()) continue;
        const Field* f = find_field(r, label);
        if (f != nullptr && f->optional && get(w, *f) == template_value(r, *f)) continue;
        s += first ? " " : ", ";
        first = false;
        s += operand_text(r, label, w);
    }
    return s + ";";
}

std::optional<std::uint64_t> parse_numbered(std::string_view t, std::string_view prefix, std::string_view top_name,
                                            unsigned top, unsigned max) {
    if (text::iequals(t, top_name)) return top;
    if (t.size() <= prefix.size() || !text::iequals(t.substr(0, prefix.size()), prefix)) return std::nullopt;
    const auto n = text::parse_int(t.substr(prefix.size()));
    if (!n || *n < 0 || static_cast<std::uint64_t>(*n) > max ||
        t.substr(prefix.size()).find_first_not_of("0123456789") != std::string_view::npos) {
        return std::nullopt;
    }
    return static_cast<std::uint64_t>(*n);
}

// Parses one operand into `w` (fields already cleared); returns an error or "".
std::string parse_operand(const Row& r, std::string_view label, std::string_view t, std::uint64_t& w) {
    const auto put = [&](const Field& f, std::uint64_t v) { w = (w & ~field_mask(f)) | (v << f.lo); };
    if (label == "[reg1+0xabcd]") {
        if (t.size() < 2 || t.front() != '[' || t.back() != ']')
            return fmt::format("expected [Rn+offset], got '{}'", t);
        const std::string_view in = t.substr(1, t.size() - 2);
        const std::size_t plus = in.find('+');
        const auto reg = parse_numbered(text::trim(in.substr(0, plus)), "R", "RZ", 63, 62);
        if (!reg) return fmt::format("expected a register in '{}'", t);
        std::int64_t off = 0;
        if (plus != std::string_view::npos) {
            const auto o = text::parse_int(in.substr(plus + 1));
            if (!o) return fmt::format("bad offset in '{}'", t);
            off = *o;
        }
        const Field& of = *find_field(r, "0xabcd");
        if (off < 0 || static_cast<std::uint64_t>(off) >= (std::uint64_t{1} << of.width)) {
            return fmt::format("offset {} does not fit in {} bits", off, of.width);
        }
        if (off % of.align != 0) return fmt::format("offset {} is not a multiple of {}", off, of.align);
        put(*find_field(r, "reg1"), *reg);
        put(of, static_cast<std::uint64_t>(off));
        return {};
    }
    const Field& f = *find_field(r, label);
    std::optional<std::uint64_t> v;
    switch (f.kind) {
        case FieldKind::Reg: v = parse_numbered(t, "R", "RZ", 63, 62); break;
        case FieldKind::Pred: v = parse_numbered(t, "P", "PT", 7, 6); break;
        case FieldKind::NegPred: {
            const bool neg = !t.empty() && t.front() == '!';
            v = parse_numbered(text::trim(neg ? t.substr(1) : t), "P", "PT", 7, 6);
            if (v && neg) *v |= 8;
            break;
        }
        case FieldKind::Special:
            for (const auto& [value, name] : fermi::special_registers()) {
                if (text::iequals(name, t)) v = value;
            }
            if (!v) v = parse_numbered(t, "SR", "", 0, 255);
            break;
        default: break;
    }
    if (!v) return fmt::format("'{}' is not a valid {} operand", t, label);
    put(f, *v);
    return {};
}

// Applies the `.X.Y` suffixes of `mnemonic` (after `dot`) to `w`, in print order; a modifier
// left out keeps its template value (0). Returns an error or "".
std::string apply_modifiers(const Row& row, const std::string& mn, std::size_t dot, std::uint64_t& w) {
    std::size_t next = 0;
    std::vector<bool> given(row.modifiers.size(), false);
    for (std::size_t p = dot; p != std::string::npos && p < mn.size();) {
        const std::size_t q = mn.find('.', p + 1);
        const std::string suffix = mn.substr(p + 1, q == std::string::npos ? std::string::npos : q - p - 1);
        bool found = false;
        for (std::size_t k = next; k < row.modifiers.size() && !found; ++k) {
            if (row.modifiers[k].empty()) continue;
            const Field& f = *find_field(row, row.modifiers[k]);
            for (std::size_t v = 0; v < f.names.size() && !found; ++v) {
                if (f.names[v].empty() || f.names[v] == "invalid" || !text::iequals(f.names[v], suffix)) continue;
                w = (w & ~field_mask(f)) | (std::uint64_t{v} << f.lo);
                given[k] = true;
                next = k + 1;
                found = true;
            }
        }
        if (!found) return fmt::format("'.{}' is not a modifier of {} here", suffix, row.name);
        p = q;
    }
    for (std::size_t k = 0; k < row.modifiers.size(); ++k) {
        if (row.modifiers[k].empty() || given[k]) continue;
        const Field& f = *find_field(row, row.modifiers[k]);
        if (!f.names[0].empty() && !f.optional) {
            return fmt::format("{} needs a .{} modifier ({}, ...)", row.name, f.label, f.names[0]);
        }
    }
    return {};
}

// "" if `given` operands fit the row (its optional trailing operands may be left out).
std::string check_operand_count(const Row& row, std::size_t given) {
    std::size_t total = 0, required = 0;
    for (const std::string_view label : row.operands) {
        if (label.empty()) continue;
        ++total;
        const Field* f = find_field(row, label);
        if (f == nullptr || !f->optional) ++required;
    }
    if (given >= required && given <= total) return {};
    return fmt::format("{} takes {} operands, got {}", row.name,
                       required == total ? fmt::format("{}", total) : fmt::format("{}-{}", required, total), given);
}

IsaEncoded assemble(std::string_view line) {
    IsaEncoded e;
    const text::Statement st = text::split_statement(text::strip_semicolon(line));
    const std::string mn(st.mnemonic);
    const std::size_t dot = mn.find('.');
    const std::string base = mn.substr(0, dot);
    const Row* row = nullptr;
    for (const Row& r : fermi::rows()) {
        if (text::iequals(r.name, base)) row = &r;
    }
    if (row == nullptr) {
        e.error = fmt::format("'{}' is not a Fermi instruction of the seed (S2R, LEPC, CCTL, CCTLL, PSETP)", base);
        return e;
    }
    std::uint64_t w = fermi::parse_template(row->templ).bits;
    e.error = apply_modifiers(*row, mn, dot, w);
    if (e.error.empty()) e.error = check_operand_count(*row, st.operands.size());
    if (!e.error.empty()) {
        e.column = st.mnemonic_column;
        return e;
    }
    for (std::size_t k = 0; k < st.operands.size(); ++k) {
        e.error = parse_operand(*row, row->operands[k], st.operands[k], w);
        if (!e.error.empty()) {
            e.column = st.columns[k];
            return e;
        }
    }
    e.words = {static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(w >> 32)};
    return e;
}

class FermiBackend final : public IsaBackend {
public:
    std::string_view name() const override { return "fermi"; }
    std::string_view title() const override {
        return "NVIDIA Fermi (asfermi notes: S2R, LEPC, CCTL, CCTLL, PSETP), asfermi syntax";
    }
    std::string_view seed() const override { return "001_a0296078d91cc189.txt"; }
    std::string_view coverage() const override {
        return "S2R (every SR), LEPC, CCTL, CCTLL, PSETP with their templates' fields; bits the seed leaves unlabelled "
               "(guard predicate, other opcodes) are unknown";
    }

    IsaDecoded disassemble_one(std::span<const std::uint32_t> words, std::uint32_t) const override {
        IsaDecoded d;
        if (!have_two_words(words, "a Fermi instruction is 64 bits: second word missing", d)) return d;
        const std::uint64_t w = words[0] | (static_cast<std::uint64_t>(words[1]) << 32);
        for (const Row& r : fermi::rows()) {
            const std::uint64_t var = variable_mask(r);
            if ((w & ~var) != (fermi::parse_template(r.templ).bits & ~var)) continue;
            for (unsigned i = 0; i < r.field_count; ++i) {
                const std::string err = check_value(r.fields[i], get(w, r.fields[i]));
                if (!err.empty()) {
                    d.error = fmt::format("{}: {}", r.name, err);
                    return d;
                }
            }
            d.text = format(r, w);
            return d;
        }
        d.error = "unknown: matches no instruction template of the seed";
        return d;
    }

    IsaEncoded assemble_one(std::string_view text) const override { return assemble(text); }
};

}  // namespace

const IsaBackend& fermi_backend() {
    static const FermiBackend b;
    return b;
}

}  // namespace fgtlm::isa
