#include <fgtlm/params/registry.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>

#include <sys/stat.h>

using fgtlm::params::ParamError;
using fgtlm::params::Registry;

namespace {

Registry make() {
    Registry r;
    r.declare_int("sm.sp_lanes", 8, "SP lanes", "lanes", 1, 32);
    r.declare_int("mem.global_latency_cycles", 10, "latency", "cycles", 0, 1000);
    r.declare_double("gpu.clock_mhz", 100.0, "clock", "MHz", 1.0, 5000.0);
    r.declare_bool("mem.global_per_thread", true, "no coalescing");
    r.declare_string("sm.scheduler", "round_robin", "warp scheduler policy");
    return r;
}

std::string error_of(auto&& fn) {
    try {
        fn();
    } catch (const ParamError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(Params, DefaultsAndTypedGetters) {
    Registry r = make();
    EXPECT_EQ(r.get_int("sm.sp_lanes"), 8);
    EXPECT_DOUBLE_EQ(r.get_double("gpu.clock_mhz"), 100.0);
    EXPECT_TRUE(r.get_bool("mem.global_per_thread"));
    EXPECT_EQ(r.get_string("sm.scheduler"), "round_robin");
    EXPECT_THROW((void)r.get_bool("sm.sp_lanes"), ParamError);
    EXPECT_THROW((void)r.get_int("sm.nope"), ParamError);
}

TEST(Params, CommandLineOverrides) {
    Registry r = make();
    r.apply_override("sm.sp_lanes=16");
    r.apply_override("mem.global_per_thread=false");
    r.apply_override("gpu.clock_mhz=2.5e2");
    r.apply_override("mem.global_latency_cycles=0x20");
    EXPECT_EQ(r.get_int("sm.sp_lanes"), 16);
    EXPECT_FALSE(r.get_bool("mem.global_per_thread"));
    EXPECT_DOUBLE_EQ(r.get_double("gpu.clock_mhz"), 250.0);
    EXPECT_EQ(r.get_int("mem.global_latency_cycles"), 32);
    EXPECT_EQ(r.find("sm.sp_lanes").source, "-p");
}

TEST(Params, ErrorsNameTheKey) {
    Registry r = make();
    EXPECT_NE(error_of([&] { r.apply_override("sm.sp_lane=16"); }).find("'sm.sp_lane'"), std::string::npos);
    // The hint lists the known names of the same group.
    EXPECT_NE(error_of([&] { r.apply_override("sm.sp_lane=16"); }).find("sm.sp_lanes"), std::string::npos);
    EXPECT_NE(error_of([&] { r.apply_override("sm.sp_lanes=sixteen"); }).find("not an integer"), std::string::npos);
    EXPECT_NE(error_of([&] { r.apply_override("sm.sp_lanes=64"); }).find("outside"), std::string::npos);
    EXPECT_NE(error_of([&] { r.apply_override("sm.sp_lanes=16x"); }).find("sm.sp_lanes"), std::string::npos);
    EXPECT_NE(error_of([&] { r.apply_override("mem.global_per_thread=maybe"); }).find("not a bool"), std::string::npos);
    EXPECT_NE(error_of([&] { r.apply_override("novalue"); }).find("key=value"), std::string::npos);
    // A failed set leaves the old value.
    EXPECT_EQ(r.get_int("sm.sp_lanes"), 8);
}

TEST(Params, JsonNestedAndDotted) {
    Registry r = make();
    r.apply_json(nlohmann::json::parse(R"({"sm": {"sp_lanes": 32, "scheduler": "rr"},
                                           "mem.global_latency_cycles": 7, "gpu": {"clock_mhz": 50}})"),
                 "cfg.json");
    EXPECT_EQ(r.get_int("sm.sp_lanes"), 32);
    EXPECT_EQ(r.get_string("sm.scheduler"), "rr");
    EXPECT_EQ(r.get_int("mem.global_latency_cycles"), 7);
    EXPECT_DOUBLE_EQ(r.get_double("gpu.clock_mhz"), 50.0);
    EXPECT_EQ(r.find("sm.sp_lanes").source, "cfg.json");
}

TEST(Params, JsonErrorsNameFileAndKey) {
    Registry r = make();
    const std::string e1 = error_of([&] { r.apply_json(nlohmann::json::parse(R"({"sm": {"lanes": 4}})"), "a.json"); });
    EXPECT_NE(e1.find("a.json"), std::string::npos);
    EXPECT_NE(e1.find("'sm.lanes'"), std::string::npos);
    const std::string e2 = error_of([&] { r.apply_json(nlohmann::json::parse(R"({"sm.sp_lanes": "8"})"), "b.json"); });
    EXPECT_NE(e2.find("b.json"), std::string::npos);
    EXPECT_NE(e2.find("expected a value of type int"), std::string::npos);
    EXPECT_THROW(r.apply_json(nlohmann::json::parse(R"({"sm.sp_lanes": 8.5})"), "c.json"), ParamError);
    EXPECT_THROW(r.apply_json(nlohmann::json::parse(R"([1,2])"), "d.json"), ParamError);
}

TEST(Params, LoadFileAndRoundTripConfig) {
    Registry r = make();
    const std::string path = std::string(FGTLM_TEST_TMP_DIR) + "/params_test.json";
    {
        std::ofstream out(path);
        out << R"({"sm": {"sp_lanes": 16}})";
    }
    r.load_json_file(path);
    EXPECT_EQ(r.get_int("sm.sp_lanes"), 16);
    EXPECT_EQ(r.find("sm.sp_lanes").source, path);

    // values_as_config() is itself a valid config that reproduces the values.
    Registry copy = make();
    copy.apply_json(r.values_as_config(), "roundtrip");
    EXPECT_EQ(copy.get_int("sm.sp_lanes"), 16);

    const std::string bad = std::string(FGTLM_TEST_TMP_DIR) + "/params_bad.json";
    {
        std::ofstream out(bad);
        out << "{ not json";
    }
    EXPECT_NE(error_of([&] { r.load_json_file(bad); }).find(bad), std::string::npos);
    EXPECT_NE(error_of([&] { r.load_json_file(bad + ".missing"); }).find("cannot open"), std::string::npos);
}

TEST(Params, ListingAndDeclarationChecks) {
    Registry r = make();
    EXPECT_THROW(r.declare_int("sm.sp_lanes", 8, "again", "", 1, 32), ParamError);
    EXPECT_THROW(r.declare_int("sm.bad", 100, "default out of range", "", 1, 32), ParamError);
    EXPECT_THROW(r.declare_bool("sm..x", true, "bad name"), ParamError);
    const auto all = r.list();
    ASSERT_EQ(all.size(), 5u);
    EXPECT_EQ(all.front()->name, "gpu.clock_mhz");  // sorted by name
    const auto j = r.to_json();
    EXPECT_EQ(j["sm.sp_lanes"]["default"], 8);
    EXPECT_EQ(j["sm.sp_lanes"]["unit"], "lanes");
    const std::string text = r.to_text(false);
    EXPECT_NE(text.find("sm.sp_lanes"), std::string::npos);
    EXPECT_NE(text.find("SP lanes"), std::string::npos);
}

namespace {

// A config nested `depth` objects deep under "sm": {"sm": {"a": {"a": ... 1}}}.
std::string deep_config(std::size_t depth) {
    std::string s = "{\"sm\": ";
    for (std::size_t i = 0; i < depth; ++i) s += "{\"a\": ";
    s += "1";
    s += std::string(depth + 1, '}');
    return s;
}

}  // namespace

// Issue 27: a 200,000-deep config overflowed the stack (one recursion per level, each level
// copying the whole prefix); it is now an unknown parameter named by its first levels.
TEST(Params, DeepConfigIsAnUnknownParameter) {
    Registry r = make();
    const std::string path = std::string(FGTLM_TEST_TMP_DIR) + "/deep_config.json";
    std::ofstream(path) << deep_config(200000);
    const std::string e = error_of([&] { r.load_json_file(path); });
    EXPECT_NE(e.find("deep_config.json: unknown parameter 'sm.a'"), std::string::npos) << e.substr(0, 300);
    EXPECT_LT(e.size(), 400u);
}

TEST(Params, NestedValuesAreNotDumped) {
    Registry r = make();
    const std::string deep = "{\"sm\": {\"sp_lanes\": " + std::string(200000, '[') + std::string(200000, ']') + "}}";
    const std::string e = error_of([&] { r.apply_json(nlohmann::json::parse(deep), "n.json"); });
    EXPECT_NE(e.find("n.json: parameter 'sm.sp_lanes': unsupported JSON value: an array of 1 element"),
              std::string::npos)
        << e;
    const std::string g = error_of([&] { r.apply_json(nlohmann::json::parse(R"({"sm": {"sp_lanes": {"x": 1}}})"),
                                                      "g.json"); });
    EXPECT_NE(g.find("g.json: parameter 'sm.sp_lanes': is a parameter, not a group"), std::string::npos) << g;
}

TEST(Params, NumberOverflowAndFifoNameTheFile) {
    Registry r = make();
    const std::string path = std::string(FGTLM_TEST_TMP_DIR) + "/overflow.json";
    std::ofstream(path) << R"({"sm": {"sp_lanes": 1e400}})";
    const std::string e = error_of([&] { r.load_json_file(path); });
    EXPECT_NE(e.find("overflow.json: invalid JSON"), std::string::npos) << e;
    EXPECT_NE(e.find("1e400"), std::string::npos) << e;
    const std::string fifo = std::string(FGTLM_TEST_TMP_DIR) + "/fifo.json";
    std::remove(fifo.c_str());
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const std::string f = error_of([&] { r.load_json_file(fifo); });
    EXPECT_NE(f.find("fifo.json: not a regular file"), std::string::npos) << f;
}

TEST(Params, EchoedTextIsEscapedAndCut) {
    Registry r = make();
    const std::string e = error_of([&] { r.apply_override("sm.sp_lanes=\x1b[31m" + std::string(1 << 20, '9')); });
    EXPECT_NE(e.find("\\x1b[31m"), std::string::npos) << e.substr(0, 200);
    EXPECT_EQ(e.find('\x1b'), std::string::npos);
    EXPECT_LT(e.size(), 400u);
}
