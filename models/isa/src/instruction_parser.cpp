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
    while (c.i < c.s.size() && (std::isalnum(static_cast<unsigned char>(c.s[c.i])) || c.s[c.i] == '_' ||
                                c.s[c.i] == '.' || c.s[c.i] == '$')) {
        ++c.i;
    }
    return c.s.substr(start, c.i - start);
}

std::optional<DataType> type_from(std::string_view t) {
    static constexpr DataType kAll[] = {DataType::U8,  DataType::S8,  DataType::U16,  DataType::S16, DataType::U32,
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
        if (!register_from(w, a) || a.kind != OperandKind::AddrReg)
            return ParseError{"bad address register", c.base + static_cast<std::uint32_t>(save)};
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

// The decimal number `digits`; nullopt for a non-digit or a value past `max` before the last
// digit (so it cannot overflow). The caller checks the final value against its limit.
std::optional<unsigned> decimal(std::string_view digits, unsigned max) {
    unsigned v = 0;
    for (char ch : digits) {
        if (!std::isdigit(static_cast<unsigned char>(ch)) || v > max) return std::nullopt;
        v = v * 10 + static_cast<unsigned>(ch - '0');
    }
    return v;
}

// globalN[Rn]: global memory segment N (0..63) at the address in Rn.
std::optional<ParseError> global_operand(Cursor& c, Operand& op, std::string_view w, std::size_t at) {
    const auto seg = decimal(w.substr(6), 63);
    if (!seg) return ParseError{"bad global segment", c.base + static_cast<std::uint32_t>(at)};
    if (*seg > 63) return ParseError{"global segment > 63", c.base + static_cast<std::uint32_t>(at)};
    op.kind = OperandKind::Global;
    op.bank = static_cast<std::uint8_t>(*seg);
    if (!c.eat('[')) return c.error("expected '[' after globalN");
    c.skip_ws();
    const std::size_t rat = c.i;
    Operand r;
    if (!register_from(ident(c), r) || r.kind != OperandKind::Reg) {
        return ParseError{"expected an address register Rn", c.base + static_cast<std::uint32_t>(rat)};
    }
    op.reg = r.reg;
    if (!c.eat(']')) return c.error("expected ']'");
    return std::nullopt;
}

// An operand that starts with a name `w` (at column offset `at`): memory (g[..], c[b][..], l[..],
// globalN[Rn], o[n]), special, predicate or general register; any other word is kept as a word
// (a label, a comparison, b0) for the instruction's form to interpret.
std::optional<ParseError> named_operand(Cursor& c, Item& item, std::string_view w, std::size_t at) {
    Operand& op = item.op;
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
        const auto v = decimal(w.substr(2), 127);
        if (!v) return ParseError{"bad special register", c.base + static_cast<std::uint32_t>(at)};
        if (*v > 127) return ParseError{"special register > SR127", c.base + static_cast<std::uint32_t>(at)};
        op.kind = OperandKind::Special;
        op.value = *v;
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
        if (auto e = global_operand(c, op, w, at)) return e;
    } else if (!register_from(w, op)) {
        item.word = std::string(w);
    }
    return std::nullopt;
}

// Guard after the first operand: "R0 (C0.EQU)".
std::optional<ParseError> operand_guard(Cursor& c, Item& item) {
    if (!c.eat('(')) return std::nullopt;
    c.skip_ws();
    const std::size_t gat = c.i;
    const std::string_view g = ident(c);
    const auto dot = g.find('.');
    if (g.size() < 4 || g[0] != 'C' || dot != 2 || g[1] < '0' || g[1] > '3') {
        return ParseError{"expected a guard like (C0.EQ)", c.base + static_cast<std::uint32_t>(gat)};
    }
    const auto cond = condition_from(g.substr(3));
    if (!cond)
        return ParseError{"unknown condition '" + std::string(g.substr(3)) + "'",
                          c.base + static_cast<std::uint32_t>(gat + 3)};
    item.has_guard = true;
    item.guard_reg = static_cast<std::uint8_t>(g[1] - '0');
    item.guard = *cond;
    if (!c.eat(')')) return c.error("expected ')'");
    return std::nullopt;
}

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
        if (auto e = named_operand(c, item, w, at)) return e;
    }
    if (abs && !c.eat('|')) return c.error("expected closing '|'");
    if ((neg || inv || abs) && !item.word.empty()) return ParseError{"modifier on a name", item.column};
    op.negate = neg;
    op.invert = inv;
    op.absolute = abs;
    if (auto e = operand_guard(c, item)) return e;
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

