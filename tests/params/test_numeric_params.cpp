// Issue 27's property test for parameters: every numeric parameter `fgtlm run`, `fgtlm params`
// and fgtlm-vp declare for the timing model (walked from the registry itself, so a parameter
// declared later is covered) refuses a negative, overflowing, fractional, NaN or infinite value,
// as `-p NAME=VALUE` text and as a `--config` JSON value, with a ParamError naming it.
#include <fgtlm/params/registry.hpp>
#include <fgtlm/timing/timing_params.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

namespace {

using fgtlm::params::Param;
using fgtlm::params::ParamError;
using fgtlm::params::Registry;
using fgtlm::params::Type;
using nlohmann::json;

Registry timing_registry() {
    Registry r;
    fgtlm::timing::declare_timing_params(r);
    return r;
}

// Values no parameter of `p`'s range and type may take ("-1" only where the range starts at 0).
std::vector<std::string> hostile_text(const Param& p) {
    std::vector<std::string> v = {"nan", "inf", "-inf", "1e400", "2x", "", "--16", "18446744073709551616"};
    if (p.min > -1) v.push_back("-1");
    if (p.type == Type::Int) v.insert(v.end(), {"2.5", "1e3", "0x", "4294967297.5"});
    if (p.type == Type::Int ? p.max < 1e18 : p.max < 1e30)
        v.push_back(p.type == Type::Int ? "1000000000000000000" : "1e30");
    return v;
}

std::vector<json> hostile_json(const Param& p) {
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<json> v = {json(inf), json(std::numeric_limits<double>::quiet_NaN()), json("7"), json(nullptr),
                           json(18446744073709551615ull)};
    if (p.min > -1) v.push_back(json(-1));
    if (p.type == Type::Int) v.push_back(json(2.5));
    if (p.max < 1e30) v.push_back(json(1e30));
    return v;
}

std::vector<const Param*> numeric_params(const Registry& r) {
    std::vector<const Param*> out;
    for (const Param* p : r.list())
        if (p->type == Type::Int || p->type == Type::Double) out.push_back(p);
    return out;
}

TEST(NumericParams, EveryOneHasARange) {
    const Registry r = timing_registry();
    ASSERT_GE(numeric_params(r).size(), 10u);
    for (const Param* p : numeric_params(r)) EXPECT_TRUE(p->has_range) << p->name << " takes any number";
}

// "[MIN, MAX]" as the registry prints an integer parameter's range (integers, not doubles).
std::string int_range(const Param& p) {
    const auto whole = [](double d) {
        return d >= 9.2e18 ? std::to_string(INT64_MAX) : std::to_string(static_cast<std::int64_t>(d));
    };
    return "[" + whole(p.min) + ", " + whole(p.max) + "]";
}

std::string what_of_override(const std::string& assignment) {
    Registry r = timing_registry();
    try {
        r.apply_override(assignment);
    } catch (const ParamError& e) {
        return e.what();
    }
    return "accepted";
}

// An integer out of range names the key, the value as given and the allowed range, also when
// the value does not even fit in 64 bits (that message once said only "does not fit").
TEST(NumericParams, IntegerRangeMessagesNameKeyValueAndRange) {
    const Registry declared = timing_registry();
    for (const Param* p : numeric_params(declared)) {
        if (p->type != Type::Int || p->max >= 9.2e18) continue;
        const std::string above = std::to_string(static_cast<std::int64_t>(p->max) + 1);
        for (const std::string& v : {above, std::string("99999999999999999999")}) {
            SCOPED_TRACE(p->name + "=" + v);
            const std::string w = what_of_override(p->name + "=" + v);
            EXPECT_NE(w.find("-p: parameter '" + p->name + "': value " + v), std::string::npos) << w;
            EXPECT_NE(w.find(int_range(*p)), std::string::npos) << w;
        }
    }
    const std::string w = what_of_override("sm.sp_lanes=99999999999999999999");
    EXPECT_NE(w.find("-p: parameter 'sm.sp_lanes': value 99999999999999999999 does not fit in a 64-bit integer; "
                     "the allowed range is ["),
              std::string::npos)
        << w;
}

TEST(NumericParams, TextValuesAreRefusedByName) {
    const Registry declared = timing_registry();  // kept: list() points into it
    for (const Param* p : numeric_params(declared)) {
        for (const std::string& v : hostile_text(*p)) {
            SCOPED_TRACE(p->name + "=" + v);
            Registry r = timing_registry();
            try {
                r.apply_override(p->name + "=" + v);
                ADD_FAILURE() << "accepted";
            } catch (const ParamError& e) {
                EXPECT_NE(std::string(e.what()).find("-p: parameter '" + p->name + "'"), std::string::npos) << e.what();
            }
        }
    }
}

TEST(NumericParams, ConfigValuesAreRefusedByName) {
    const std::string file = std::string(FGTLM_TEST_TMP_DIR) + "/numeric_" + std::to_string(::getpid()) + ".json";
    const Registry declared = timing_registry();  // kept: list() points into it
    for (const Param* p : numeric_params(declared)) {
        for (const json& v : hostile_json(*p)) {
            SCOPED_TRACE(p->name + " = " + v.dump());
            std::ofstream(file) << json{{p->name, v}}.dump();
            Registry r = timing_registry();
            try {
                r.load_json_file(file);
                ADD_FAILURE() << "accepted";
            } catch (const ParamError& e) {
                const std::string what = e.what();
                EXPECT_NE(what.find(file), std::string::npos) << what;
                // NaN and infinity are no JSON: dump() writes null, refused as such.
                EXPECT_NE(what.find("parameter '" + p->name + "'"), std::string::npos) << what;
            }
        }
    }
    std::ofstream(file) << R"({"sm": {"sp_lanes": 1e400}})";
    Registry r = timing_registry();
    try {
        r.load_json_file(file);
        ADD_FAILURE() << "1e400 accepted";
    } catch (const ParamError& e) {
        EXPECT_NE(std::string(e.what()).find(file), std::string::npos) << e.what();
    }
    std::filesystem::remove(file);
}

}  // namespace
