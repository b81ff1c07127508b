// PTX parser, module level: directives, variables, functions.
#include "ptx_parser.hpp"

#include <algorithm>

namespace fgtlm::compiler {

void TokenCursor::expect(const std::string& text, const std::string& context) {
    if (!accept(text)) fail("expected '" + text + "' " + context + ", found '" + peek().text + "'");
}

std::string TokenCursor::word(const std::string& context) {
    if (peek().kind != Token::Kind::Word) fail("expected a name " + context + ", found '" + peek().text + "'");
    return next().text;
}

std::uint64_t TokenCursor::number(const std::string& context) {
    std::uint64_t v = 0;
    if (peek().kind != Token::Kind::Number || !parse_int_literal(peek().text, v))
        fail("expected a number " + context + ", found '" + peek().text + "'");
    next();
    return v;
}

void TokenCursor::fail(const std::string& why) const {
    throw CompileError(peek().line, "line " + std::to_string(peek().line) + ": " + why);
}

void TokenCursor::skip_line() {
    const std::uint32_t line = peek().line;
    while (!at_end() && peek().line == line) next();
}

bool parse_int_literal(const std::string& text, std::uint64_t& out) {
    std::string s = text;
    if (!s.empty() && (s.back() == 'U' || s.back() == 'u')) s.pop_back();
    if (s.empty()) return false;
    int base = 10;
    std::size_t start = 0;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, start = 2;
    else if (s.size() > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
        base = 2, start = 2;
    else if (s.size() > 1 && s[0] == '0')
        base = 8, start = 1;
    try {
        std::size_t pos = 0;
        out = std::stoull(s.substr(start), &pos, base);
        return pos == s.size() - start;
    } catch (const std::exception&) {
        return false;
    }
}

std::uint32_t ptx_type_size(const std::string& t) {
    if (t == "pred") return 4;
    if (t.size() < 2) return 0;
    const char k = t[0];
    if (k != 'b' && k != 'u' && k != 's' && k != 'f') return 0;
    const std::string bits = t.substr(1);
    if (bits == "8") return 1;
    if (bits == "16") return 2;
    if (bits == "32") return 4;
    if (bits == "64") return 8;
    return 0;
}

bool is_ptx_type(const std::string& t) { return ptx_type_size(t) != 0; }

namespace {

void parse_directive(TokenCursor& c, PtxModule& m) {
    const std::string d = c.peek().text;
    if (d == ".address_size") {
        c.next();
        m.address_size = std::uint32_t(c.number("after .address_size"));
        if (m.address_size != 32 && m.address_size != 64) c.fail(".address_size must be 32 or 64");
        return;
    }
    c.skip_line();  // .version, .target, .file, .loc, .section: nothing to compile
}

}  // namespace

PtxModule parse_ptx(const std::string& text) {
    TokenCursor c(lex_ptx(text));
    PtxModule m;
    while (!c.at_end()) {
        const std::string w = c.peek().text;
        if (w == ".version" || w == ".target" || w == ".address_size" || w == ".file" || w == ".loc") {
            parse_directive(c, m);
            continue;
        }
        bool is_extern = false;
        while (c.at(".visible") || c.at(".extern") || c.at(".weak")) is_extern |= c.next().text == ".extern";
        if (c.accept(".entry"))
            m.functions.push_back(parse_function(c, true));
        else if (c.accept(".func")) {
            PtxFunction f = parse_function(c, false);
            if (!f.body.empty() || !is_extern) m.functions.push_back(std::move(f));
        } else if (c.at(".global") || c.at(".const") || c.at(".shared")) {
            const std::string space = c.next().text.substr(1);
            m.vars.push_back(parse_var(c, space, is_extern));
        } else {
            c.fail("unsupported directive '" + w + "' at module scope");
        }
    }
    return m;
}

bool PtxInst::has(const std::string& m) const { return std::find(mods.begin(), mods.end(), m) != mods.end(); }

std::string PtxInst::type() const {
    for (auto it = mods.rbegin(); it != mods.rend(); ++it)
        if (is_ptx_type(*it)) return *it;
    return "";
}

std::string PtxInst::type2() const {
    bool seen = false;
    for (auto it = mods.rbegin(); it != mods.rend(); ++it)
        if (is_ptx_type(*it)) {
            if (seen) return *it;
            seen = true;
        }
    return "";
}

}  // namespace fgtlm::compiler
