// The one escaper of untrusted text in messages (issue 27): printable ASCII as it is, every
// other byte and the backslash as \xNN, cut with the full length said; shown_text quotes it.
#include <fgtlm/io/number.hpp>
#include <fgtlm/io/text.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace {

using fgtlm::io::escape_and_cut;
using fgtlm::io::json_error_text;
using fgtlm::io::shown_json;
using fgtlm::io::shown_text;

TEST(Text, PrintableAsciiStaysAsItIs) { EXPECT_EQ(escape_and_cut("IADD R1, R2, 0x10;"), "IADD R1, R2, 0x10;"); }

TEST(Text, ControlBytesHighBytesAndBackslashAreEscaped) {
    EXPECT_EQ(escape_and_cut("\x1b[2J"), "\\x1b[2J");
    EXPECT_EQ(escape_and_cut(std::string("a\0b", 3)), "a\\x00b");
    EXPECT_EQ(escape_and_cut("\t\r\n\x7f\xff"), "\\x09\\x0d\\x0a\\x7f\\xff");
    // The backslash too: "\x1b" typed by the user is not shown like an escaped ESC byte.
    EXPECT_EQ(escape_and_cut("\\x1b"), "\\x5cx1b");
}

TEST(Text, LongTextIsCutWithItsLength) {
    const std::string big(10'000'000, 'A');
    EXPECT_EQ(escape_and_cut(big, 5), "AAAAA... (10000000 bytes)");
    EXPECT_EQ(escape_and_cut("12345", 5), "12345");
    EXPECT_EQ(escape_and_cut(big).size(), 80 + std::string("... (10000000 bytes)").size());
}

TEST(Text, ShownTextQuotesFortyBytes) {
    EXPECT_EQ(shown_text("-1"), "'-1'");
    EXPECT_EQ(shown_text(std::string(50, 'x')), "'" + std::string(40, 'x') + "... (50 bytes)'");
    EXPECT_EQ(shown_text("\x1b"), "'\\x1b'");
}

TEST(Text, JsonErrorsLoseTheLibraryTag) {
    EXPECT_EQ(json_error_text("[json.exception.parse_error.101] parse error at line 1, column 2: syntax error"),
              "parse error at line 1, column 2: syntax error");
    EXPECT_EQ(json_error_text("[json.exception.type_error.302] type must be number"), "type must be number");
    EXPECT_EQ(json_error_text("no tag \x1b"), "no tag \\x1b");
    EXPECT_EQ(json_error_text(std::string(400, 'z')).size(), 300 + std::string("... (400 bytes)").size());
}

TEST(Text, JsonValuesAreShownWithoutRecursion) {
    EXPECT_EQ(shown_json(nlohmann::json(2.9)), "2.9 (number)");
    EXPECT_EQ(shown_json(nlohmann::json("5")), "\"5\" (string)");
    nlohmann::json deep = nlohmann::json::array();
    for (int i = 0; i < 200000; ++i) deep = nlohmann::json::array({std::move(deep)});
    EXPECT_EQ(shown_json(deep), "an array of 1 element");
    EXPECT_EQ(shown_json(nlohmann::json::object({{"a", 1}, {"b", 2}})), "an object of 2 members");
}

}  // namespace
