// PTX parser: variable declarations with initialisers, instructions and their operands.
#include "ptx_parser.hpp"

#include <cctype>
#include <cmath>
#include <cstring>

namespace fgtlm::compiler {

namespace {

// The hex digits after a 0f/0d prefix as bits; a digit that is not hex is an error naming the token.
std::uint64_t hex_bits(TokenCursor& c, const std::string& t) {
    std::uint64_t v = 0;
    for (std::size_t i = 2; i < t.size(); ++i) {
        const char d = char(std::tolower(static_cast<unsigned char>(t[i])));
        const int x = d >= '0' && d <= '9' ? d - '0' : d >= 'a' && d <= 'f' ? d - 'a' + 10 : -1;
        if (x < 0) c.fail("'" + t + "' is not hex digits after " + t.substr(0, 2));
        v = v << 4 | std::uint64_t(x);
    }
    c.next();
    return v;
}

// A scalar initialiser element: integer (maybe negative), 0fXXXXXXXX float bits or (in a .f64 variable) 0d double bits.
std::uint64_t parse_init_value(TokenCursor& c, const std::string& type) {
    const bool neg = c.accept("-");
    const std::string t = c.peek().text;
    if (t.size() == 10 && t.rfind("0f", 0) == 0) return hex_bits(c, t);
    if (t.rfind("0d", 0) == 0) {  // the double's bytes (a .f64 variable: its loads convert under --demote-f64)
        if (t.size() != 18 || type != "f64") c.fail("a double initialiser (" + t + ") outside a .f64 variable");
        return hex_bits(c, t) ^ (neg ? 1ull << 63 : 0ull);
    }
    if (c.peek().kind == Token::Kind::Word)
        c.fail("initialiser '" + t + "' refers to a symbol: address initialisers are not supported");
    const std::uint64_t v = c.number("in an initialiser");
    return neg ? 0 - v : v;
}

void append_le(std::vector<std::uint8_t>& out, std::uint64_t v, std::uint32_t size) {
    for (std::uint32_t i = 0; i < size; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
}

}  // namespace

PtxVar parse_var(TokenCursor& c, const std::string& space, bool is_extern) {
    PtxVar v;
    v.line = c.peek().line;
    v.space = space;
    v.is_extern = is_extern;
    while (c.accept(".align")) v.align = std::uint32_t(c.number("after .align"));
    v.type = c.word("as a variable type").substr(1);
    const std::uint32_t elem = ptx_type_size(v.type);
    if (elem == 0 || v.type == "pred") c.fail("unsupported variable type '." + v.type + "'");
    v.name = c.word("as a variable name");
    v.size = elem;
    if (c.accept("[")) {
        v.size = c.at("]") ? 0 : elem * std::uint32_t(c.number("as an array size"));
        c.expect("]", "after an array size");
    }
    if (v.align == 0) v.align = elem;
    if (c.accept("=")) {
        const bool list = c.accept("{");
        do {
            append_le(v.init, parse_init_value(c, v.type), elem);
        } while (list && c.accept(","));
        if (list) c.expect("}", "after an initialiser list");
        if (v.init.size() > v.size && v.size != 0) c.fail("initialiser of '" + v.name + "' is larger than it");
    }
    c.expect(";", "after the declaration of " + v.name);
    return v;
}

PtxOperand parse_operand(TokenCursor& c) {
    PtxOperand o;
    if (c.accept("[")) {
        o.kind = PtxOperand::Kind::Mem;
        if (c.peek().kind == Token::Kind::Word) {
            o.name = c.next().text;
            o.base_is_reg = o.name[0] == '%';
            if (c.accept("+")) {
                const bool neg = c.accept("-");
                o.imm = std::int64_t(c.number("as an address offset")) * (neg ? -1 : 1);
            } else if (c.accept("-")) {
                o.imm = -std::int64_t(c.number("as an address offset"));
            }
        } else {
            o.imm = std::int64_t(c.number("as an address"));
        }
        c.expect("]", "after an address");
        return o;
    }
    if (c.accept("{")) {
        o.kind = PtxOperand::Kind::Vec;
        do o.elems.push_back(c.word("in a vector operand"));
        while (c.accept(","));
        c.expect("}", "after a vector operand");
        return o;
    }
    if (c.accept("!")) o.negate = true;
    const bool neg = !o.negate && c.accept("-");
    const Token& t = c.peek();
    if (t.kind == Token::Kind::Number) {
        if (t.text.size() == 10 && t.text.rfind("0f", 0) == 0) {
            o.kind = PtxOperand::Kind::FImm;
            o.fbits = std::uint32_t(hex_bits(c, t.text)) ^ (neg ? 0x80000000u : 0u);
            return o;
        }
        if (t.text.size() == 18 && t.text.rfind("0d", 0) == 0) {  // kept for --demote-f64, refused otherwise
            double d = 0;
            const std::uint64_t bits = hex_bits(c, t.text);
            std::memcpy(&d, &bits, 8);
            const float f = float(d);
            std::memcpy(&o.fbits, &f, 4);
            if (std::isnan(f)) o.fbits = 0x7fffffffu;
            o.fbits ^= neg ? 0x80000000u : 0u;
            o.kind = PtxOperand::Kind::FImm;
            o.from_double = true;
            return o;
        }
        o.kind = PtxOperand::Kind::Imm;
        // Negated in unsigned arithmetic: -9223372036854775808 (the softfloat code's INT64_MIN)
        // overflows a signed negation; the conversion back is modular (C++20).
        const std::uint64_t v = c.number("as an immediate");
        o.imm = std::int64_t(neg ? 0 - v : v);
        return o;
    }
    o.name = c.word("as an operand");
    o.kind = o.name[0] == '%' ? PtxOperand::Kind::Reg : PtxOperand::Kind::Sym;
    return o;
}

PtxInst parse_instruction(TokenCursor& c) {
    PtxInst in;
    in.line = c.peek().line;
    if (c.accept("@")) {
        in.guard_negated = c.accept("!");
        in.guard = c.word("as a guard predicate");
    }
    const std::string op = c.word("as an instruction");
    in.text = (in.guard.empty() ? "" : (in.guard_negated ? "@!" : "@") + in.guard + " ") + op;
    std::size_t dot = op.find('.');
    in.opcode = op.substr(0, dot);
    while (dot != std::string::npos) {
        const std::size_t next = op.find('.', dot + 1);
        in.mods.push_back(op.substr(dot + 1, next == std::string::npos ? next : next - dot - 1));
        dot = next;
    }
    while (!c.accept(";")) {
        if (c.at_end()) c.fail("missing ';' after " + in.text);
        if (in.opcode == "call" && c.accept("(")) {  // call's (results) and (arguments): a list of names
            PtxOperand list;
            list.kind = PtxOperand::Kind::Vec;
            while (!c.accept(")")) {
                list.elems.push_back(c.word("in a call's parameter list"));
                if (!c.at(")")) c.expect(",", "between a call's parameters");
            }
            in.ops.push_back(list);
        } else {
            in.ops.push_back(parse_operand(c));
        }
        if (!c.at(";")) c.expect(",", "between operands of " + in.text);
    }
    return in;
}

}  // namespace fgtlm::compiler
