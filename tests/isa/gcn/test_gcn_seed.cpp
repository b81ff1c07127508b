// GCN SOP2 tests generated from seed 002: every row of the opcode table in every version,
// every instruction's operand widths from its "Syntax:" line, its "Opcode:" line against the
// table, every operand code of the operand encoding, and random words.
#include "../seed_support.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include "../../draw_count.hpp"

namespace fgtlm::isa::test {
namespace {

const char* const kGcnSeed = "002_97a1509900cfa0f2.txt";
const char* const kVersions[3] = {"gcn1.0", "gcn1.2", "gcn1.4"};

struct SeedRow {
    unsigned opcode;
    std::string names[3];
};

std::vector<SeedRow> seed_opcode_table() {
    std::vector<SeedRow> rows;
    for (const SeedFact& f : read_seed_facts(kGcnSeed)) {
        if (f[0] != "opcode" || f.size() != 6) continue;
        rows.push_back({static_cast<unsigned>(std::stoul(f[1])), {f[3], f[4], f[5]}});
        EXPECT_EQ(std::stoul(f[1]), std::stoul(f[2], nullptr, 16)) << "decimal and hex disagree in the seed";
    }
    return rows;
}

struct SeedEntry {
    std::string name;
    std::string opcode_text;    // "44 (0x2c) for GCN 1.0/11; 42 (0x2a) for GCN 1.2"
    int widths[3] = {0, 0, 0};  // sdst, ssrc0, ssrc1 from the Syntax line
};

std::map<std::string, SeedEntry> seed_entries() {
    std::map<std::string, SeedEntry> out;
    for (const SeedFact& f : read_seed_facts(kGcnSeed)) {
        if (f[0] != "entry" || f.size() != 4) continue;
        SeedEntry en;
        en.name = f[1];
        en.opcode_text = f[2];
        std::stringstream ss(f[3]);  // the operands of the Syntax line, after the mnemonic
        std::string tok;
        int src = 1;
        while (std::getline(ss, tok, ',')) {
            tok.erase(0, tok.find_first_not_of(' '));
            const int w = tok.find("(2)") != std::string::npos ? 2 : 1;
            if (tok.rfind("SDST", 0) == 0) {
                en.widths[0] = w;
            } else if (src <= 2) {
                en.widths[src++] = w;
            }
        }
        out[en.name] = en;
    }
    return out;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string operand(unsigned code, int width) {
    return width == 2 ? "s[" + std::to_string(code) + ":" + std::to_string(code + 1) + "]" : "s" + std::to_string(code);
}

// The seed's syntax lines, with the deviations the table follows (see sop2_table.cpp).
void apply_known_deviations(std::map<std::string, SeedEntry>& entries) {
    // "S_BFE_I64 SDST, SSRC0, SSRC1" but "extract bits in SSRC0 from range (SSRC1&63)", INT64.
    entries["S_BFE_I64"].widths[0] = 2;
    entries["S_BFE_I64"].widths[1] = 2;
}

TEST(GcnSeed, OpcodeTableHasEveryOpcodeOfTheSeed) {
    const auto rows = seed_opcode_table();
    ASSERT_EQ(rows.size(), 53u);  // 0x00-0x34
    for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].opcode, i);
}

TEST(GcnSeed, EveryOpcodeOfEveryVersionDisassemblesAndAssemblesBack) {
    auto entries = seed_entries();
    apply_known_deviations(entries);
    int checked = 0;
    for (const SeedRow& r : seed_opcode_table()) {
        for (int v = 0; v < 3; ++v) {
            const IsaBackend& b = backend(kVersions[v]);
            const std::uint32_t w = 0x80000000u | (r.opcode << 23) | (4u << 16) | (6u << 8) | 2u;
            if (r.names[v] == "--") {
                EXPECT_FALSE(b.disassemble_one({{w}}, 0).ok()) << kVersions[v] << " opcode " << r.opcode;
                continue;
            }
            ASSERT_TRUE(entries.count(r.names[v])) << r.names[v] << " has no entry in the seed";
            const SeedEntry& e = entries[r.names[v]];
            // Fields an instruction does not have must be 0 (strict decoding).
            const std::uint32_t word = 0x80000000u | (r.opcode << 23) | ((e.widths[0] ? 4u : 0u) << 16) |
                                       ((e.widths[2] ? 6u : 0u) << 8) | (e.widths[1] ? 2u : 0u);
            std::string want = lower(r.names[v]);
            const char* sep = " ";
            const unsigned codes[3] = {4, 2, 6};
            for (int f = 0; f < 3; ++f) {
                if (e.widths[f] == 0) continue;
                want += sep + operand(codes[f], e.widths[f]);
                sep = ", ";
            }
            EXPECT_EQ(round_trip(b, {word}), want) << kVersions[v];
            ++checked;
        }
    }
    EXPECT_EQ(checked, 43 + 44 + 53);  // the table's rows less its "--" cells
}

TEST(GcnSeed, EveryInstructionEntryMatchesTheOpcodeTable) {
    const auto rows = seed_opcode_table();
    static const std::regex op(R"((\d+) \(0x[0-9a-f]+\)(?: for GCN ([0-9./]+))?)");
    int versions_checked = 0;
    for (const auto& [name, e] : seed_entries()) {
        std::set<std::string> in_table;
        for (auto it = std::sregex_iterator(e.opcode_text.begin(), e.opcode_text.end(), op);
             it != std::sregex_iterator(); ++it) {
            const unsigned code = static_cast<unsigned>(std::stoul((*it)[1]));
            const std::string which = (*it)[2];
            ASSERT_LT(code, rows.size()) << name;
            for (int v = 0; v < 3; ++v) {
                const bool named = which.empty() || (v == 0 && which.rfind("1.0", 0) == 0) ||
                                   (v == 1 && which.find("1.2") != std::string::npos) ||
                                   (v == 2 && which.find("1.4") != std::string::npos);
                if (!named) continue;
                // Entries name versions where the instruction exists; the table must agree.
                if (rows[code].names[v] == "--" && which.empty()) continue;
                EXPECT_EQ(rows[code].names[v], name) << name << " opcode " << code << " version " << kVersions[v];
                ++versions_checked;
            }
        }
        // And the mnemonic appears in the table.
        bool found = false;
        for (const SeedRow& r : rows) found = found || r.names[0] == name || r.names[1] == name || r.names[2] == name;
        EXPECT_TRUE(found) << name;
    }
    EXPECT_GT(versions_checked, 80);
}

// Operand encoding: each code as SSRC0 of a 32-bit and a 64-bit instruction, per version.
TEST(GcnSeed, EveryOperandCodeRoundTripsAndTheCountsMatchTheEncoding) {
    // s_add_u32 (opcode 0, 32-bit) and s_cselect_b64 (opcode 0xb, 64-bit) are the same in all versions.
    const std::map<std::string, std::pair<int, int>> expected{
        // 32-bit: SGPRs + named halves + ttmp + m0 + 81 ints + floats + vccz/execz/scc + literal
        {"gcn1.0", {104 + 2 + 4 + 2 + 12 + 1 + 81 + 8 + 3 + 1, 52 + 1 + 2 + 1 + 6 + 81 + 8 + 3 + 1}},
        {"gcn1.2", {102 + 4 + 2 + 4 + 2 + 12 + 1 + 81 + 9 + 3 + 1, 51 + 2 + 1 + 2 + 1 + 6 + 81 + 9 + 3 + 1}},
        {"gcn1.4", {102 + 4 + 2 + 16 + 2 + 1 + 5 + 81 + 9 + 3 + 1, 51 + 2 + 1 + 8 + 1 + 81 + 9 + 3 + 1}},
    };
    for (const char* name : kVersions) {
        const IsaBackend& b = backend(name);
        int valid32 = 0, valid64 = 0;
        for (std::uint32_t code = 0; code < 256; ++code) {
            const std::vector<std::uint32_t> w32{0x80000000u | (0u << 23) | (0u << 16) | (1u << 8) | code, 0xdeadbeefu};
            const std::vector<std::uint32_t> w64{0x80000000u | (0xbu << 23) | (0u << 16) | (2u << 8) | code, 0x1234u};
            if (!round_trip(b, w32).empty()) ++valid32;
            if (!round_trip(b, w64).empty()) ++valid64;
        }
        EXPECT_EQ(valid32, expected.at(name).first) << name;
        EXPECT_EQ(valid64, expected.at(name).second) << name;
    }
}

TEST(GcnSeed, RandomWordsDecodeOnlyIfTheyReassemble) {
    for (const char* name : kVersions) {
        const IsaBackend& b = backend(name);
        Rng rng{0x5eed + static_cast<std::uint64_t>(name[5])};
        int legal = 0;
        const std::uint64_t n = fgtlm::test::draw_count(60000);
        for (std::uint64_t i = 0; i < n; ++i) {
            const std::uint64_t r = rng.next();
            // Bias towards SOP2: bits 30-31 = 10 and opcodes 0-63 most of the time.
            std::uint32_t w = static_cast<std::uint32_t>(r);
            if (i % 4 != 0) w = (w & 0x1fffffffu) | 0x80000000u;
            if (!round_trip(b, {w, static_cast<std::uint32_t>(r >> 32)}).empty()) ++legal;
        }
        EXPECT_GT(std::uint64_t(legal), n / 6) << name;
    }
}

TEST(GcnSeed, AssemblerErrorsNameTheProblem) {
    const IsaBackend& b = backend("gcn1.2");
    EXPECT_NE(b.assemble_one("s_add_u32 s0, s1").error.find("more operands"), std::string::npos);
    EXPECT_NE(b.assemble_one("s_and_b64 s[1:2], s[2:3], s[4:5]").error.find("destination"), std::string::npos);
    EXPECT_NE(b.assemble_one("s_add_u32 s0, 0x1, 0x2").error.find("one literal"), std::string::npos);
    EXPECT_NE(b.assemble_one("s_mul_hi_u32 s0, s1, s2").error.find("not an SOP2 instruction of this GCN"),
              std::string::npos);
    EXPECT_NE(b.assemble_one("s_frobnicate s0, s1, s2").error.find("unknown SOP2"), std::string::npos);
    EXPECT_FALSE(b.assemble_one("s_add_u32 s0, s1, s2, s3").ok());
    EXPECT_TRUE(b.assemble_one("s_add_u32 tba_lo, s1, s2").ok());  // tba exists in 1.2, not in 1.4
    EXPECT_FALSE(backend("gcn1.4").assemble_one("s_add_u32 tba_lo, s1, s2").ok());
    // A literal dword is needed when an operand is 255.
    EXPECT_FALSE(b.disassemble_one({{0x800000ffu}}, 0).ok());
}

}  // namespace
}  // namespace fgtlm::isa::test