// Assembling one instruction's text into `out`, in the order the text reads: mnemonic, dotted
// modifiers, the types they imply per opcode family, the operands, then the operand shape of
// the instruction's form. Each step returns the first error with its column.
class Builder {
public:
    Builder(ParsedInstruction& out, std::string_view text) : out_(out), in_(out.inst), text_(text) {}

    std::optional<ParseError> run() {
        if (auto e = mnemonic()) return e;
        std::vector<DataType> types;
        bool bext = false;
        if (auto e = modifiers(types, bext)) return e;
        if (auto e = apply_types(types, bext)) return e;
        if (auto e = operands()) return e;
        bool done = false;
        if (auto e = control_form(done)) return e;
        return done ? std::nullopt : data_form();
    }

private:
    ParseError at_mnemonic(std::string message) const { return {std::move(message), static_cast<std::uint32_t>(p_)}; }

    // Base name = the longest dotted prefix that names a table row (BAR.ARV.WAIT, CAL.NOINC).
    std::optional<ParseError> mnemonic() {
        while (p_ < text_.size() && is_space(text_[p_])) ++p_;
        q_ = p_;
        while (q_ < text_.size() && !is_space(text_[q_])) ++q_;
        mnem_ = text_.substr(p_, q_ - p_);
        if (mnem_.empty()) return at_mnemonic("expected an instruction");
        for (std::size_t end = mnem_.size(); end > 0;) {
            if (const detail::Spec* s = find_spec(mnem_.substr(0, end))) {
                spec_ = s;
                base_len_ = end;
                break;
            }
            const std::size_t dot = mnem_.rfind('.', end - 1);
            if (dot == std::string_view::npos) break;
            end = dot;
        }
        if (!spec_) return at_mnemonic("unknown mnemonic '" + std::string(mnem_.substr(0, mnem_.find('.'))) + "'");
        in_.op = spec_->opcode;
        in_.form = spec_->form;
        return std::nullopt;
    }

    std::optional<ParseError> modifiers(std::vector<DataType>& types, bool& bext) {
        for (std::size_t m = base_len_; m < mnem_.size();) {
            const std::size_t next = mnem_.find('.', m + 1);
            const std::string_view mod =
                mnem_.substr(m + 1, (next == std::string_view::npos ? mnem_.size() : next) - m - 1);
            if (auto t = type_from(mod)) {
                types.push_back(*t);
            } else if (mod == "BEXT") {
                bext = true;
            } else if (!apply_modifier(mod)) {
                return ParseError{"unknown modifier '." + std::string(mod) + "'",
                                  static_cast<std::uint32_t>(p_ + m + 1)};
            }
            if (next == std::string_view::npos) break;
            m = next;
        }
        return std::nullopt;
    }

    // A modifier that sets an instruction field; false when `mod` is none of them.
    bool apply_modifier(std::string_view mod) {
        if (mod == "S") {
            in_.marker = Marker::Join;
        } else if (mod == "END") {  // end-of-program marker on an instruction that is not the last
            in_.marker = Marker::End;
        } else if (mod.size() == 2 && mod[0] == 'C' && mod[1] >= '0' && mod[1] <= '3') {
            in_.set_pred = true;
            in_.set_pred_reg = static_cast<std::uint8_t>(mod[1] - '0');
        } else if (mod.size() == 6 && mod.substr(0, 5) == "CARRY" && mod[5] >= '0' && mod[5] <= '3') {
            in_.carry_in = true;
            in_.carry_in_reg = in_.guard_reg = static_cast<std::uint8_t>(mod[5] - '0');
        } else if (mod == "TRUNC" || mod == "FLOOR" || mod == "CEIL") {
            in_.rounding = mod == "TRUNC" ? Rounding::Trunc : mod == "FLOOR" ? Rounding::Down : Rounding::Up;
        } else if (mod == "RNI" || mod == "RMI" || mod == "RPI" || mod == "RZI") {
            in_.round_int = true;
            in_.rounding = mod == "RNI"   ? Rounding::Nearest
                           : mod == "RMI" ? Rounding::Down
                           : mod == "RPI" ? Rounding::Up
                                          : Rounding::Trunc;
        } else if (mod == "HI") {
            in_.high = true;
        } else if (in_.op == Opcode::TEX && mod.size() == 2 && mod[1] == 'D' && mod[0] >= '1' && mod[0] <= '3') {
            in_.tex_dim = static_cast<std::uint8_t>(mod[0] - '0');
        } else if (in_.op == Opcode::TEX && mod == "I") {
            in_.tex_int = true;
        } else if (mod == "SAT") {
            in_.saturate = true;
        } else if (in_.op == Opcode::FMUL && in_.form == Form::Long && mod == "SUB2") {
            in_.sub_op = 2;  // the undocumented sub-op nvcc emits (format_table.cpp)
        } else if (in_.op == Opcode::LOP && (mod == "AND" || mod == "OR" || mod == "XOR" || mod == "PASS_B")) {
            in_.lop = mod == "AND"   ? LogicOp::AND
                      : mod == "OR"  ? LogicOp::OR
                      : mod == "XOR" ? LogicOp::XOR
                                     : LogicOp::PASS_B;
        } else {
            return false;
        }
        return true;
    }

