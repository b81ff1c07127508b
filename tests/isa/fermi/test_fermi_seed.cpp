// Fermi tests generated from the facts of seed 001 (asfermi notes; tests/data/isa/seed-facts): every template, every
// special register, every modifier table row, and random words around each template.
#include "../seed_support.hpp"

#include <map>

namespace fgtlm::isa::test {
namespace {

struct SeedTable {
    std::string instruction, header;
    std::vector<std::pair<std::string, std::string>> rows;   // value column, name column
};

struct FermiSeed {
    std::map<std::string, std::string> templates;   // instruction -> template line
    std::vector<std::pair<unsigned, std::string>> special;
    std::vector<SeedTable> tables;
};

FermiSeed parse_seed() {
    FermiSeed s;
    SeedTable* table = nullptr;
    for (const SeedFact& f : read_seed_facts("001_a0296078d91cc189")) {
        if (f[0] == "template" && f.size() == 3) {
            s.templates[f[1]] = f[2];
        } else if (f[0] == "special" && f.size() == 3) {
            s.special.emplace_back(static_cast<unsigned>(std::stoul(f[1])), f[2]);
        } else if (f[0] == "table" && f.size() == 3) {
            s.tables.push_back({f[1], f[2], {}});
            table = &s.tables.back();
        } else if (f[0] == "row" && f.size() == 3 && table != nullptr) {
            table->rows.emplace_back(f[1], f[2]);
        } else {
            ADD_FAILURE() << "unexpected fact " << f[0];
        }
    }
    return s;
}

std::uint64_t template_bits(const std::string& t) {
    std::uint64_t v = 0;
    unsigned i = 0;
    for (const char c : t) {
        if (c == ' ') continue;
        if (c == '1') v |= std::uint64_t{1} << i;
        ++i;
    }
    return v;
}

std::uint64_t word64(const std::vector<std::uint32_t>& w) {
    return w.size() == 2 ? w[0] | (static_cast<std::uint64_t>(w[1]) << 32) : 0;
}

std::vector<std::uint32_t> words(std::uint64_t w) {
    return {static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(w >> 32)};
}

// The text whose variable fields are all zero (PT = the template's default).
const std::map<std::string, std::string> kZeroText{
    {"S2R", "S2R R0, SR_LaneId;"},   {"LEPC", "LEPC R0;"},
    {"CCTL", "CCTL.QRY1 R0, [R0];"}, {"CCTLL", "CCTLL.QRY1 R0, [R0+0x0];"},
    {"PSETP", "PSETP P0, P0, P0, P0;"},
};

TEST(FermiSeed, EveryTemplateIsTheEncodingWithZeroFields) {
    const FermiSeed s = parse_seed();
    ASSERT_EQ(s.templates.size(), 5u);
    const IsaBackend& b = backend("fermi");
    for (const auto& [instr, t] : s.templates) {
        ASSERT_TRUE(kZeroText.count(instr)) << "seed instruction " << instr << " has no test text";
        const auto w = assemble(b, kZeroText.at(instr));
        EXPECT_EQ(word64(w), template_bits(t)) << instr;
        EXPECT_FALSE(round_trip(b, w).empty()) << instr;
    }
}

TEST(FermiSeed, EverySpecialRegisterOfTheTable) {
    const FermiSeed s = parse_seed();
    ASSERT_EQ(s.special.size(), 50u);
    const IsaBackend& b = backend("fermi");
    for (const auto& [value, name] : s.special) {
        const auto w = assemble(b, "S2R R7, " + name + ";");
        EXPECT_EQ((word64(w) >> 26) & 0xff, value) << name;
        EXPECT_EQ(round_trip(b, w), "S2R R7, " + name + ";");
    }
    // "SRxxx, where xxx is a non-negative integer less than 256": every value.
    for (unsigned v = 0; v < 256; ++v) {
        const auto w = assemble(b, "S2R R1, SR" + std::to_string(v));
        EXPECT_EQ((word64(w) >> 26) & 0xff, v);
        EXPECT_FALSE(round_trip(b, w).empty());
    }
    EXPECT_FALSE(b.assemble_one("S2R R1, SR256").ok());
    // The real encoding cuobjdump prints for S2R R0, SR_Tid_X.
    EXPECT_EQ(word64(assemble(b, "S2R R0, SR_Tid_X;")), 0x2c00000084001c04ull);
}

// Where each modifier table's value lands: first bit of "mod 2:4" etc.
struct TablePlace {
    unsigned lo;
    std::string text_before, text_after;   // text = before + NAME + after
};

TEST(FermiSeed, EveryModifierTableRow) {
    const FermiSeed s = parse_seed();
    const IsaBackend& b = backend("fermi");
    const std::map<std::pair<std::string, std::string>, TablePlace> places{
        {{"CCTL", "mod 2:4 value"}, {6, "CCTL.", " R0, [R0]"}},
        {{"CCTL", "mod2 value"}, {26, "CCTL.", ".QRY1 R0, [R0]"}},
        {{"CCTL", "mod3"}, {58, "CCTL.", ".QRY1 R0, [R0]"}},
        {{"CCTLL", "mod 2:4 value"}, {6, "CCTLL.", " R0, [R0]"}},
        {{"PSETP", "mod2 0:1"}, {30, "PSETP.", ".AND P0, P1, P2, P3"}},
        {{"PSETP", "mod3 3:4"}, {56, "PSETP.AND.", " P0, P1, P2, P3"}},
    };
    int rows = 0;
    for (const SeedTable& t : s.tables) {
        ASSERT_TRUE(places.count({t.instruction, t.header})) << t.instruction << " / " << t.header;
        const TablePlace& p = places.at({t.instruction, t.header});
        for (const auto& [value_text, name] : t.rows) {
            unsigned value = 0;
            if (value_text.size() == 2 && t.instruction == "PSETP") {
                value = (value_text[0] - '0') | ((value_text[1] - '0') << 1);   // template order: bit 0 first
            } else {
                value = static_cast<unsigned>(std::stoul(value_text));
            }
            ++rows;
            const std::uint64_t mask = std::uint64_t{3} << p.lo;
            if (name == "invalid") {
                const std::uint64_t w = (word64(assemble(b, "PSETP P0, P1, P2, P3")) & ~mask) |
                                        (std::uint64_t{value} << p.lo);
                EXPECT_FALSE(b.disassemble_one(words(w), 0).ok()) << t.header << " " << value_text;
                continue;
            }
            if (name == "default") {
                const auto w = assemble(b, "CCTL.QRY1 R0, [R0]");
                EXPECT_EQ((word64(w) >> p.lo) & 1, 0u);
                continue;
            }
            const auto w = assemble(b, p.text_before + name + p.text_after);
            const unsigned width = t.header.rfind("mod 2:4", 0) == 0 ? 3 : t.header == "mod3" ? 1 : 2;
            EXPECT_EQ((word64(w) >> p.lo) & ((1u << width) - 1), value) << t.header << " " << name;
            EXPECT_NE(round_trip(b, w).find(name), std::string::npos);
        }
    }
    EXPECT_EQ(rows, 8 + 4 + 2 + 8 + 4 + 4);
}

TEST(FermiSeed, OperandsAndOffsets) {
    const IsaBackend& b = backend("fermi");
    EXPECT_EQ(round_trip(b, assemble(b, "PSETP.OR.XOR P6, PT, !P2, P3, !P4;")), "PSETP.OR.XOR P6, PT, !P2, P3, !P4;");
    EXPECT_EQ(round_trip(b, assemble(b, "PSETP.XOR P0, P1, P2, P3, PT")), "PSETP.XOR.AND P0, P1, P2, P3;");
    EXPECT_EQ(round_trip(b, assemble(b, "CCTL.E.I.RS R62, [RZ+0x3ffffffc]")), "CCTL.E.I.RS R62, [RZ+0x3ffffffc];");
    EXPECT_EQ(round_trip(b, assemble(b, "CCTLL.PF1_5 R3, [R4+0xffffff]")), "CCTLL.PF1_5 R3, [R4+0xffffff];");
    EXPECT_NE(b.assemble_one("CCTL.WB R1, [R2+0x3]").error.find("multiple of 4"), std::string::npos);
    EXPECT_NE(b.assemble_one("CCTLL.WB R1, [R2+0x1000000]").error.find("24 bits"), std::string::npos);
    EXPECT_NE(b.assemble_one("CCTL R1, [R2]").error.find("needs a .mod"), std::string::npos);
    EXPECT_NE(b.assemble_one("PSETP P0, P1").error.find("4-5"), std::string::npos);
    EXPECT_NE(b.assemble_one("MOV R0, R1").error.find("not a Fermi instruction"), std::string::npos);
    EXPECT_NE(b.assemble_one("S2R R64, SR_Tid").error.find("reg0"), std::string::npos);
    // A guard predicate other than PT is not in the seed: such words are unknown.
    const std::uint64_t guarded = word64(assemble(b, "LEPC R1")) & ~(std::uint64_t{0xf} << 10);
    EXPECT_FALSE(b.disassemble_one(words(guarded), 0).ok());
}

TEST(FermiSeed, RandomWordsAroundEachTemplate) {
    const FermiSeed s = parse_seed();
    const IsaBackend& b = backend("fermi");
    Rng rng{42};
    // The labelled fields of each template (seed label line), where random bits stay legal.
    const auto bits = [](unsigned lo, unsigned n) { return ((std::uint64_t{1} << n) - 1) << lo; };
    const std::map<std::string, std::uint64_t> fields{
        {"S2R", bits(14, 6) | bits(26, 8)},
        {"LEPC", bits(14, 6)},
        {"CCTL", bits(6, 3) | bits(14, 6) | bits(20, 6) | bits(26, 2) | bits(30, 28) | bits(58, 1)},
        {"CCTLL", bits(6, 3) | bits(14, 6) | bits(20, 6) | bits(26, 24)},
        {"PSETP", bits(14, 3) | bits(17, 3) | bits(20, 4) | bits(26, 4) | bits(30, 2) | bits(49, 4) | bits(56, 2)},
    };
    for (const auto& [instr, t] : s.templates) {
        int legal = 0;
        for (int i = 0; i < 20000; ++i) {
            // Flip field bits freely and, one time in eight, any bit.
            std::uint64_t flip = rng.next() & fields.at(instr);
            if (i % 8 == 0) flip ^= std::uint64_t{1} << (rng.next() % 64);
            if (!round_trip(b, words(template_bits(t) ^ flip)).empty()) ++legal;
        }
        EXPECT_GT(legal, 0) << instr;
    }
    for (int i = 0; i < 50000; ++i) (void)round_trip(b, words(rng.next()));
}

}  // namespace
}  // namespace fgtlm::isa::test
