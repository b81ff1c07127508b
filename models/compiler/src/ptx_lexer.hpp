// PTX tokens. Comments are dropped; every token keeps its line for error messages.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fgtlm::compiler {

struct Token {
    enum class Kind : std::uint8_t { Word, Number, Punct, String, End };
    Kind kind = Kind::End;
    std::string text;
    std::uint32_t line = 0;
};

// Splits PTX into tokens. Words include PTX's '.', '%', '$' and '_' characters, so
// "ld.global.u32", "%r1", "$L__BB0_2" and "_Z3fooPi" are one token each.
std::vector<Token> lex_ptx(const std::string& text);

}  // namespace fgtlm::compiler
