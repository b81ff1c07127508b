// Text of one instruction -> Instruction (the inverse of disassemble()).
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/disassembler.hpp>

#include "format_table.hpp"

#include <cctype>
#include <optional>

namespace fgtlm::isa {
namespace {

struct ParseError {
    std::string message;
    std::uint32_t column;
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// A cursor over one operand's text; positions are offsets into the whole instruction text.
struct Cursor {
    std::string_view s;
    std::size_t i = 0;
    std::uint32_t base = 0;  // offset of s in the instruction text

    void skip_ws() {
        while (i < s.size() && is_space(s[i])) ++i;
    }
    [[nodiscard]] bool done() {
        skip_ws();
        return i >= s.size();
    }
    [[nodiscard]] std::uint32_t col() const { return base + static_cast<std::uint32_t>(i); }
    bool eat(char c) {
        skip_ws();
        if (i < s.size() && s[i] == c) {
            ++i;
            return true;
        }
        return false;
    }
    bool eat_word(std::string_view w) {
        skip_ws();
        if (s.substr(i, w.size()) == w) {
            i += w.size();
            return true;
        }
        return false;
    }
    [[nodiscard]] ParseError error(std::string msg) const { return {std::move(msg), col()}; }
};

std::optional<std::uint64_t> parse_number(Cursor& c) {
    c.skip_ws();
    const std::size_t start = c.i;
    std::uint64_t v = 0;
    int digits = 0;
    if (c.s.substr(c.i, 2) == "0x" || c.s.substr(c.i, 2) == "0X") {
        c.i += 2;
        while (c.i < c.s.size() && std::isxdigit(static_cast<unsigned char>(c.s[c.i])) && digits < 17) {
            const char ch = static_cast<char>(std::tolower(static_cast<unsigned char>(c.s[c.i])));
            v = v * 16 + static_cast<std::uint64_t>(ch <= '9' ? ch - '0' : ch - 'a' + 10);
            ++c.i;
            ++digits;
        }
    } else {
        while (c.i < c.s.size() && std::isdigit(static_cast<unsigned char>(c.s[c.i])) && digits < 20) {
            v = v * 10 + static_cast<std::uint64_t>(c.s[c.i] - '0');
            ++c.i;
            ++digits;
        }
    }
    if (digits == 0 || digits > 16 || v > 0xffffffffull) {
        c.i = start;
        return std::nullopt;
    }
    return v;
}

std::string_view ident(Cursor& c) {
    c.skip_ws();
    const std::size_t start = c.i;
    while (c.i < c.s.size() && (std::isalnum(static_cast<unsigned char>(c.s[c.i])) || c.s[c.i] == '_' || c.s[c.i] == '.' || c.s[c.i] == '$')) {
        ++c.i;
    }
    return c.s.substr(start, c.i - start);
}

std::optional<DataType> type_from(std::string_view t) {
    static constexpr DataType kAll[] = {DataType::U8, DataType::S8, DataType::U16, DataType::S16, DataType::U32,
                                        DataType::S32, DataType::U64, DataType::U128, DataType::F16, DataType::F32,
                                        DataType::F64, DataType::U24, DataType::S24};
    for (DataType d : kAll) {
        if (type_name(d) == t) return d;
    }
    return std::nullopt;
}

std::optional<Condition> condition_from(std::string_view t) {
    if (t == "TRUE") return Condition::TR;  // some listings spell "always" this way
    for (int i = 0; i < 32; ++i) {
        const auto c = static_cast<Condition>(i);
        if (!condition_name(c).empty() && condition_name(c) == t) return c;
    }
    return std::nullopt;
}

// Register name R<n>[L|H] / A<n>; returns false when `w` is not such a name.
bool register_from(std::string_view w, Operand& op) {
    if (w.size() < 2 || (w[0] != 'R' && w[0] != 'A')) return false;
    std::size_t end = w.size();
    OperandKind kind = w[0] == 'A' ? OperandKind::AddrReg : OperandKind::Reg;
    if (w[0] == 'R' && (w.back() == 'L' || w.back() == 'H')) {
        kind = w.back() == 'L' ? OperandKind::RegLo : OperandKind::RegHi;
        --end;
    }
    unsigned v = 0;
    if (end <= 1 || end > 4) return false;
    for (std::size_t i = 1; i < end; ++i) {
        if (!std::isdigit(static_cast<unsigned char>(w[i]))) return false;
        v = v * 10 + static_cast<unsigned>(w[i] - '0');
    }
    if (v > 127 || (kind == OperandKind::AddrReg && v > 7)) return false;
    op.kind = kind;
    op.reg = static_cast<std::uint8_t>(v);
    return true;
}

// "[A1+0x4]" or "[0x4]" after g / c[bank].
std::optional<ParseError> index_part(Cursor& c, Operand& op) {
    if (!c.eat('[')) return c.error("expected '['");
    c.skip_ws();
    if (c.i < c.s.size() && c.s[c.i] == 'A') {
        const std::size_t save = c.i;
        std::string_view w;
        ++c.i;
        while (c.i < c.s.size() && std::isdigit(static_cast<unsigned char>(c.s[c.i]))) ++c.i;
        w = c.s.substr(save, c.i - save);
        Operand a;
        if (!register_from(w, a) || a.kind != OperandKind::AddrReg) return ParseError{"bad address register", c.base + static_cast<std::uint32_t>(save)};
        op.areg = a.reg;
        if (!c.eat('+')) return c.error("expected '+' after the address register");
        if (c.i < c.s.size() && c.s[c.i] == '=') {  // c[b][A1+=0x1]: post-increment
            ++c.i;
            op.post_inc = true;
        }
    }
    const auto v = parse_number(c);
    if (!v) return c.error("expected an offset");
    op.value = static_cast<std::uint32_t>(*v);
    if (!c.eat(']')) return c.error("expected ']'");
    return std::nullopt;
}

std::optional<ParseError> type_suffix(Cursor& c, Operand& op) {
    if (c.i < c.s.size() && c.s[c.i] == '.') {
        ++c.i;
        const std::size_t at = c.i;
        const std::string_view t = ident(c);
        const auto d = type_from(t);
        if (!d) return ParseError{"unknown type '." + std::string(t) + "'", c.base + static_cast<std::uint32_t>(at)};
        op.type = *d;
    }
    return std::nullopt;
}

// Parsed operand: either an Operand, or a bare word (label, compare name, b0, Cn.COND).
struct Item {
    Operand op;
    std::string word;
    std::uint32_t column = 0;
    bool has_guard = false;
    std::uint8_t guard_reg = 0;
    Condition guard = Condition::TR;
};

std::optional<ParseError> parse_operand(Cursor& c, Item& item) {
    c.skip_ws();
    item.column = c.col();
    Operand& op = item.op;
    bool neg = false;
    bool inv = false;
    bool abs = false;
    if (c.eat('-')) neg = true;
    if (c.eat('~')) inv = true;
    if (c.eat('|')) abs = true;
    c.skip_ws();
    const std::size_t at = c.i;
    if (c.i < c.s.size() && std::isdigit(static_cast<unsigned char>(c.s[c.i]))) {
        const auto v = parse_number(c);
        if (!v) return c.error("bad number");
        op.kind = OperandKind::Immediate;
        op.value = neg ? 0u - static_cast<std::uint32_t>(*v) : static_cast<std::uint32_t>(*v);
        neg = false;
    } else {
        const std::string_view w = ident(c);
        if (w.empty()) return c.error("expected an operand");
        if (w == "g") {
            op.kind = OperandKind::Shared;
            op.type = DataType::U32;
            if (auto e = index_part(c, op)) return e;
            if (auto e = type_suffix(c, op)) return e;
        } else if (w == "c") {
            op.kind = OperandKind::Const;
            op.type = DataType::U32;
            if (!c.eat('[')) return c.error("expected '[' after c");
            const auto bank = parse_number(c);
            if (!bank || *bank > 15) return c.error("expected a constant bank 0x0-0xf");
            op.bank = static_cast<std::uint8_t>(*bank);
            if (!c.eat(']')) return c.error("expected ']'");
            if (auto e = index_part(c, op)) return e;
            if (auto e = type_suffix(c, op)) return e;
        } else if (w == "l") {
            op.kind = OperandKind::Local;
            op.type = DataType::U32;
            if (auto e = index_part(c, op)) return e;
        } else if (w.size() >= 3 && w.substr(0, 2) == "SR" && std::isdigit(static_cast<unsigned char>(w[2]))) {
            unsigned v = 0;
            for (char ch : w.substr(2)) {
                if (!std::isdigit(static_cast<unsigned char>(ch)) || v > 127) return ParseError{"bad special register", c.base + static_cast<std::uint32_t>(at)};
                v = v * 10 + static_cast<unsigned>(ch - '0');
            }
            if (v > 127) return ParseError{"special register > SR127", c.base + static_cast<std::uint32_t>(at)};
            op.kind = OperandKind::Special;
            op.value = v;
        } else if (w.size() == 2 && w[0] == 'C' && w[1] >= '0' && w[1] <= '3') {
            op.kind = OperandKind::Predicate;
            op.reg = static_cast<std::uint8_t>(w[1] - '0');
        } else if (w == "o") {
            op.kind = OperandKind::Output;
            if (!c.eat('[')) return c.error("expected '[' after o");
            const auto v = parse_number(c);
            if (!v || *v > 127) return c.error("expected o[0x7f]");
            op.value = static_cast<std::uint32_t>(*v);
            if (!c.eat(']')) return c.error("expected ']'");
        } else if (w.substr(0, 6) == "global" && w.size() > 6) {
            unsigned seg = 0;
            for (char ch : w.substr(6)) {
                if (!std::isdigit(static_cast<unsigned char>(ch)) || seg > 63) return ParseError{"bad global segment", c.base + static_cast<std::uint32_t>(at)};
                seg = seg * 10 + static_cast<unsigned>(ch - '0');
            }
            if (seg > 63) return ParseError{"global segment > 63", c.base + static_cast<std::uint32_t>(at)};
            op.kind = OperandKind::Global;
            op.bank = static_cast<std::uint8_t>(seg);
            if (!c.eat('[')) return c.error("expected '[' after globalN");
            c.skip_ws();
            const std::size_t rat = c.i;
            Operand r;
            if (!register_from(ident(c), r) || r.kind != OperandKind::Reg) {
                return ParseError{"expected an address register Rn", c.base + static_cast<std::uint32_t>(rat)};
            }
            op.reg = r.reg;
            if (!c.eat(']')) return c.error("expected ']'");
        } else if (register_from(w, op)) {
        } else {
            item.word = std::string(w);
        }
    }
    if (abs && !c.eat('|')) return c.error("expected closing '|'");
    if ((neg || inv || abs) && !item.word.empty()) return ParseError{"modifier on a name", item.column};
    op.negate = neg;
    op.invert = inv;
    op.absolute = abs;
    // Guard after the first operand: "R0 (C0.EQU)".
    if (c.eat('(')) {
        c.skip_ws();
        const std::size_t gat = c.i;
        const std::string_view g = ident(c);
        const auto dot = g.find('.');
        if (g.size() < 4 || g[0] != 'C' || dot != 2 || g[1] < '0' || g[1] > '3') {
            return ParseError{"expected a guard like (C0.EQ)", c.base + static_cast<std::uint32_t>(gat)};
        }
        const auto cond = condition_from(g.substr(3));
        if (!cond) return ParseError{"unknown condition '" + std::string(g.substr(3)) + "'", c.base + static_cast<std::uint32_t>(gat + 3)};
        item.has_guard = true;
        item.guard_reg = static_cast<std::uint8_t>(g[1] - '0');
        item.guard = *cond;
        if (!c.eat(')')) return c.error("expected ')'");
    }
    if (!c.done()) return c.error("unexpected text after the operand");
    return std::nullopt;
}

// Split at top-level commas.
std::vector<Cursor> split_operands(std::string_view text, std::uint32_t base) {
    std::vector<Cursor> out;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const char ch = i < text.size() ? text[i] : ',';
        if (ch == '[' || ch == '(') ++depth;
        if (ch == ']' || ch == ')') --depth;
        if (ch == ',' && (depth <= 0 || i == text.size())) {  // unbalanced brackets: let the operand parser complain
            out.push_back(Cursor{text.substr(start, i - start), 0, base + static_cast<std::uint32_t>(start)});
            start = i + 1;
        }
    }
    if (out.size() == 1 && out[0].done()) out.clear();
    return out;
}

const detail::Spec* find_spec(std::string_view name) {
    for (const detail::Spec& s : detail::spec_table()) {
        if (s.name == name) return &s;
    }
    return nullptr;
}

std::optional<ParseError> build(ParsedInstruction& out, std::string_view text) {
    Instruction& in = out.inst;
    std::size_t p = 0;
    while (p < text.size() && is_space(text[p])) ++p;
    std::size_t q = p;
    while (q < text.size() && !is_space(text[q])) ++q;
    const std::string_view mnem = text.substr(p, q - p);
    if (mnem.empty()) return ParseError{"expected an instruction", static_cast<std::uint32_t>(p)};

    // Base name = the longest dotted prefix that names a table row (BAR.ARV.WAIT, CAL.NOINC).
    const detail::Spec* spec = nullptr;
    std::size_t base_len = 0;
    for (std::size_t end = mnem.size(); end > 0;) {
        if (const detail::Spec* s = find_spec(mnem.substr(0, end))) {
            spec = s;
            base_len = end;
            break;
        }
        const std::size_t dot = mnem.rfind('.', end - 1);
        if (dot == std::string_view::npos) break;
        end = dot;
    }
    if (!spec) return ParseError{"unknown mnemonic '" + std::string(mnem.substr(0, mnem.find('.'))) + "'", static_cast<std::uint32_t>(p)};
    in.op = spec->opcode;
    in.form = spec->form;

    // Modifiers.
    std::vector<DataType> types;
    bool bext = false;
    std::size_t m = base_len;
    while (m < mnem.size()) {
        const std::size_t next = mnem.find('.', m + 1);
        const std::string_view mod = mnem.substr(m + 1, (next == std::string_view::npos ? mnem.size() : next) - m - 1);
        const auto col = static_cast<std::uint32_t>(p + m + 1);
        if (mod == "S") {
            in.marker = Marker::Join;
        } else if (mod == "END") {  // end-of-program marker on an instruction that is not the last
            in.marker = Marker::End;
        } else if (mod.size() == 2 && mod[0] == 'C' && mod[1] >= '0' && mod[1] <= '3') {
            in.set_pred = true;
            in.set_pred_reg = static_cast<std::uint8_t>(mod[1] - '0');
        } else if (mod.size() == 6 && mod.substr(0, 5) == "CARRY" && mod[5] >= '0' && mod[5] <= '3') {
            in.carry_in = true;
            in.carry_in_reg = in.guard_reg = static_cast<std::uint8_t>(mod[5] - '0');
        } else if (auto t = type_from(mod)) {
            types.push_back(*t);
        } else if (mod == "BEXT") {
            bext = true;
        } else if (mod == "TRUNC") {
            in.rounding = Rounding::Trunc;
        } else if (mod == "FLOOR") {
            in.rounding = Rounding::Down;
        } else if (mod == "CEIL") {
            in.rounding = Rounding::Up;
        } else if (mod == "RNI" || mod == "RMI" || mod == "RPI" || mod == "RZI") {
            in.round_int = true;
            in.rounding = mod == "RNI" ? Rounding::Nearest : mod == "RMI" ? Rounding::Down : mod == "RPI" ? Rounding::Up : Rounding::Trunc;
        } else if (mod == "HI") {
            in.high = true;
        } else if (in.op == Opcode::TEX && mod.size() == 2 && mod[1] == 'D' && mod[0] >= '1' && mod[0] <= '3') {
            in.tex_dim = static_cast<std::uint8_t>(mod[0] - '0');
        } else if (mod == "SAT") {
            in.saturate = true;
        } else if (in.op == Opcode::LOP && (mod == "AND" || mod == "OR" || mod == "XOR" || mod == "PASS_B")) {
            in.lop = mod == "AND" ? LogicOp::AND : mod == "OR" ? LogicOp::OR : mod == "XOR" ? LogicOp::XOR : LogicOp::PASS_B;
        } else {
            return ParseError{"unknown modifier '." + std::string(mod) + "'", col};
        }
        if (next == std::string_view::npos) break;
        m = next;
    }

    // Types by family.
    const auto ntypes = types.size();
    const auto type_error = [&](const char* want) { return ParseError{std::string("expected ") + want + " on " + std::string(spec->name), static_cast<std::uint32_t>(p)}; };
    switch (in.op) {
        case Opcode::IMUL:
            if (ntypes == 0 || ntypes > 2 || (ntypes == 2 && types[0] != types[1])) return type_error("two equal source types (.U16.U16)");
            in.dtype = in.stype = types[0];
            break;
        case Opcode::IMAD:
            if (ntypes != 1) return type_error("one type (.U16 or .S16)");
            in.dtype = in.stype = types[0];
            break;
        case Opcode::I2I: case Opcode::I2F: case Opcode::F2I: case Opcode::F2F: case Opcode::R2G:
            if (ntypes != 2) return type_error("a destination and a source type");
            in.dtype = types[0];
            in.stype = types[1];
            if (bext) {
                if (in.stype == DataType::U16) in.stype = DataType::U8;
                else if (in.stype == DataType::S16) in.stype = DataType::S8;
                else return type_error(".U16.BEXT or .S16.BEXT");
            }
            break;
        case Opcode::GLD: case Opcode::GST: case Opcode::LLD: case Opcode::LST:
            if (ntypes != 1) return type_error("one access type");
            in.dtype = types[0];
            break;
        default:
            if (spec->types == detail::Types::Float) {
                if (ntypes != 0) return type_error("no type");
                in.dtype = DataType::F32;
            } else if (spec->types == detail::Types::None) {
                if (ntypes != 0) return type_error("no type");
            } else {
                if (ntypes > 1) return type_error("at most one type");
                in.dtype = ntypes == 1 ? types[0] : DataType::U32;
            }
            break;
    }
    if (bext && !(in.op == Opcode::I2I || in.op == Opcode::I2F)) return ParseError{".BEXT only applies to conversions", static_cast<std::uint32_t>(p)};

    // Operands.
    std::vector<Cursor> parts = split_operands(text.substr(q), static_cast<std::uint32_t>(q));
    std::vector<Item> items(parts.size());
    for (std::size_t i = 0; i < parts.size(); ++i) {
        // Flow-control guard "BRA C0.NE, 0x110" / "RET C0.NE": a bare Cn.COND word.
        const bool explicit_tr_row = in.op == Opcode::SSY || in.op == Opcode::CAL || in.op == Opcode::PBK;
        if (i == 0 && ((spec->flags & detail::kGuardPrefix) || explicit_tr_row)) {
            Cursor c = parts[i];
            c.skip_ws();
            const std::size_t at = c.i;
            const std::string_view w = ident(c);
            if (w.size() > 3 && w[0] == 'C' && w[1] >= '0' && w[1] <= '3' && w[2] == '.' && c.done()) {
                const auto cond = condition_from(w.substr(3));
                if (!cond) return ParseError{"unknown condition '" + std::string(w.substr(3)) + "'", parts[i].base + static_cast<std::uint32_t>(at) + 3};
                if (explicit_tr_row) {
                    if (w != "C0.TR") return ParseError{"only C0.TR (guard field = always) is encodable here", parts[i].base + static_cast<std::uint32_t>(at)};
                    in.explicit_tr = true;
                    items[i].word = "<guard>";
                    continue;
                }
                in.guard_reg = static_cast<std::uint8_t>(w[1] - '0');
                in.guard_cond = *cond;
                items[i].word = "<guard>";
                continue;
            }
        }
        if (auto e = parse_operand(parts[i], items[i])) return e;
        if (items[i].has_guard && i != 0) return ParseError{"a guard (Cn.COND) belongs after the first operand", items[i].column};
        if (items[i].has_guard) {
            in.guard_reg = items[i].guard_reg;
            in.guard_cond = items[i].guard;
        }
    }
    if (!items.empty() && items[0].word == "<guard>") items.erase(items.begin());
    const auto end_col = static_cast<std::uint32_t>(text.size());
    const auto count_error = [&](std::size_t want) {
        return ParseError{std::string(spec->name) + " expects " + std::to_string(want) + " operand(s), got " + std::to_string(items.size()),
                          items.size() > want ? items[want].column : end_col};
    };
    const auto need_op = [&](std::size_t i) -> std::optional<ParseError> {
        if (!items[i].word.empty()) return ParseError{"unexpected name '" + items[i].word + "'", items[i].column};
        return std::nullopt;
    };

    switch (in.op) {
        case Opcode::BRA: case Opcode::CAL: case Opcode::SSY: case Opcode::PBK: {
            if (items.size() != 1) return count_error(1);
            if (!items[0].word.empty()) {
                out.target_label = items[0].word;
            } else if (items[0].op.kind == OperandKind::Immediate) {
                in.target = items[0].op.value;
            } else {
                return ParseError{"expected a target address or label", items[0].column};
            }
            return std::nullopt;
        }
        case Opcode::RET: case Opcode::BRK: case Opcode::KIL: case Opcode::NOP: case Opcode::TRAP:
            if (!items.empty()) return count_error(0);
            return std::nullopt;
        case Opcode::BAR: {
            if (items.size() != 2) return count_error(2);
            const std::string& b = items[0].word;
            if (b.size() < 2 || b[0] != 'b' || b.size() > 3) return ParseError{"expected a barrier name like b0", items[0].column};
            unsigned id = 0;
            for (char ch : b.substr(1)) {
                if (!std::isdigit(static_cast<unsigned char>(ch))) return ParseError{"expected a barrier name like b0", items[0].column};
                id = id * 10 + static_cast<unsigned>(ch - '0');
            }
            in.target = id;
            if (items[1].op.kind != OperandKind::Immediate) return ParseError{"expected a thread count", items[1].column};
            in.bar_count = items[1].op.value;
            return std::nullopt;
        }
        case Opcode::TEX: {
            if (items.size() != 4) return count_error(4);
            if (items[0].op.kind != OperandKind::Reg) return ParseError{"expected the first coordinate/result register", items[0].column};
            in.dst = items[0].op;
            std::uint32_t v[3];
            for (int k = 0; k < 3; ++k) {
                if (items[k + 1].op.kind != OperandKind::Immediate) return ParseError{"expected a number (texture, sampler, mask)", items[k + 1].column};
                v[k] = items[k + 1].op.value;
            }
            if (v[0] > 127 || v[1] > 15 || v[2] > 15) return ParseError{"texture > 0x7f, sampler > 0xf or mask > 0xf", items[1].column};
            in.tex_unit = static_cast<std::uint8_t>(v[0]);
            in.tex_sampler = static_cast<std::uint8_t>(v[1]);
            in.tex_mask = static_cast<std::uint8_t>(v[2]);
            if (in.tex_dim == 0) return ParseError{"TEX needs .1D, .2D or .3D", static_cast<std::uint32_t>(p)};
            return std::nullopt;
        }
        default: break;
    }

    // dst, sources..., [trailing name for ISET/FSET/RRO]
    std::size_t n = items.size();
    if (in.op == Opcode::ISET || in.op == Opcode::FSET || in.op == Opcode::RRO) {
        if (n < 2) return count_error(in.op == Opcode::RRO ? 3 : 4);
        const Item& last = items[n - 1];
        if (in.op == Opcode::RRO) {
            if (last.word == "SIN") in.rro = RroKind::SinCos;
            else if (last.word == "EX2") in.rro = RroKind::Ex2;
            else return ParseError{"expected SIN or EX2", last.column};
        } else {
            bool found = false;
            for (int k = 0; k < 8; ++k) {
                if (compare_name(static_cast<CompareOp>(k)) == last.word) {
                    in.cmp = static_cast<CompareOp>(k);
                    found = true;
                }
            }
            if (!found) return ParseError{"expected a comparison (LT, EQ, LE, GT, NE, GE, FL, TR)", last.column};
        }
        --n;
    }
    if (n == 0) return ParseError{"missing operands", end_col};
    if (n > 4) return count_error(4);
    for (std::size_t i = 0; i < n; ++i) {
        if (auto e = need_op(i)) return e;
    }
    in.dst = items[0].op;
    in.num_src = static_cast<std::uint8_t>(n - 1);
    for (std::size_t i = 1; i < n; ++i) in.src[i - 1] = items[i].op;
    if (in.op == Opcode::R2A && in.num_src == 1) {
        in.num_src = 2;
        in.src[1] = Operand{};
        in.src[1].kind = OperandKind::Immediate;
    }
    if (in.op == Opcode::R2G && in.dst.kind == OperandKind::Shared) in.dst.type = in.dtype;
    if (in.op == Opcode::GLD && in.src[0].kind == OperandKind::Global) in.src[0].type = in.dtype;
    if (in.op == Opcode::LLD && in.src[0].kind == OperandKind::Local) in.src[0].type = in.dtype;
    if (in.op == Opcode::LST && in.dst.kind == OperandKind::Local) in.dst.type = in.dtype;
    if (in.op == Opcode::GST && in.dst.kind == OperandKind::Global) in.dst.type = in.dtype;
    return std::nullopt;
}

}  // namespace

ParsedInstruction parse_instruction(std::string_view text) {
    while (!text.empty() && (is_space(text.back()) || text.back() == ';')) text.remove_suffix(1);
    ParsedInstruction out;
    if (auto e = build(out, text)) {
        out.error = e->message;
        out.column = e->column;
        out.inst = Instruction{};
    }
    return out;
}

}  // namespace fgtlm::isa
