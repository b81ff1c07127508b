#include "ptx_lexer.hpp"

#include <cctype>

#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

namespace {

bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '%' || c == '$' || c == '_';
}

// Skips a comment starting at `i`; returns false if there is none.
bool skip_comment(const std::string& s, std::size_t& i, std::uint32_t& line) {
    if (s.compare(i, 2, "//") == 0) {
        while (i < s.size() && s[i] != '\n') ++i;
        return true;
    }
    if (s.compare(i, 2, "/*") != 0) return false;
    const std::uint32_t start = line;
    for (i += 2; i < s.size() && s.compare(i, 2, "*/") != 0; ++i)
        if (s[i] == '\n') ++line;
    if (i >= s.size()) throw CompileError(start, "line " + std::to_string(start) + ": unterminated /* comment");
    i += 2;
    return true;
}

}  // namespace

std::vector<Token> lex_ptx(const std::string& s) {
    std::vector<Token> out;
    std::uint32_t line = 1;
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == '\n') ++line;
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        if (skip_comment(s, i, line)) continue;
        Token t;
        t.line = line;
        const std::size_t b = i;
        if (c == '"') {
            for (++i; i < s.size() && s[i] != '"' && s[i] != '\n'; ++i) {
            }
            t.kind = Token::Kind::String;
            t.text = s.substr(b + 1, i - b - 1);
            ++i;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '.')) ++i;
            t.kind = Token::Kind::Number;
            t.text = s.substr(b, i - b);
        } else if (word_char(c)) {
            while (i < s.size() && word_char(s[i])) ++i;
            t.kind = Token::Kind::Word;
            t.text = s.substr(b, i - b);
        } else {
            t.kind = Token::Kind::Punct;
            t.text = std::string(1, c);
            ++i;
        }
        out.push_back(std::move(t));
    }
    out.push_back(Token{Token::Kind::End, "", line});
    return out;
}

}  // namespace fgtlm::compiler
