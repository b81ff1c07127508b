// The SFU and RRO against the RTL's own outputs: tests/numerics/golden/sfu_rtl.txt holds
// `S <selop> <input> <output>` (sfu entity) and `R <phase> <input> <output>` (rro entity)
// lines produced by running the FlexGripPlus VHDL under GHDL (scripts/gen-golden-sfu).
// No GHDL is needed here: the vectors are checked in.
#include "sfu_rtl.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace fgtlm::numerics::detail {
namespace {

struct Tally {
    std::size_t total = 0, bad = 0;
    std::string first;
};

void check_file(const char* name, Tally& sfu, Tally& rro) {
    std::ifstream in(std::string(FGTLM_GOLDEN_DIR) + "/" + name);
    ASSERT_TRUE(in) << "missing golden file " << name;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        char kind = 0;
        unsigned sel = 0;
        std::string a, b;
        ss >> kind >> sel >> a >> b;
        const auto x = static_cast<std::uint32_t>(std::stoul(a, nullptr, 16));
        const auto want = static_cast<std::uint32_t>(std::stoul(b, nullptr, 16));
        const std::uint32_t got = kind == 'S' ? sfu_rtl(x, static_cast<SfuOp>(sel & 7u)) : rro_rtl(x, sel != 0);
        Tally& t = kind == 'S' ? sfu : rro;
        ++t.total;
        if (got != want) {
            if (++t.bad <= 20) {
                char buf[96];
                std::snprintf(buf, sizeof buf, "%c %u %08x: rtl %08x model %08x\n", kind, sel, x, want, got);
                t.first += buf;
            }
        }
    }
}

TEST(SfuRtlGolden, EveryVectorMatchesTheRtl) {
    Tally sfu, rro;
    check_file("sfu_rtl.txt", sfu, rro);
    EXPECT_GT(sfu.total, 0u);
    EXPECT_EQ(sfu.bad, 0u) << sfu.bad << " of " << sfu.total << " SFU vectors differ:\n" << sfu.first;
    EXPECT_EQ(rro.bad, 0u) << rro.bad << " of " << rro.total << " RRO vectors differ:\n" << rro.first;
}

// Whole interpolation segments (65,536 inputs each) against the RTL's checksums (rotate left
// 5, xor, in input order): one per ROM table at least simulated by GHDL
// (scripts/gen-golden-sfu-segments).
// Checks every `selop hi checksum` line of a segment file; returns the number of segments.
unsigned check_segments(const char* name) {
    std::ifstream in(std::string(FGTLM_GOLDEN_DIR) + "/" + name);
    EXPECT_TRUE(in) << "missing golden file " << name;
    std::string line;
    unsigned segments = 0, bad = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        unsigned sel = 0, hi = 0;
        std::string sum;
        ss >> sel >> hi >> sum;
        const auto want = static_cast<std::uint32_t>(std::stoul(sum, nullptr, 16));
        std::uint32_t h = 0;
        for (std::uint32_t lo = 0; lo < 65536; ++lo)
            h = ((h << 5) | (h >> 27)) ^ sfu_rtl((hi << 16) | lo, static_cast<SfuOp>(sel & 7u));
        if (h != want && ++bad <= 20) ADD_FAILURE() << name << ": selop " << sel << ", input bits 31-16 = " << hi;
        ++segments;
    }
    EXPECT_EQ(bad, 0u) << bad << " of " << segments << " segments of " << name << " differ";
    return segments;
}

TEST(SfuRtlGolden, WholeSegmentsMatchTheRtl) { EXPECT_EQ(check_segments("sfu_segments.txt"), 14u); }

// Every input of every ROM table: 10 tables x 128 segments x 65,536 inputs (bits 22-0 of each
// table's inputs), checksums from the synthesised sfu entity (scripts/gen-golden-sfu-tables).
TEST(SfuRtlGolden, EveryInputOfEveryTableMatchesTheRtl) { EXPECT_EQ(check_segments("sfu_tables.txt"), 1280u); }

}  // namespace
}  // namespace fgtlm::numerics::detail
