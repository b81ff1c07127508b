// Shared helpers for the per-back-end tests: reading the facts of a seed document
// (tests/data/isa/seed-facts/<seed>.tsv, written by scripts/extract-seed-facts) and
// one-instruction round trips through the registry.
#pragma once

#include <fgtlm/isa/registry.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fgtlm::isa::test {

// One fact: its kind (first column) and its fields.
using SeedFact = std::vector<std::string>;

inline std::string seed_facts_path(std::string seed) {
    if (seed.size() > 4 && seed.ends_with(".txt")) seed.resize(seed.size() - 4);
    return std::string(FGTLM_DATA_DIR) + "/isa/seed-facts/" + seed + ".tsv";
}

// The facts of seed document `seed` ("001_a0296078d91cc189" or its .txt name), in file order;
// comment lines (#) skipped. A missing file fails the test, naming it.
inline std::vector<SeedFact> read_seed_facts(const std::string& seed) {
    const std::string path = seed_facts_path(seed);
    std::ifstream in(path);
    if (!in) ADD_FAILURE() << "cannot read seed facts " << path;
    std::vector<SeedFact> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        SeedFact f;
        std::stringstream ss(line);
        for (std::string field; std::getline(ss, field, '\t');) f.push_back(field);
        if (line.back() == '\t') f.emplace_back();
        out.push_back(std::move(f));
    }
    return out;
}

inline const IsaBackend& backend(const std::string& name) {
    const IsaBackend* b = find_isa(name);
    if (b == nullptr) throw std::runtime_error("no ISA " + name);
    return *b;
}

// Decodes `words`; if legal, checks that its text assembles back to exactly the words
// consumed. Returns the text ("" if the words do not decode).
inline std::string round_trip(const IsaBackend& b, const std::vector<std::uint32_t>& words) {
    const IsaDecoded d = b.disassemble_one(words, 0);
    if (!d.ok()) return {};
    const IsaEncoded e = b.assemble_one(d.text);
    EXPECT_TRUE(e.ok()) << b.name() << ": '" << d.text << "' does not assemble: " << e.error;
    const std::vector<std::uint32_t> want(words.begin(), words.begin() + d.words);
    EXPECT_EQ(e.words, want) << b.name() << ": '" << d.text << "'";
    return d.text;
}

// Assembles one line; fails the test (and returns {}) on error.
inline std::vector<std::uint32_t> assemble(const IsaBackend& b, const std::string& line) {
    const IsaEncoded e = b.assemble_one(line);
    EXPECT_TRUE(e.ok()) << b.name() << ": '" << line << "': " << e.error;
    return e.words;
}

// Deterministic 64-bit generator (splitmix64), so failures reproduce.
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
};

}  // namespace fgtlm::isa::test
