#include "vhdl_constants.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <sstream>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders::vhdl {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

struct Token {
    enum class Kind : std::uint8_t { Ident, Number, Bits, String, Symbol, End } kind = Kind::End;
    std::string text;  // identifier (lower-case), string contents or symbol
    std::int64_t number = 0;
    std::uint64_t bits = 0;
    int width = 0;
    std::size_t line = 0;
};

// VHDL tokens of one file; errors name the file and line (LoadError).
class Lexer {
public:
    Lexer(const std::string& src, const std::filesystem::path& file) : src_(src), file_(file), n_(src.size()) {}

    std::vector<Token> run() {
        std::vector<Token> out;
        while (i_ < n_) {
            if (skip_space_or_comment()) continue;
            Token t;
            t.line = line_;
            next_token(t);
            out.push_back(std::move(t));
        }
        Token end;
        end.line = line_;
        out.push_back(end);
        return out;
    }

private:
    [[noreturn]] void error(const std::string& what) const { throw LoadError(file_, line_, what); }

    // Whitespace, `--` comments and VHDL-2008 /* block comments */ (counting lines).
    bool skip_space_or_comment() {
        const char c = src_[i_];
        if (c == '\n') {
            ++line_;
            ++i_;
            return true;
        }
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i_;
            return true;
        }
        if (c == '-' && i_ + 1 < n_ && src_[i_ + 1] == '-') {
            while (i_ < n_ && src_[i_] != '\n') ++i_;
            return true;
        }
        if (c == '/' && i_ + 1 < n_ && src_[i_ + 1] == '*') {
            const std::size_t close = src_.find("*/", i_ + 2);
            if (close == std::string::npos) error("unterminated /* comment");
            line_ +=
                std::size_t(std::count(src_.begin() + std::ptrdiff_t(i_), src_.begin() + std::ptrdiff_t(close), '\n'));
            i_ = close + 2;
            return true;
        }
        return false;
    }

    void next_token(Token& t) {
        const char c = src_[i_];
        // Bit-string literal x"..", b"..", o"..", or a plain "..." string: a bit string when it
        // holds only 0, 1 and _, otherwise a character string (BENCH_APP := "TP").
        const bool prefixed = (c == 'x' || c == 'X' || c == 'b' || c == 'B' || c == 'o' || c == 'O') && i_ + 1 < n_ &&
                              src_[i_ + 1] == '"';
        if (!prefixed && c == '"' && character_string(t)) return;
        if (prefixed || c == '"')
            return bit_string(t, prefixed ? char(std::tolower(static_cast<unsigned char>(c))) : 0);
        if (c == '\'' && i_ + 2 < n_ && src_[i_ + 2] == '\'' && (src_[i_ + 1] == '0' || src_[i_ + 1] == '1')) {
            t.kind = Token::Kind::Bits;
            t.bits = std::uint64_t(src_[i_ + 1] - '0');
            t.width = 1;
            i_ += 3;
            return;
        }
        if (std::isalpha(static_cast<unsigned char>(c))) {
            std::size_t j = i_;
            while (j < n_ && (std::isalnum(static_cast<unsigned char>(src_[j])) || src_[j] == '_')) ++j;
            t.kind = Token::Kind::Ident;
            t.text = lower(src_.substr(i_, j - i_));
            i_ = j;
            return;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) return number(t);
        symbol(t);
    }

    // A "..." string that is not a bit string (anything but 0, 1 and _); false leaves it alone.
    bool character_string(Token& t) {
        std::string text;
        std::size_t j = i_ + 1;
        for (;; ++j) {
            if (j >= n_ || src_[j] == '\n') error("unterminated string literal");
            if (src_[j] == '"') {
                if (j + 1 < n_ && src_[j + 1] == '"') {  // "" = one quote
                    text += '"';
                    ++j;
                    continue;
                }
                break;
            }
            text += src_[j];
        }
        if (!text.empty() && text.find_first_not_of("01_") == std::string::npos) return false;
        t.kind = Token::Kind::String;
        t.text = text;
        i_ = j + 1;
        return true;
    }

    // x"..", o"..", b".." or a plain "0101" (base 0: binary without a prefix).
    void bit_string(Token& t, char base) {
        i_ += base != 0 ? 2 : 1;
        const int per = base == 'x' ? 4 : base == 'o' ? 3 : 1;
        std::uint64_t v = 0;
        int w = 0;
        while (i_ < n_ && src_[i_] != '"') {
            const char d = src_[i_++];
            if (d == '_') continue;
            int dv = 0;
            if (std::isdigit(static_cast<unsigned char>(d)))
                dv = d - '0';
            else if (std::isxdigit(static_cast<unsigned char>(d)))
                dv = std::tolower(static_cast<unsigned char>(d)) - 'a' + 10;
            else
                error(std::string("bad digit '") + d + "' in bit-string literal");
            if (dv >= (1 << per)) error(std::string("digit '") + d + "' too large for the bit-string base");
            v = (v << per) | std::uint64_t(dv);
            w += per;
        }
        if (i_ >= n_) error("unterminated string literal");
        ++i_;
        if (w > 64) error("bit-string literal wider than 64 bits");
        t.kind = Token::Kind::Bits;
        t.bits = v;
        t.width = w;
    }

    // Decimal 1_000 or based 16#FF#, overflow-checked.
    void number(Token& t) {
        std::size_t j = i_;
        std::string digits;
        while (j < n_ && (std::isdigit(static_cast<unsigned char>(src_[j])) || src_[j] == '_')) {
            if (src_[j] != '_') digits += src_[j];
            ++j;
        }
        std::int64_t v = 0;
        for (const char d : digits)
            if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, d - '0', &v))
                error("integer literal " + digits + " does not fit in 64 bits");
        if (j < n_ && src_[j] == '#') {
            if (v < 2 || v > 16) error("base " + digits + " of a based literal must be 2..16");
            v = based_digits(j, int(v));
        }
        t.kind = Token::Kind::Number;
        t.number = v;
        i_ = j;
    }

    // The digits of a based literal from the '#' at `j` through the closing '#'.
    std::int64_t based_digits(std::size_t& j, int base) {
        ++j;
        std::int64_t v = 0;
        while (j < n_ && src_[j] != '#') {
            const char d = src_[j++];
            if (d == '_') continue;
            const auto u = static_cast<unsigned char>(d);
            const int dv = std::isdigit(u) ? d - '0' : std::isalpha(u) ? std::tolower(u) - 'a' + 10 : -1;
            if (dv < 0 || dv >= base) error(std::string("bad digit '") + d + "' in based literal");
            if (__builtin_mul_overflow(v, base, &v) || __builtin_add_overflow(v, dv, &v))
                error("based literal does not fit in 64 bits");
        }
        if (j >= n_) error("unterminated based literal");
        ++j;
        return v;
    }

    void symbol(Token& t) {
        static const char* two[] = {":=", "=>", "<=", "**", "/=", ">="};
        t.kind = Token::Kind::Symbol;
        for (const char* s : two) {
            if (src_.compare(i_, 2, s) == 0) {
                t.text = s;
                i_ += 2;
                return;
            }
        }
        t.text = std::string(1, src_[i_]);
        ++i_;
    }

    const std::string& src_;
    const std::filesystem::path& file_;
    std::size_t n_;
    std::size_t i_ = 0;
    std::size_t line_ = 1;
};

