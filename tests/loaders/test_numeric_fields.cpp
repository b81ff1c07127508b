// Issue 27's property test for launch.json and expected.json: every numeric field of a real
// bundle, found by walking its files (so a field added to the format is covered as soon as a
// bundle carries it), is given a negative, fractional, overflowing and wrongly typed value.
// Each must be a LoadError naming the file and the field, or, for a field the loader does not
// read, leave the loaded kernel exactly as it was: never a silent wrap or truncation.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <fgtlm/loaders/bundle_loader.hpp>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace fgtlm::loaders;

const fs::path kBundle = fs::path(FGTLM_DATA_DIR) / "conformance" / "VectorAdd_integer";

json read_json(const fs::path& p) {
    std::ifstream in(p);
    return json::parse(in);
}

// Everything the loader hands on, as text: two loads that agree here load the same kernel.
std::string fingerprint(const KernelImage& img) {
    std::ostringstream s;
    const auto& l = img.launch;
    s << l.grid[0] << ',' << l.grid[1] << ';' << l.block[0] << ',' << l.block[1] << ',' << l.block[2] << ';'
      << l.regs_per_thread << ';' << l.shared_bytes << ';' << l.blocks_per_sm << ';' << l.code_base << ';' << img.cores
      << ';' << img.global_mem_bytes << ';' << img.dump.addr << ',' << img.dump.len << ';' << img.rtl_kernel_cycles
      << ';' << img.program.size() << ';' << img.global_init.size() << ';';
    for (const auto p : l.params) s << p << ',';
    for (const auto c : l.const_mem) s << int(c) << ',';
    for (const auto& u : img.global_init_undefined) s << u.addr << '+' << u.len << ',';
    for (const auto& e : img.expected) {
        s << e.addr << ':';
        for (const auto& w : e.words) s << (w ? std::to_string(*w) : "-") << ',';
    }
    return s.str();
}

// JSON pointers of every number in `j` ("/grid/0", "/dump/addr", ...).
std::vector<std::string> numeric_leaves(const json& j) {
    std::vector<std::string> out;
    const json flat = j.flatten();  // kept: items() of a temporary would dangle
    for (const auto& [pointer, value] : flat.items())
        if (value.is_number()) out.push_back(pointer);
    return out;
}

// The last object key of a pointer: the field a message must name ("grid" of /grid/0).
std::string field_of(const std::string& pointer) {
    std::string last;
    std::istringstream s(pointer);
    for (std::string tok; std::getline(s, tok, '/');)
        if (!tok.empty() && tok.find_first_not_of("0123456789") != std::string::npos) last = tok;
    return last;
}

void property_for(const std::string& file) {
    const std::string reference = fingerprint(load_bundle(kBundle));
    const json original = read_json(kBundle / file);
    const fs::path dir = fs::temp_directory_path() / ("fgtlm_numeric_fields_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const auto& f : fs::directory_iterator(kBundle)) fs::copy_file(f.path(), dir / f.path().filename());
    const std::vector<std::string> leaves = numeric_leaves(original);
    ASSERT_GE(leaves.size(), 3u) << "no numeric fields found in " << file;
    const std::vector<json> hostile = {json(-1),  json(2.5), json(1e30), json(18446744073709551616.0),
                                       json("7"), json(-0.5)};
    for (const std::string& pointer : leaves) {
        for (const json& bad : hostile) {
            SCOPED_TRACE(file + " " + pointer + " = " + bad.dump());
            json spoiled = original;
            spoiled[json::json_pointer(pointer)] = bad;
            std::ofstream(dir / file) << spoiled.dump(1);
            try {
                EXPECT_EQ(fingerprint(load_bundle(dir)), reference) << "accepted with another result";
            } catch (const LoadError& e) {
                const std::string what = e.what();
                EXPECT_NE(what.find(file), std::string::npos) << what;
                EXPECT_NE(what.find(field_of(pointer)), std::string::npos) << what;
            }
        }
    }
    fs::remove_all(dir);
}

TEST(NumericFields, LaunchJsonRefusesHostileValuesByName) { property_for("launch.json"); }

TEST(NumericFields, ExpectedJsonRefusesHostileValuesByName) { property_for("expected.json"); }

// A number beyond a double is a JSON error of the file, not a bare nlohmann message.
TEST(NumericFields, OverflowingLiteralNamesTheFile) {
    const fs::path dir = fs::temp_directory_path() / ("fgtlm_numeric_overflow_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const auto& f : fs::directory_iterator(kBundle)) fs::copy_file(f.path(), dir / f.path().filename());
    std::ofstream(dir / "launch.json") << R"({"grid": [1e400, 1], "block": [32, 1, 1]})";
    try {
        load_bundle(dir);
        ADD_FAILURE() << "1e400 accepted";
    } catch (const LoadError& e) {
        EXPECT_NE(std::string(e.what()).find("launch.json"), std::string::npos) << e.what();
    }
    fs::remove_all(dir);
}

}  // namespace
