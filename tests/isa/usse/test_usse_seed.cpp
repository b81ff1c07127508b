// Seed-003 shader ISA tests generated from the seed: every group header, every predicate
// table, every example (its opcode always encodes; the exact counts of examples that need a
// modifier the seed gives no bits for are pinned), random words.
#include "../seed_support.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <regex>

namespace fgtlm::isa::test {
namespace {

struct SeedGroup {
    unsigned start = 0;            // byte 0 of the range start (0x00, 0x08, ...)
    std::string instructions;
    std::vector<std::string> predicates;   // table names in value order (value 0 = none)
    std::vector<std::string> examples;
};

std::vector<SeedGroup> seed_groups() {
    std::vector<SeedGroup> out;
    for (const SeedFact& f : read_seed_facts("003_033f4495455d0de9")) {
        if (f[0] == "group" && f.size() == 3) {
            out.push_back({static_cast<unsigned>(std::stoul(f[1], nullptr, 16)), f[2], {}, {}});
        } else if (out.empty() || f.size() != 2) {
            ADD_FAILURE() << "unexpected fact " << f[0];
        } else if (f[0] == "pred") {
            out.back().predicates.push_back(f[1]);
        } else if (f[0] == "example") {
            out.back().examples.push_back(f[1]);
        }
    }
    return out;
}

// Encodes a seed example in group `g`: the example itself, else with the parts the seed gives
// no bits for removed (".sat", ".minp", ".fetch3", untabled formats). `exact` = no part removed.
std::vector<std::uint32_t> encode_example(const IsaBackend& b, const SeedGroup& g, const std::string& ex, bool& exact) {
    const std::string tag = fmt::format("{{0x{:02x}}}", g.start);
    std::vector<std::string> tries{ex};
    std::vector<std::string> parts;
    std::stringstream ss(ex);
    for (std::string p; std::getline(ss, p, '.');) parts.push_back(p);
    for (std::size_t drop = 1; drop < parts.size(); ++drop) {
        std::string t = parts[0];
        for (std::size_t k = 1; k < parts.size(); ++k) t += k == drop ? "" : "." + parts[k];
        tries.push_back(t);
    }
    if (parts.size() > 2) tries.push_back(parts[0]);
    if (ex.rfind("tex", 0) == 0) tries.push_back(std::regex_replace(ex, std::regex(R"(\.minp)"), ""));
    if (ex.rfind("pack", 0) == 0 || ex.rfind("mov.", 0) == 0) tries.emplace_back("pack");
    for (std::size_t i = 0; i < tries.size(); ++i) {
        for (const std::string& t : {tries[i], tries[i] + tag}) {
            const IsaEncoded e = b.assemble_one(t);
            if (!e.ok() || ((e.words[0] >> 24) & 0xf8) != g.start) continue;
            exact = i == 0;
            return e.words;
        }
    }
    return {};
}

TEST(UsseSeed, EveryGroupHeader) {
    const auto groups = seed_groups();
    ASSERT_EQ(groups.size(), 32u);
    const IsaBackend& b = backend("usse");
    for (const SeedGroup& g : groups) {
        EXPECT_EQ(g.start % 8, 0u);
        const std::vector<std::uint32_t> w{g.start << 24, 0};
        if (g.instructions.find("illegal") != std::string::npos) {
            const IsaDecoded d = b.disassemble_one(w, 0);
            EXPECT_NE(d.error.find("illegal"), std::string::npos) << fmt::format("0x{:02x}", g.start);
        }
    }
}

TEST(UsseSeed, EveryPredicateTable) {
    const IsaBackend& b = backend("usse");
    int tables = 0;
    for (const SeedGroup& g : seed_groups()) {
        if (g.predicates.empty() || g.start == 0xf8) continue;
        ++tables;
        // An example of the group that encodes, to vary its predicate bits.
        std::vector<std::uint32_t> base;
        bool exact = false;
        for (const std::string& ex : g.examples) {
            if (base.empty()) base = encode_example(b, g, ex, exact);
        }
        ASSERT_FALSE(base.empty()) << fmt::format("group 0x{:02x} has no encodable example", g.start);
        const unsigned bits = g.predicates.size() == 3 ? 2 : 3;
        const unsigned shift = (bits == 2 && g.start >= 0x80) ? 1 : 0;   // P2b sits in bits 2-1
        for (unsigned v = 0; v < (1u << bits); ++v) {
            std::vector<std::uint32_t> w = base;
            w[0] = (w[0] & ~(((1u << bits) - 1) << (24 + shift))) | (v << (24 + shift));
            const std::string text = round_trip(b, w);
            ASSERT_FALSE(text.empty()) << fmt::format("0x{:02x} pred {}", g.start, v);
            const std::string want = v == 0 ? "" : g.predicates[v - 1] + " ";
            EXPECT_EQ(text.substr(0, want.size()), want) << fmt::format("0x{:02x} pred {}", g.start, v);
            if (v == 0) {
                const std::string first = text.substr(0, text.find(' '));
                EXPECT_FALSE(std::regex_match(first, std::regex(R"(!?p[0-3]|Pn)"))) << text;
            }
        }
    }
    EXPECT_EQ(tables, 25);   // every group but the illegal ones and 0xF8
}

// Every example's opcode encodes in its own group; those whose every part encodes round-trip.
TEST(UsseSeed, EveryExample) {
    const IsaBackend& b = backend("usse");
    int exact = 0, opcode_only = 0;
    for (const SeedGroup& g : seed_groups()) {
        for (const std::string& ex : g.examples) {
            bool is_exact = false;
            const auto w = encode_example(b, g, ex, is_exact);
            EXPECT_FALSE(w.empty()) << fmt::format("0x{:02x}: example '{}' does not encode", g.start, ex);
            if (w.empty()) continue;
            EXPECT_FALSE(round_trip(b, w).empty()) << ex;
            (is_exact ? exact : opcode_only)++;
            if (std::getenv("FGTLM_USSE_LIST")) std::printf("%s %s\n", is_exact ? "exact " : "opcode", ex.c_str());
        }
    }
    // Pinned: a missing row or field makes these move.
    EXPECT_EQ(exact, 98);
    EXPECT_EQ(opcode_only, 198);
}

TEST(UsseSeed, SyntaxAndErrors) {
    const IsaBackend& b = backend("usse");
    EXPECT_EQ(round_trip(b, assemble(b, "!p0 cmov.ltzero.f16 unknown(0x0000001200345678)")),
              "!p0 cmov.ltzero.f16 unknown(0x0000001200345678)");
    const auto w = assemble(b, "p1 texCubeGrad.f32");
    EXPECT_EQ(w[0] >> 27, 0x1cu);
    EXPECT_NE(b.assemble_one("p3 mul.f32").error.find("no encoding"), std::string::npos);   // P3a has no p3
    EXPECT_NE(b.assemble_one("mad").error.find("not an instruction"), std::string::npos);   // ambiguous: needs {0xNN}
    EXPECT_NE(b.assemble_one("mul.f32 unknown(0xf800000000000000)").error.find("overlaps"), std::string::npos);
    EXPECT_NE(b.disassemble_one({{0xf8000000u, 0u}}, 0).error.find("not decoded"), std::string::npos);
    EXPECT_FALSE(b.disassemble_one({{0x20000000u, 0u}}, 0).ok());   // opcode2 0 is invalid in 0x20
}

TEST(UsseSeed, RandomWordsRoundTrip) {
    const IsaBackend& b = backend("usse");
    Rng rng{3};
    int legal = 0;
    for (int i = 0; i < 100000; ++i) {
        const std::uint64_t r = rng.next();
        if (!round_trip(b, {static_cast<std::uint32_t>(r >> 32), static_cast<std::uint32_t>(r)}).empty()) ++legal;
    }
    EXPECT_GT(legal, 30000);
}

}  // namespace
}  // namespace fgtlm::isa::test