    // The type modifiers each opcode family takes (.U16.U16, .F32.S32, ...).
    std::optional<ParseError> apply_types(const std::vector<DataType>& types, bool bext) {
        const auto ntypes = types.size();
        const auto type_error = [&](const char* want) {
            return at_mnemonic(std::string("expected ") + want + " on " + std::string(spec_->name));
        };
        switch (in_.op) {
            case Opcode::IMUL:
                if (ntypes == 0 || ntypes > 2 || (ntypes == 2 && types[0] != types[1]))
                    return type_error("two equal source types (.U16.U16)");
                in_.dtype = in_.stype = types[0];
                break;
            case Opcode::IMAD:
                if (ntypes != 1) return type_error("one type (.U16 or .S16)");
                in_.dtype = in_.stype = types[0];
                break;
            case Opcode::I2I:
            case Opcode::I2F:
            case Opcode::F2I:
            case Opcode::F2F:
            case Opcode::R2G:
                if (ntypes != 2) return type_error("a destination and a source type");
                in_.dtype = types[0];
                in_.stype = types[1];
                if (bext) {  // .BEXT: the source is the byte the 16-bit type names
                    if (in_.stype == DataType::U16)
                        in_.stype = DataType::U8;
                    else if (in_.stype == DataType::S16)
                        in_.stype = DataType::S8;
                    else
                        return type_error(".U16.BEXT or .S16.BEXT");
                }
                break;
            case Opcode::GLD:
            case Opcode::GST:
            case Opcode::LLD:
            case Opcode::LST:
                if (ntypes != 1) return type_error("one access type");
                in_.dtype = types[0];
                break;
            default:
                if (auto e = default_types(types, type_error)) return e;
                break;
        }
        if (bext && !(in_.op == Opcode::I2I || in_.op == Opcode::I2F))
            return at_mnemonic(".BEXT only applies to conversions");
        return std::nullopt;
    }

    template <class TypeError>
    std::optional<ParseError> default_types(const std::vector<DataType>& types, const TypeError& type_error) {
        const auto ntypes = types.size();
        if (spec_->types == detail::Types::Float) {
            if (ntypes != 0) return type_error("no type");
            in_.dtype = DataType::F32;
        } else if (spec_->types == detail::Types::None) {
            if (ntypes != 0) return type_error("no type");
        } else {
            if (ntypes > 1) return type_error("at most one type");
            in_.dtype = ntypes == 1 ? types[0] : DataType::U32;
        }
        return std::nullopt;
    }

    std::optional<ParseError> operands() {
        std::vector<Cursor> parts = split_operands(text_.substr(q_), static_cast<std::uint32_t>(q_));
        items_.resize(parts.size());
        for (std::size_t i = 0; i < parts.size(); ++i) {
            if (i == 0) {
                bool guard = false;
                if (auto e = flow_guard(parts[0], guard)) return e;
                if (guard) {
                    items_[0].word = "<guard>";
                    continue;
                }
            }
            Item& item = items_[i];
            if (auto e = parse_operand(parts[i], item)) return e;
            if (item.has_guard && i != 0)
                return ParseError{"a guard (Cn.COND) belongs after the first operand", item.column};
            if (item.has_guard) {
                in_.guard_reg = item.guard_reg;
                in_.guard_cond = item.guard;
            }
        }
        if (!items_.empty() && items_[0].word == "<guard>") items_.erase(items_.begin());
        return std::nullopt;
    }

