// The one checked number parser: negative, overflowing, fractional, NaN, infinite, signed or
// blank values are refused with the option or field named (issue 27's property test, at the
// parser; tests/tool/test_hostile_inputs.cpp runs it on every command-line option).
#include <fgtlm/io/number.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <limits>

namespace {

using fgtlm::io::json_real;
using fgtlm::io::json_unsigned;
using fgtlm::io::parse_real;
using fgtlm::io::parse_unsigned;
using nlohmann::json;

#define EXPECT_REFUSED(expr, name)                                                               \
    do {                                                                                         \
        try {                                                                                    \
            (void)(expr);                                                                        \
            ADD_FAILURE() << #expr << " accepted";                                               \
        } catch (const std::invalid_argument& e) {                                               \
            EXPECT_EQ(std::string(e.what()).rfind(std::string(name) + ": ", 0), 0u) << e.what(); \
        }                                                                                        \
    } while (0)

TEST(Number, UnsignedAcceptsDecimalAndHexInRange) {
    EXPECT_EQ(parse_unsigned("0", "--n"), 0u);
    EXPECT_EQ(parse_unsigned("4294967295", "--n", 0, 0xffffffffu), 0xffffffffu);
    EXPECT_EQ(parse_unsigned("0x1F", "--n"), 31u);
    EXPECT_EQ(parse_unsigned("18446744073709551615", "--n"), std::numeric_limits<std::uint64_t>::max());
}

TEST(Number, UnsignedRefusesEveryHostileForm) {
    for (const char* bad : {"-1", "-0", "+5", " 5", "5 ", "2.9", "1e3", "nan", "inf", "-inf", "", "0x", "--16",
                            "18446744073709551616", "99999999999999999999999", "4294967296", "0x100000000", "5x"}) {
        SCOPED_TRACE(bad);
        EXPECT_REFUSED(parse_unsigned(bad, "--count", 0, 0xffffffffu), "--count");
    }
    EXPECT_REFUSED(parse_unsigned("0", "--count", 1, 10), "--count");
    EXPECT_REFUSED(parse_unsigned("11", "--count", 1, 10), "--count");
}

TEST(Number, RealRefusesNanInfinityAndRange) {
    EXPECT_DOUBLE_EQ(parse_real("2.5", "--hang-factor", 1, 10), 2.5);
    EXPECT_DOUBLE_EQ(parse_real("1e1", "--hang-factor", 1, 10), 10.0);
    for (const char* bad : {"nan", "NaN", "inf", "-inf", "infinity", "1e400", "", " 2", "2 ", "2x", "0.5", "11"}) {
        SCOPED_TRACE(bad);
        EXPECT_REFUSED(parse_real(bad, "--hang-factor", 1, 10), "--hang-factor");
    }
}

TEST(Number, JsonFieldsAreStrict) {
    EXPECT_EQ(json_unsigned(json(5), "count", 1, 10), 5u);
    for (const json& bad :
         {json(-1), json(2.9), json(1e30), json("5"), json(nullptr), json(true), json(0), json(11), json::array({1})}) {
        SCOPED_TRACE(bad.dump());
        EXPECT_REFUSED(json_unsigned(bad, "count", 1, 10), "count");
    }
    EXPECT_DOUBLE_EQ(json_real(json(0.5), "margin", 0, 1), 0.5);
    for (const json& bad :
         {json(-0.1), json(1.5), json("0.1"), json(nullptr), json(std::numeric_limits<double>::infinity())}) {
        SCOPED_TRACE(bad.dump());
        EXPECT_REFUSED(json_real(bad, "margin", 0, 1), "margin");
    }
}

}  // namespace