std::vector<Token> tokenize(const std::string& src, const std::filesystem::path& file) {
    return Lexer(src, file).run();
}

Value make_int(std::int64_t v) {
    Value r;
    r.kind = Value::Kind::Int;
    r.i = v;
    return r;
}
Value make_bits(std::uint64_t v, int w) {
    Value r;
    r.kind = Value::Kind::Bits;
    r.width = w;
    r.bits = w >= 64 ? v : (v & ((std::uint64_t(1) << w) - 1));
    return r;
}

}  // namespace

class Parser {
    // Aggregates are the 16-word / 64-byte testbench arrays: a bound keeps a typo such as
    // `(4000000000 => x"00")` from allocating gigabytes.
    static constexpr std::int64_t kMaxArray = 65536;
    // One value (an aggregate with its nested aggregates, a string) holds at most this many
    // elements or characters (the largest array, 65536 bits), checked before it is built:
    // `(others => (others => '0'))` of a 65536-element type, or forty constants each doubling
    // the last, must not take gigabytes.
    static constexpr std::size_t kMaxCells = std::size_t(1) << 16;
    // Nesting of parentheses, calls and unary signs: the parser recurses once per level.
    static constexpr int kMaxDepth = 200;

public:
    Parser(ConstantTable& table, std::vector<Token> toks, std::filesystem::path file)
        : table_(table), t_(std::move(toks)), file_(std::move(file)) {}