    // Flow-control guard "BRA C0.NE, 0x110" / "RET C0.NE": a bare Cn.COND first operand.
    // SSY, CAL and PBK have no guard but a field that only C0.TR (always) fills.
    std::optional<ParseError> flow_guard(Cursor c, bool& is_guard) {
        const bool explicit_tr_row = in_.op == Opcode::SSY || in_.op == Opcode::CAL || in_.op == Opcode::PBK;
        if (!(spec_->flags & detail::kGuardPrefix) && !explicit_tr_row) return std::nullopt;
        const std::uint32_t base = c.base;
        c.skip_ws();
        const std::size_t at = c.i;
        const std::string_view w = ident(c);
        if (!(w.size() > 3 && w[0] == 'C' && w[1] >= '0' && w[1] <= '3' && w[2] == '.' && c.done()))
            return std::nullopt;
        const auto cond = condition_from(w.substr(3));
        if (!cond)
            return ParseError{"unknown condition '" + std::string(w.substr(3)) + "'",
                              base + static_cast<std::uint32_t>(at) + 3};
        is_guard = true;
        if (explicit_tr_row) {
            if (w != "C0.TR")
                return ParseError{"only C0.TR (guard field = always) is encodable here",
                                  base + static_cast<std::uint32_t>(at)};
            in_.explicit_tr = true;
            return std::nullopt;
        }
        in_.guard_reg = static_cast<std::uint8_t>(w[1] - '0');
        in_.guard_cond = *cond;
        return std::nullopt;
    }

    [[nodiscard]] ParseError count_error(std::size_t want) const {
        return ParseError{std::string(spec_->name) + " expects " + std::to_string(want) + " operand(s), got " +
                              std::to_string(items_.size()),
                          items_.size() > want ? items_[want].column : static_cast<std::uint32_t>(text_.size())};
    }

    // Branches, barriers and TEX, whose operands are not dst, sources...; `done` when handled.
    std::optional<ParseError> control_form(bool& done) {
        done = true;
        switch (in_.op) {
            case Opcode::BRA:
            case Opcode::CAL:
            case Opcode::SSY:
            case Opcode::PBK: return branch_target();
            case Opcode::RET:
            case Opcode::BRK:
            case Opcode::KIL:
            case Opcode::NOP:
            case Opcode::TRAP:
                if (!items_.empty()) return count_error(0);
                return std::nullopt;
            case Opcode::BAR: return barrier();
            case Opcode::TEX: return texture();
            default: done = false; return std::nullopt;
        }
    }

    std::optional<ParseError> branch_target() {
        if (items_.size() != 1) return count_error(1);
        if (!items_[0].word.empty()) {
            out_.target_label = items_[0].word;
        } else if (items_[0].op.kind == OperandKind::Immediate) {
            // Instructions sit at multiples of 4: BRA 0x3 would branch into the middle of a word.
            if (items_[0].op.value % 4 != 0)
                return ParseError{"branch target " + std::to_string(items_[0].op.value) + " is not a multiple of 4",
                                  items_[0].column};
            in_.target = items_[0].op.value;
        } else {
            return ParseError{"expected a target address or label", items_[0].column};
        }
        return std::nullopt;
    }

    std::optional<ParseError> barrier() {
        if (items_.size() != 2) return count_error(2);
        const std::string& b = items_[0].word;
        const ParseError bad_name{"expected a barrier name like b0", items_[0].column};
        if (b.size() < 2 || b[0] != 'b' || b.size() > 3) return bad_name;
        unsigned id = 0;
        for (char ch : b.substr(1)) {
            if (!std::isdigit(static_cast<unsigned char>(ch))) return bad_name;
            id = id * 10 + static_cast<unsigned>(ch - '0');
        }
        in_.target = id;
        if (items_[1].op.kind != OperandKind::Immediate) return ParseError{"expected a thread count", items_[1].column};
        in_.bar_count = items_[1].op.value;
        return std::nullopt;
    }

