// PTX parser, function level: parameter lists, declarations, labels and instructions.
#include "ptx_parser.hpp"

namespace fgtlm::compiler {

namespace {

// `.param .u32 name` or `.param .align 4 .b8 name[16]`.
PtxParam parse_param(TokenCursor& c, std::uint32_t& offset) {
    c.expect(".param", "in a parameter list");
    PtxParam p;
    std::uint32_t align = 0;
    if (c.accept(".align")) align = std::uint32_t(c.number("after .align"));
    if (c.accept(".ptr")) {  // .ptr .global .align N: a pointer parameter attribute
        while (c.at(".global") || c.at(".shared") || c.at(".const") || c.at(".local")) c.next();
        if (c.accept(".align")) c.number("after .align");
    }
    p.type = c.word("as a parameter type").substr(1);
    p.size = ptx_type_size(p.type);
    if (p.size == 0) c.fail("unknown parameter type '." + p.type + "'");
    while (c.at(".ptr") || c.at(".global") || c.at(".align")) {
        if (c.next().text == ".align") c.number("after .align");
    }
    p.name = c.word("as a parameter name");
    if (c.accept("[")) {
        p.size *= std::uint32_t(c.number("as an array size"));
        c.expect("]", "after an array size");
    }
    align = std::max(align, std::min<std::uint32_t>(p.size, 4));
    offset = (offset + align - 1) / align * align;
    p.offset = offset;
    offset += p.size;
    return p;
}

std::vector<PtxParam> parse_param_list(TokenCursor& c) {
    std::vector<PtxParam> out;
    std::uint32_t offset = 0;
    c.expect("(", "before a parameter list");
    while (!c.accept(")")) {
        out.push_back(parse_param(c, offset));
        if (!c.at(")")) c.expect(",", "between parameters");
    }
    return out;
}

PtxRegDecl parse_reg_decl(TokenCursor& c) {
    PtxRegDecl d;
    d.type = c.word("as a register type").substr(1);
    if (ptx_type_size(d.type) == 0) c.fail("unknown register type '." + d.type + "'");
    d.prefix = c.word("as a register name");
    if (c.accept("<")) {
        d.count = std::uint32_t(c.number("as a register count"));
        c.expect(">", "after a register count");
    }
    return d;
}

void parse_body(TokenCursor& c, PtxFunction& f);

// One statement of a body: declaration, nested scope, label or instruction.
void parse_statement(TokenCursor& c, PtxFunction& f) {
    if (c.accept("{")) return parse_body(c, f);
    if (c.accept(".reg")) {
        f.regs.push_back(parse_reg_decl(c));
        while (c.accept(",")) {
            PtxRegDecl more = parse_reg_decl(c);
            f.regs.push_back(more);
        }
        c.expect(";", "after .reg");
        return;
    }
    if (c.at(".shared") || c.at(".local") || c.at(".global") || c.at(".const")) {
        const std::string space = c.next().text.substr(1);
        f.vars.push_back(parse_var(c, space, false));
        return;
    }
    if (c.at(".param")) {  // a call sequence's parameter: its stores and loads name it (inline.cpp)
        std::uint32_t offset = 0;
        parse_param(c, offset);
        c.expect(";", "after .param");
        return;
    }
    if (c.at(".loc") || c.at(".pragma")) return c.skip_line();
    if (c.peek().kind == Token::Kind::Word && c.peek(1).text == ":") {
        PtxStmt s;
        s.label = c.next().text;
        c.next();
        f.body.push_back(std::move(s));
        return;
    }
    PtxStmt s;
    s.inst = parse_instruction(c);
    f.body.push_back(std::move(s));
}

void parse_body(TokenCursor& c, PtxFunction& f) {
    while (!c.accept("}")) {
        if (c.at_end()) c.fail("missing '}' at the end of function " + f.name);
        parse_statement(c, f);
    }
}

}  // namespace

PtxFunction parse_function(TokenCursor& c, bool is_entry) {
    PtxFunction f;
    f.is_entry = is_entry;
    f.line = c.peek().line;
    if (!is_entry && c.at("(")) f.results = parse_param_list(c);
    f.name = c.word(is_entry ? "after .entry" : "after .func");
    if (c.at("(")) f.params = parse_param_list(c);
    while (c.peek().kind == Token::Kind::Word && c.peek().text[0] == '.') {  // .maxntid 32, 1, 1 ...
        c.next();
        while (c.peek().kind == Token::Kind::Number || c.at(",")) c.next();
    }
    if (c.accept(";")) return f;  // a prototype
    c.expect("{", "before the body of " + f.name);
    parse_body(c, f);
    return f;
}

}  // namespace fgtlm::compiler