    void run() {
        while (peek().kind != Token::Kind::End) {
            if (is_ident("constant")) {
                ++p_;
                declaration();
            } else {
                ++p_;
            }
        }
    }

private:
    const Token& peek(std::size_t k = 0) const { return t_[std::min(p_ + k, t_.size() - 1)]; }
    bool is_ident(const char* s, std::size_t k = 0) const {
        return peek(k).kind == Token::Kind::Ident && peek(k).text == s;
    }
    bool is_sym(const char* s, std::size_t k = 0) const {
        return peek(k).kind == Token::Kind::Symbol && peek(k).text == s;
    }
    [[noreturn]] void error(const std::string& what) const { throw LoadError(file_, peek().line, what); }
    // Counts one level of expression nesting for its lifetime; too deep is an error, not a
    // stack overflow.
    class Nesting {
    public:
        explicit Nesting(Parser& p) : p_(p) {
            if (++p_.depth_ > kMaxDepth)
                p_.error("expression nested deeper than " + std::to_string(kMaxDepth) + " levels");
        }
        ~Nesting() { --p_.depth_; }
        Nesting(const Nesting&) = delete;
        Nesting& operator=(const Nesting&) = delete;

    private:
        Parser& p_;
    };

    // Elements (and characters) of a value with all its nested aggregates.
    static std::size_t cells(const Value& v) {
        if (v.kind == Value::Kind::String) return std::max<std::size_t>(1, v.text.size());
        if (v.kind != Value::Kind::Array) return 1;
        std::size_t n = 0;
        for (const Value& e : v.elems) n += cells(e);
        return std::max<std::size_t>(1, n);
    }
    void check_cells(std::size_t n) const {
        if (n > kMaxCells)
            error("value too large: " + std::to_string(n) + " elements, at most " + std::to_string(kMaxCells));
    }

    void expect(const char* s) {
        if (!is_sym(s))
            error(std::string("expected '") + s + "'" + (peek().text.empty() ? "" : " before '" + peek().text + "'"));
        ++p_;
    }

    void declaration() {
        std::vector<std::string> names;
        const std::size_t line = peek().line;
        for (;;) {
            if (peek().kind != Token::Kind::Ident) error("expected a constant name");
            names.push_back(peek().text);
            ++p_;
            if (is_sym(",")) {
                ++p_;
                continue;
            }
            break;
        }
        expect(":");
        // Type mark: remember the direction and size of an explicit range.
        descending_ = true;
        array_size_ = -1;
        const bool vector_type =
            is_ident("std_logic_vector") || is_ident("unsigned") || is_ident("signed") || is_ident("bit_vector");
        int depth = 0;
        while (!(depth == 0 && is_sym(":=")) && !(depth == 0 && is_sym(";"))) {
            if (peek().kind == Token::Kind::End) error("unterminated constant declaration");
            if (is_sym("(")) ++depth;
            if (is_sym(")")) --depth;
            if (is_ident("to")) descending_ = false;
            if (peek().kind == Token::Kind::Number && (is_ident("downto", 1) || is_ident("to", 1)) &&
                peek(2).kind == Token::Kind::Number)
                array_size_ = std::min<std::int64_t>(std::abs(peek().number - peek(2).number), kMaxArray - 1) + 1;
            ++p_;
        }
        if (is_sym(";")) {
            ++p_;
            return;
        }  // deferred constant: no value here
        expect(":=");
        Value v = expression();
        expect(";");
        if (vector_type && v.kind == Value::Kind::Array) {  // (others => '0') of a vector type
            std::uint64_t bits = 0;
            for (std::size_t k = 0; k < v.elems.size() && k < 64; ++k) bits |= (v.elems[k].as_u64() & 1u) << k;
            v = make_bits(bits, int(std::min<std::size_t>(v.elems.size(), 64)));
        }
        for (const auto& n : names) {
            // Declared twice in one file: an error (VHDL's own rule), not "the second wins".
            const auto it = table_.constants_.find(n);
            if (it != table_.constants_.end() && it->second.file == file_)
                throw LoadError(
                    file_, line,
                    "constant " + n + " is declared twice (first at line " + std::to_string(it->second.line) + ")");
            table_.constants_[n] = Constant{v, line, file_};
        }
    }

    Value expression() {
        Value v = term();
        while (is_sym("+") || is_sym("-") || is_sym("&")) {
            const std::string op = peek().text;
            ++p_;
            Value r = term();
            if (op == "&")
                v = concat(v, r);
            else
                v = arith(v, r, op[0]);
        }
        return v;
    }
    Value term() {
        Value v = factor();
        while (is_sym("*") || is_sym("/") || is_ident("mod") || is_ident("rem")) {
            const std::string op = peek().text;
            ++p_;
            Value r = factor();
            v = arith(v, r, op == "mod" ? '%' : op == "rem" ? 'r' : op[0]);
        }
        return v;
    }
    Value factor() {
        const Nesting nest(*this);
        if (is_sym("-")) {
            ++p_;
            Value v = factor();
            return arith(make_int(0), v, '-');
        }
        if (is_sym("+")) {
            ++p_;
            return factor();
        }
        Value v = primary();
        if (is_sym("**")) {
            ++p_;
            Value e = primary();
            v = arith(v, e, '^');
        }
        return v;
    }

