// Hand-written scanners for the line formats of FlexGripPlus testbench files. They replace
// std::regex, whose backtracking recurses per character and overflows the stack on a crafted
// line of a few megabytes; these run in time linear in the line and constant stack.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace fgtlm::loaders {

// One `when N => target <= x"HEX";` of a TP_instructions.vhd line (keyword and x any case).
struct WhenWord {
    std::string_view index;  // the decimal digits of N
    std::string_view hex;    // the text between the quotes, as written
};

// Every `when` assignment on the line, left to right (what the regex
// \bwhen\s+(\d+)\s*=>\s*\w+\s*<=\s*[xX]"([^"]*)"\s*; found with icase).
std::vector<WhenWord> scan_when_words(std::string_view line);

// A gpgpu_rdata log line `ADDRESS WORD`: hex address, blanks, eight characters of hex digits
// or u/U/x/X (undefined); blanks around. nullopt when the line has another shape.
struct RdataLine {
    std::string_view address;
    std::string_view word;
};
std::optional<RdataLine> scan_rdata_line(std::string_view line);

}  // namespace fgtlm::loaders
