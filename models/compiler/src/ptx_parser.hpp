// Token cursor shared by the PTX parser's files (module level, function bodies, operands).
#pragma once

#include "ptx_lexer.hpp"

#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

class TokenCursor {
public:
    explicit TokenCursor(std::vector<Token> t) : toks_(std::move(t)) {}
    [[nodiscard]] const Token& peek(std::size_t k = 0) const { return toks_[std::min(pos_ + k, toks_.size() - 1)]; }
    const Token& next() { return toks_[pos_ < toks_.size() - 1 ? pos_++ : pos_]; }
    [[nodiscard]] bool at(const std::string& text) const { return peek().text == text; }
    [[nodiscard]] bool at_end() const { return peek().kind == Token::Kind::End; }
    bool accept(const std::string& text) {
        if (!at(text)) return false;
        next();
        return true;
    }
    void expect(const std::string& text, const std::string& context);
    std::string word(const std::string& context);
    std::uint64_t number(const std::string& context);
    [[noreturn]] void fail(const std::string& why) const;
    // Drops the rest of the current line's tokens.
    void skip_line();

private:
    std::vector<Token> toks_;
    std::size_t pos_ = 0;
};

// Parses an integer literal (decimal, 0x hex, octal 0..., binary 0b, optional U suffix).
bool parse_int_literal(const std::string& s, std::uint64_t& out);
// Byte size of a PTX scalar type (b8..b64, u/s/f, pred = 4 here); 0 if unknown.
std::uint32_t ptx_type_size(const std::string& t);
bool is_ptx_type(const std::string& t);

PtxOperand parse_operand(TokenCursor& c);
PtxInst parse_instruction(TokenCursor& c);
PtxVar parse_var(TokenCursor& c, const std::string& space, bool is_extern);
PtxFunction parse_function(TokenCursor& c, bool is_entry);

}  // namespace fgtlm::compiler