    Value arith(const Value& a, const Value& b, char op) {
        if (a.kind == Value::Kind::Array || b.kind == Value::Kind::Array) error("arithmetic on an array");
        if (a.kind == Value::Kind::String || b.kind == Value::Kind::String) error("arithmetic on a string");
        const std::int64_t x = a.kind == Value::Kind::Int ? a.i : std::int64_t(a.bits);
        const std::int64_t y = b.kind == Value::Kind::Int ? b.i : std::int64_t(b.bits);
        std::int64_t r = 0;
        bool overflow = false;
        switch (op) {
            case '+': overflow = __builtin_add_overflow(x, y, &r); break;
            case '-': overflow = __builtin_sub_overflow(x, y, &r); break;
            case '*': overflow = __builtin_mul_overflow(x, y, &r); break;
            case '/':
                if (y == 0) error("division by zero");
                overflow = y == -1 && x == INT64_MIN;
                if (!overflow) r = x / y;
                break;
            case '%':
                if (y == 0) error("mod by zero");
                r = y == -1 ? 0 : ((x % y) + y) % y;
                break;
            case 'r':
                if (y == 0) error("rem by zero");
                r = y == -1 ? 0 : x % y;
                break;
            case '^':
                if (y < 0) error("negative exponent");
                if (x == 0 || x == 1)
                    r = y == 0 ? 1 : x;
                else if (x == -1)
                    r = y % 2 ? -1 : 1;
                else {  // |x| >= 2 overflows within 64 steps: the loop is short
                    r = 1;
                    for (std::int64_t k = 0; k < y && !overflow; ++k) overflow = __builtin_mul_overflow(r, x, &r);
                }
                break;
            default: error("unknown operator");
        }
        if (overflow) error("arithmetic overflow (the value does not fit in 64 bits)");
        const int w = std::max(a.kind == Value::Kind::Bits ? a.width : 0, b.kind == Value::Kind::Bits ? b.width : 0);
        return w > 0 ? make_bits(std::uint64_t(r), w) : make_int(r);
    }
    Value concat(const Value& a, const Value& b) {
        if (a.kind == Value::Kind::String && b.kind == Value::Kind::String) {
            check_cells(a.text.size() + b.text.size());
            Value r = a;
            r.text += b.text;
            return r;
        }
        if (a.kind != Value::Kind::Bits || b.kind != Value::Kind::Bits) error("'&' needs bit vectors");
        if (a.width + b.width > 64) error("concatenation wider than 64 bits");
        return make_bits((a.bits << b.width) | b.bits, a.width + b.width);
    }

    Value primary() {
        const Token tok = peek();
        if (tok.kind == Token::Kind::Number) {
            ++p_;
            return make_int(tok.number);
        }
        if (tok.kind == Token::Kind::Bits) {
            ++p_;
            return make_bits(tok.bits, tok.width);
        }
        if (tok.kind == Token::Kind::String) {
            ++p_;
            Value v;
            v.kind = Value::Kind::String;
            v.text = tok.text;
            return v;
        }
        if (is_sym("(")) return aggregate();
        if (tok.kind != Token::Kind::Ident) error("unexpected '" + tok.text + "' in expression");
        ++p_;
        const std::string& name = tok.text;
        if (is_sym("(")) return call(name);
        const Constant* c = table_.find(name);
        if (c == nullptr) error("unknown name '" + name + "'");
        return c->value;
    }

