// Issue 27: campaign descriptions (--campaign files, Slurm shard inputs, the header of every
// records file) name the key of every bad value. The property test walks the description
// `to_json` writes (with every optional field set), so a field added to CampaignSpec is
// covered as soon as it is written; then the records-file headers `inject --merge` reads.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include <fgtlm/faults/backends.hpp>
#include <fgtlm/faults/campaign.hpp>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace fgtlm;

json full_description() {
    faults::CampaignSpec s;
    s.target.target = "bundle";
    s.target.grid = {2, 1};
    s.target.block = {32, 1, 1};
    s.target.params = {0, 4096};
    s.plans = {{faults::Structure::Gpr, faults::FaultModel::Flip, 5}};
    s.at_instruction = 3;
    s.at_cycle = 7;
    s.max_instructions = 1000;
    return faults::to_json(s);
}

// The last object key of a JSON pointer ("grid" of /target/grid/0): what a message must name.
std::string field_of(const std::string& pointer) {
    std::string last;
    std::istringstream s(pointer);
    for (std::string tok; std::getline(s, tok, '/');)
        if (!tok.empty() && tok.find_first_not_of("0123456789") != std::string::npos) last = tok;
    return last;
}

std::string refusal(const json& j) {
    try {
        (void)faults::campaign_from_json(j);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "accepted";
}

TEST(CampaignFields, EveryNumberRefusesHostileValuesByName) {
    const json good = full_description();
    ASSERT_EQ(refusal(good), "accepted");
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<json> integer_bad = {json(-1),  json(2.9), json(1e30), json(18446744073709551616.0),
                                           json("7"), json(inf), json(nan),  json(nullptr)};
    const std::vector<json> real_bad = {json(-1), json(1e30), json("0.1"), json(inf), json(-inf), json(nan)};
    std::size_t fields = 0;
    const json flat = good.flatten();  // kept: items() of a temporary would dangle
    for (const auto& [pointer, value] : flat.items()) {
        if (!value.is_number()) continue;
        ++fields;
        for (const json& bad : value.is_number_float() ? real_bad : integer_bad) {
            SCOPED_TRACE(pointer + " = " + bad.dump());
            json spoiled = good;
            spoiled[json::json_pointer(pointer)] = bad;
            const std::string why = refusal(spoiled);
            EXPECT_NE(why.find(field_of(pointer) + (pointer.back() >= '0' && pointer.back() <= '9' ? "[" : ":")),
                      std::string::npos)
                << why;
        }
    }
    EXPECT_GE(fields, 15u);
}

TEST(CampaignFields, WrongTypesNameTheKey) {
    const json good = full_description();
    const json flat = good.flatten();
    for (const auto& [pointer, value] : flat.items()) {
        if (value.is_number()) continue;
        SCOPED_TRACE(pointer);
        json spoiled = good;
        spoiled[json::json_pointer(pointer)] = value.is_string() ? json(5) : json("yes");
        const std::string why = refusal(spoiled);
        EXPECT_NE(why.find(field_of(pointer)), std::string::npos) << why;
        EXPECT_EQ(why.find("type must be"), std::string::npos) << "a raw nlohmann message: " << why;
    }
    EXPECT_NE(refusal(json{{"plans", 5}}).find("plans: must be an array"), std::string::npos);
    EXPECT_NE(refusal(json{{"plans", {5}}}).find("plans[0]: must be a structure name or an object"), std::string::npos);
    EXPECT_NE(refusal(json{{"plans", {{{"count", 1}}}}}).find("plans[0].structure: missing"), std::string::npos);
    EXPECT_NE(refusal(json{{"target", {{"path", 5}}}}).find("target.path: must be a string"), std::string::npos);
}

// A misspelt key inside target or a plan was ignored (the campaign ran without it); like an
// unknown top-level key it is refused, naming where and the keys there are.
TEST(CampaignFields, UnknownNestedKeysAreRefused) {
    const std::string plan = refusal(json{{"plans", {{{"structure", "gpr"}, {"lanes", "x"}}}}});
    EXPECT_NE(plan.find("campaign description: plans[0]: unknown key 'lanes' (keys: structure, model, count)"),
              std::string::npos)
        << plan;
    const std::string target = refusal(json{{"target", {{"path", "b"}, {"grdi", {2}}}}});
    EXPECT_NE(target.find("campaign description: target: unknown key 'grdi'"), std::string::npos) << target;
}

// Records files as `inject --merge` reads them: a malformed or mismatched header names the
// file, line 1 and the field.
class MergeHeaders : public ::testing::Test {
protected:
    fs::path dir = fs::temp_directory_path() / ("fgtlm_merge_headers_" + std::to_string(::getpid()));
    void SetUp() override { fs::create_directories(dir); }
    void TearDown() override { fs::remove_all(dir); }

    static json header() {
        return {{"campaign", full_description()}, {"kernel", "k"},   {"golden_instructions", 10},
                {"cycles_per_instruction", 1.5},  {"injections", 2}, {"format", 1}};
    }
    fs::path file(const std::string& name, const json& h) {
        const fs::path p = dir / name;
        std::ofstream(p) << h.dump() << '\n'
                         << json{{"id", 0}, {"class", "Masked"}, {"structure", "gpr"}, {"model", "flip"}}.dump()
                         << '\n';
        return p;
    }
    static std::string error_of(const std::vector<fs::path>& files) {
        try {
            (void)faults::merge_records(files);
        } catch (const std::exception& e) {
            return e.what();
        }
        return "merged";
    }
};

TEST_F(MergeHeaders, MalformedFieldsAreNamed) {
    EXPECT_EQ(error_of({file("good.jsonl", header())}), "merged");
    const std::vector<std::pair<std::string, json>> cases = {{"/injections", json(-1)},
                                                             {"/injections", json(2.5)},
                                                             {"/kernel", json(5)},
                                                             {"/golden_instructions", json("10")},
                                                             {"/campaign/count", json(2.9)},
                                                             {"/campaign/plans", json(5)},
                                                             {"/cycles_per_instruction", json("x")}};
    for (const auto& [pointer, bad] : cases) {
        SCOPED_TRACE(pointer);
        json h = header();
        h[json::json_pointer(pointer)] = bad;
        const fs::path f = file("bad.jsonl", h);
        const std::string why = error_of({f});
        EXPECT_NE(why.find(f.string() + ":1: campaign header: "), std::string::npos) << why;
        EXPECT_NE(why.find(field_of(pointer)), std::string::npos) << why;
    }
    json h = header();
    h.erase("campaign");
    EXPECT_NE(error_of({file("none.jsonl", h)}).find(":1: campaign header: not a campaign header"), std::string::npos);
}

TEST_F(MergeHeaders, MismatchNamesTheDifferingField) {
    json other = header();
    other["kernel"] = "other";
    const fs::path a = file("a.jsonl", header()), b = file("b.jsonl", other);
    const std::string why = error_of({a, b});
    EXPECT_NE(why.find(b.string() + ":1: belongs to another campaign than " + a.string()), std::string::npos) << why;
    EXPECT_NE(why.find("header field 'kernel' differs"), std::string::npos) << why;
}

}  // namespace
