// Maxwell tests generated from seed 004: every form of every section decodes (from a word
// that no more specific form claims) and assembles back; overlaps resolve uniquely; random
// words round-trip.
#include "../seed_support.hpp"

#include <bit>
#include <set>
#include "../../draw_count.hpp"

namespace fgtlm::isa::test {
namespace {

const char* const kMaxwellSeed = "004_2970d9da75413c85";

struct SeedForm {
    std::string section, name, bits;
    std::uint64_t mask = 0, value = 0;
};

std::vector<SeedForm> seed_forms() {
    std::vector<SeedForm> out;
    for (const SeedFact& f : read_seed_facts(kMaxwellSeed)) {
        if (f[0] == "form" && f.size() == 4) out.push_back({f[1], f[2], f[3]});
    }
    for (SeedForm& f : out) {
        unsigned bit = 63;
        for (const char c : f.bits) {
            if (c == ' ') continue;
            if (c != '-') f.mask |= std::uint64_t{1} << bit;
            if (c == '1') f.value |= std::uint64_t{1} << bit;
            --bit;
        }
    }
    return out;
}

std::vector<std::uint32_t> maxwell_words(std::uint64_t w) {
    return {static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(w >> 32)};
}

TEST(MaxwellSeed, TheSeedHas279FormsInEverySectionOfItsTableOfContents) {
    const auto forms = seed_forms();
    EXPECT_EQ(forms.size(), 279u);
    std::set<std::string> sections, toc;
    for (const auto& f : forms) sections.insert(f.section);
    for (const SeedFact& f : read_seed_facts(kMaxwellSeed)) {
        if (f[0] == "toc" && f.size() == 2) toc.insert(f[1]);
    }
    EXPECT_EQ(sections, toc);
    EXPECT_EQ(sections.size(), 138u);
}

TEST(MaxwellSeed, EveryFormDisassemblesAndAssemblesBack) {
    const IsaBackend& b = backend("maxwell");
    for (const SeedForm& f : seed_forms()) {
        // Bare form: its don't-care bits zero. It may belong to a more specific form (LD's
        // 100- contains IMAD32I's 1000 00--); then search the don't-care bits for a witness.
        const IsaEncoded bare = b.assemble_one(f.name);
        bool found = false;
        const std::uint64_t free = ~f.mask & 0xffff000000000000ull;
        for (std::uint64_t sub = free;; sub = (sub - 1) & free) {
            const std::uint64_t w = f.value | sub;
            const IsaDecoded d = b.disassemble_one(maxwell_words(w), 0);
            if (d.ok() && d.text.rfind(f.name + " ", 0) == 0) {
                EXPECT_EQ(round_trip(b, maxwell_words(w | 0x0000123456789abcull)).substr(0, f.name.size() + 1),
                          f.name + " ");
                found = true;
                break;
            }
            if (sub == 0) break;
        }
        EXPECT_TRUE(found) << f.name << " is shadowed by other forms";
        if (bare.ok()) {
            EXPECT_EQ(bare.words, maxwell_words(f.value)) << f.name;
        }
    }
}

TEST(MaxwellSeed, OverlapsResolveToTheMostSpecificFormOnly) {
    const auto forms = seed_forms();
    // No two overlapping forms with the same number of fixed bits, and of any two overlapping
    // forms one's fixed bits contain the other's (so "most specific" is well defined).
    for (std::size_t i = 0; i < forms.size(); ++i) {
        for (std::size_t j = i + 1; j < forms.size(); ++j) {
            const std::uint64_t common = forms[i].mask & forms[j].mask;
            if ((forms[i].value & common) != (forms[j].value & common)) continue;
            EXPECT_NE(std::popcount(forms[i].mask), std::popcount(forms[j].mask))
                << forms[i].name << " " << forms[j].name;
            EXPECT_TRUE(common == forms[i].mask || common == forms[j].mask) << forms[i].name << " " << forms[j].name;
        }
    }
    const IsaBackend& b = backend("maxwell");
    EXPECT_NE(b.assemble_one("LD").error.find("IMAD32I"), std::string::npos);
    EXPECT_TRUE(b.assemble_one("LD unknown(0x1000000000000000)").ok());
}

TEST(MaxwellSeed, UnknownBitsAndErrors) {
    const IsaBackend& b = backend("maxwell");
    EXPECT_EQ(round_trip(b, assemble(b, "FADD_reg unknown(0x0000001234567890) ;")),
              "FADD_reg unknown(0x0000001234567890) ;");
    EXPECT_NE(b.assemble_one("EXIT unknown(0xffff000000000000)").error.find("opcode bits"), std::string::npos);
    EXPECT_NE(b.assemble_one("FADD_reg R0, R1, R2").error.find("unknown(0x"), std::string::npos);
    EXPECT_NE(b.assemble_one("FOO").error.find("not a Maxwell form"), std::string::npos);
    EXPECT_FALSE(b.disassemble_one(maxwell_words(0xffff000000000000ull), 0).ok());
    EXPECT_FALSE(b.disassemble_one({{0u}}, 0).ok());
}

TEST(MaxwellSeed, RandomWordsRoundTrip) {
    const IsaBackend& b = backend("maxwell");
    Rng rng{7};
    int legal = 0;
    const std::uint64_t n = fgtlm::test::draw_count(100000);
    for (std::uint64_t i = 0; i < n; ++i) {
        if (!round_trip(b, maxwell_words(rng.next())).empty()) ++legal;
    }
    EXPECT_GT(std::uint64_t(legal), n / 2);
}

}  // namespace
}  // namespace fgtlm::isa::test