    std::optional<ParseError> texture() {
        if (items_.size() != 4) return count_error(4);
        if (items_[0].op.kind != OperandKind::Reg)
            return ParseError{"expected the first coordinate/result register", items_[0].column};
        in_.dst = items_[0].op;
        std::uint32_t v[3];
        for (std::size_t k = 0; k < 3; ++k) {
            if (items_[k + 1].op.kind != OperandKind::Immediate)
                return ParseError{"expected a number (texture, sampler, mask)", items_[k + 1].column};
            v[k] = items_[k + 1].op.value;
        }
        if (v[0] > 127 || v[1] > 15 || v[2] > 15)
            return ParseError{"texture > 0x7f, sampler > 0xf or mask > 0xf", items_[1].column};
        in_.tex_unit = static_cast<std::uint8_t>(v[0]);
        in_.tex_sampler = static_cast<std::uint8_t>(v[1]);
        in_.tex_mask = static_cast<std::uint8_t>(v[2]);
        if (in_.tex_dim == 0) return at_mnemonic("TEX needs .1D, .2D or .3D");
        return std::nullopt;
    }

    // dst, sources..., [trailing name for ISET/FSET/RRO]
    std::optional<ParseError> data_form() {
        std::size_t n = items_.size();
        if (in_.op == Opcode::ISET || in_.op == Opcode::FSET || in_.op == Opcode::RRO) {
            if (n < 2) return count_error(in_.op == Opcode::RRO ? 3 : 4);
            if (auto e = trailing_name(items_[n - 1])) return e;
            --n;
        }
        if (n == 0) return ParseError{"missing operands", static_cast<std::uint32_t>(text_.size())};
        if (n > 4) return count_error(4);
        for (std::size_t i = 0; i < n; ++i) {
            if (!items_[i].word.empty())
                return ParseError{"unexpected name '" + items_[i].word + "'", items_[i].column};
        }
        in_.dst = items_[0].op;
        in_.num_src = static_cast<std::uint8_t>(n - 1);
        for (std::size_t i = 1; i < n; ++i) in_.src[i - 1] = items_[i].op;
        if (in_.op == Opcode::R2A && in_.num_src == 1) {  // R2A's offset operand defaults to 0
            in_.num_src = 2;
            in_.src[1] = Operand{};
            in_.src[1].kind = OperandKind::Immediate;
        }
        // A memory operand takes the instruction's access type.
        if (in_.op == Opcode::R2G && in_.dst.kind == OperandKind::Shared) in_.dst.type = in_.dtype;
        if (in_.op == Opcode::GLD && in_.src[0].kind == OperandKind::Global) in_.src[0].type = in_.dtype;
        if (in_.op == Opcode::LLD && in_.src[0].kind == OperandKind::Local) in_.src[0].type = in_.dtype;
        if (in_.op == Opcode::LST && in_.dst.kind == OperandKind::Local) in_.dst.type = in_.dtype;
        if (in_.op == Opcode::GST && in_.dst.kind == OperandKind::Global) in_.dst.type = in_.dtype;
        return std::nullopt;
    }

    // The comparison of ISET/FSET (LT, EQ, ...) or the RRO kind (SIN, EX2).
    std::optional<ParseError> trailing_name(const Item& last) {
        if (in_.op == Opcode::RRO) {
            if (last.word == "SIN")
                in_.rro = RroKind::SinCos;
            else if (last.word == "EX2")
                in_.rro = RroKind::Ex2;
            else
                return ParseError{"expected SIN or EX2", last.column};
            return std::nullopt;
        }
        bool found = false;
        for (int k = 0; k < 8; ++k) {
            if (compare_name(static_cast<CompareOp>(k)) == last.word) {
                in_.cmp = static_cast<CompareOp>(k);
                found = true;
            }
        }
        if (!found) return ParseError{"expected a comparison (LT, EQ, LE, GT, NE, GE, FL, TR)", last.column};
        return std::nullopt;
    }

    ParsedInstruction& out_;
    Instruction& in_;
    std::string_view text_;
    std::size_t p_ = 0;  // start of the mnemonic
    std::size_t q_ = 0;  // end of the mnemonic
    std::string_view mnem_;
    const detail::Spec* spec_ = nullptr;
    std::size_t base_len_ = 0;  // length of the base name within the mnemonic
    std::vector<Item> items_;
};

}  // namespace

ParsedInstruction parse_instruction(std::string_view text) {
    while (!text.empty() && (is_space(text.back()) || text.back() == ';')) text.remove_suffix(1);
    ParsedInstruction out;
    if (auto e = Builder(out, text).run()) {
        out.error = e->message;
        out.column = e->column;
        out.inst = Instruction{};
    }
    return out;
}

}  // namespace fgtlm::isa