    // name(args): a conversion function, or an element of a constant array.
    Value call(const std::string& name) {
        ++p_;
        std::vector<Value> args;
        for (;;) {
            args.push_back(expression());
            if (is_sym(",")) {
                ++p_;
                continue;
            }
            break;
        }
        expect(")");
        if (name == "to_unsigned" || name == "to_signed" || name == "conv_std_logic_vector") {
            if (args.size() != 2) error(name + " takes two arguments");
            if (args[1].kind == Value::Kind::Array || args[1].kind == Value::Kind::String || args[1].as_u64() < 1 ||
                args[1].as_u64() > 64)
                error(name + ": width must be 1..64");
            return make_bits(args[0].as_u64(), int(args[1].as_u64()));
        }
        if (name == "std_logic_vector" || name == "unsigned" || name == "signed" || name == "to_stdlogicvector") {
            if (args.size() != 1) error(name + " takes one argument");
            return args[0];
        }
        if (name == "to_integer" || name == "conv_integer" || name == "integer") {
            if (args.size() != 1) error(name + " takes one argument");
            if (args[0].kind == Value::Kind::Array) error(name + " of an array");
            return make_int(std::int64_t(args[0].as_u64()));
        }
        const Constant* c = table_.find(name);
        if (c != nullptr && c->value.kind == Value::Kind::Array && args.size() == 1) {
            const std::uint64_t idx = args[0].as_u64();
            if (idx >= c->value.elems.size()) error("index out of range of " + name);
            return c->value.elems[idx];
        }
        error("unknown function or array '" + name + "'");
    }

    // The elements an aggregate of `size` will hold, before it is built (each element of a
    // value counts with its nested elements; unset ones are copies of `others`).
    void check_aggregate_cells(std::size_t size, const std::vector<Value>& positional,
                               const std::map<std::int64_t, Value>& named, std::size_t per_other) const {
        std::size_t n = 0;
        for (const Value& v : positional) n += cells(v);
        for (const auto& [k, v] : named) n += cells(v);
        const std::size_t set = positional.size() + named.size();
        const std::size_t rest = size > set ? size - set : 0;
        if (rest > kMaxCells / per_other)
            error("value too large: more than " + std::to_string(kMaxCells) + " elements (" + std::to_string(size) +
                  " of " + std::to_string(per_other) + ")");
        check_cells(n + rest * per_other);
    }

    // '(' expr ')' or an aggregate (positional, named, others).
    Value aggregate() {
        expect("(");
        std::vector<Value> positional;
        std::map<std::int64_t, Value> named;
        bool has_others = false;
        Value others;
        for (;;) {
            if (is_ident("others") && is_sym("=>", 1)) {
                p_ += 2;
                others = expression();
                has_others = true;
            } else {
                Value v = expression();
                if (is_sym("=>")) {
                    ++p_;
                    if (v.kind == Value::Kind::Array || v.kind == Value::Kind::String || v.as_u64() >= kMaxArray)
                        error("aggregate index must be 0.." + std::to_string(kMaxArray - 1));
                    named[std::int64_t(v.as_u64())] = expression();
                } else {
                    positional.push_back(std::move(v));
                }
            }
            if (is_sym(",")) {
                ++p_;
                continue;
            }
            break;
        }
        expect(")");
        if (positional.size() == 1 && named.empty() && !has_others) return positional[0];  // parenthesised
        Value arr;
        arr.kind = Value::Kind::Array;
        std::size_t size = positional.size();
        for (const auto& [k, v] : named) size = std::max<std::size_t>(size, std::size_t(k) + 1);
        if (array_size_ > 0) size = std::max<std::size_t>(size, std::size_t(array_size_));
        check_aggregate_cells(size, positional, named, has_others ? cells(others) : 1);
        arr.elems.assign(size, has_others ? others : make_int(0));
        const std::size_t n = positional.size();
        for (std::size_t k = 0; k < n; ++k) {
            // downto: the first element listed is the highest index (size-1 ... 0).
            const std::size_t idx = descending_ ? (size - 1 - k) : k;
            arr.elems[idx] = positional[k];
        }
        for (const auto& [k, v] : named) arr.elems[std::size_t(k)] = v;
        return arr;
    }

    ConstantTable& table_;
    std::vector<Token> t_;
    std::filesystem::path file_;
    std::size_t p_ = 0;
    int depth_ = 0;
    bool descending_ = true;
    std::int64_t array_size_ = -1;
};

void ConstantTable::parse_text(const std::string& text, const std::filesystem::path& file) {
    Parser(*this, tokenize(text, file), file).run();
}

void ConstantTable::parse_file(const std::filesystem::path& file) {
    if (std::filesystem::is_directory(file)) throw LoadError(file, 0, "is a directory, not a file");
    std::ifstream in(file);
    if (!in) throw LoadError(file, 0, "cannot open");
    std::stringstream ss;
    ss << in.rdbuf();
    parse_text(ss.str(), file);
}

const Constant* ConstantTable::find(const std::string& name) const {
    const auto it = constants_.find(lower(name));
    return it == constants_.end() ? nullptr : &it->second;
}

}  // namespace fgtlm::loaders::vhdl
