// A small evaluator for the VHDL constant declarations of FlexGripPlus testbench packages
// (pick_bench.vhd, TP_configuration.vhd): integer and based literals, bit-string literals
// (x"..", b"..", o"..", "0101"), references to earlier constants, to_unsigned/to_signed/
// std_logic_vector/unsigned/signed/to_integer/conv_std_logic_vector/conv_integer,
// + - * / mod rem ** & and array aggregates (positional, `N =>`, `others =>`). Plain string
// literals that are not bit strings ("TP") are String values: kept, never used as numbers.
// Comments: `--` to the end of the line and VHDL-2008 `/* ... */`.
// Positional aggregates of `downto` arrays (and of arrays whose direction is not visible)
// list the highest index first: the last element is index 0.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace fgtlm::loaders::vhdl {

struct Value {
    enum class Kind : std::uint8_t { Int, Bits, Array, String };
    Kind kind = Kind::Int;
    std::string text;         // String (`constant BENCH_APP : string := "TP";`)
    std::int64_t i = 0;       // Int
    std::uint64_t bits = 0;   // Bits (low `width` bits)
    int width = 0;
    std::vector<Value> elems; // Array: elems[k] is index k

    [[nodiscard]] std::uint64_t as_u64() const { return kind == Kind::Int ? std::uint64_t(i) : bits; }
};

struct Constant {
    Value value;
    std::size_t line = 0;
    std::filesystem::path file;
};

class ConstantTable {
public:
    // Parses every `constant` declaration of the file in order (later files may refer to
    // earlier ones). Throws LoadError (file:line) on syntax errors or unknown names.
    void parse_file(const std::filesystem::path& file);
    void parse_text(const std::string& text, const std::filesystem::path& file_for_errors);
    // Case-insensitive lookup; nullptr if undefined.
    [[nodiscard]] const Constant* find(const std::string& name) const;

private:
    std::map<std::string, Constant> constants_;  // key: lower-case name
    friend class Parser;
};

}  // namespace fgtlm::loaders::vhdl
