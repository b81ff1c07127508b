// The property test of issue 27: every numeric command-line option of `fgtlm` refuses a
// negative, overflowing, fractional, NaN or infinite value with a message naming the option
// (exit status 2), because all of them go through the one checked parser (models/io).
#include "tool_runner.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace tool_test;

struct NumericOption {
    std::string command;  // subcommand and the arguments it needs to get as far as parsing
    std::string option;
    bool real;  // a real number (--margin) rather than an integer
};

std::vector<NumericOption> every_numeric_option() {
    const std::string bundle = "'" + (fs::path(FGTLM_DATA_DIR) / "conformance" / "VectorAdd_integer").string() + "'";
    std::vector<NumericOption> all;
    for (const char* o :
         {"--max-instructions", "--max-cycles", "--sms", "--cores", "--max-report-lines", "--grid", "--block",
          "--param", "--regs", "--shared", "--blocks-per-sm", "--local-bytes", "--local-base", "--dump-words"})
        all.push_back({"run " + bundle, o, false});
    for (const char* o :
         {"--count", "--seed", "--at-instruction", "--at-cycle", "--jobs", "--shards", "--shard", "--max-instructions",
          "--grid", "--block", "--param", "--regs", "--shared", "--blocks-per-sm"})
        all.push_back({"inject " + bundle, o, false});
    for (const char* o : {"--margin", "--confidence", "--hang-factor"}) all.push_back({"inject " + bundle, o, true});
    // cosim's --param is checked when the target loads, after its own required --rtl (a MODULE
    // types --param by its PTX parameters, so -1 and 2.5 are values there): run covers it.
    for (const char* o : {"--cores", "--max-cycles", "--grid", "--block", "--regs", "--dump-words"})
        all.push_back({"cosim " + bundle, o, false});
    all.push_back({"cosim " + bundle, "--rtl-timeout", true});
    for (const char* o : {"--count", "--seed", "--jobs", "--cores", "--shrink-budget", "--max-items"})
        all.push_back({"difftest --rtl /nonexistent", o, false});
    all.push_back({"difftest --rtl /nonexistent", "--rtl-timeout", true});
    all.push_back({"isa exec --isa gcn1.2 /nonexistent.s", "--max-instructions", false});
    return all;
}

TEST(NumericOptions, EveryOneRefusesHostileValuesByName) {
    const std::vector<std::string> integer_bad = {"-1", "18446744073709551616", "2.5", "nan", "inf", "1e3", "0x"};
    const std::vector<std::string> real_bad = {"-1", "1e400", "nan", "inf", "-inf", "2x"};
    for (const NumericOption& n : every_numeric_option()) {
        for (const std::string& v : n.real ? real_bad : integer_bad) {
            SCOPED_TRACE(n.command + " " + n.option + " " + v);
            const Result r = fgtlm(n.command + " " + n.option + "=" + v);
            EXPECT_EQ(r.rc, 2) << r.out;
            EXPECT_HAS(r.out, n.option + ": ");
        }
    }
}

TEST(NumericOptions, NegativeValueAsItsOwnArgumentIsNamedToo) {
    const std::string bundle = "'" + (fs::path(FGTLM_DATA_DIR) / "conformance" / "VectorAdd_integer").string() + "'";
    for (const char* o : {"--max-cycles", "--cores", "--max-report-lines", "--dump-words"}) {
        SCOPED_TRACE(o);
        const Result r = fgtlm("run " + bundle + " " + o + " -1");
        EXPECT_EQ(r.rc, 2) << r.out;
        EXPECT_HAS(r.out, std::string(o) + ": ");
    }
}

}  // namespace
