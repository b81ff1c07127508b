// The one escaper of untrusted text quoted in a message (a line of a program.hex, SASS or
// trace file, a -p value, a JSON key): a crafted input can neither drive the terminal nor
// print a megabyte line back. Every loader and command quotes input through it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fgtlm::io {

// The first `cap` bytes of `text`, printable ASCII as it is and every other byte (control
// bytes, tabs, bytes >= 0x7f, and the backslash itself, so an escape is never ambiguous) as
// \xNN; when `text` is longer, then "... (N bytes)".
std::string escape_and_cut(std::string_view text, std::size_t cap = 80);

// escape_and_cut to 40 bytes, in single quotes: a value in a one-line message.
std::string shown_text(std::string_view text);

// A JSON parser's message for the user: nlohmann's "[json.exception.parse_error.101] " tag
// dropped (it names the library, not the input), escaped and cut to 300 bytes. What is left
// says where and what ("parse error at line 1, column 9: syntax error ...").
std::string json_error_text(std::string_view what);

}  // namespace fgtlm::io
