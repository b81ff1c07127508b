// Seed 001's rows. Field positions: the labels under each template name its bit groups from
// left to right (bit 0 first); "mod 2:4" = bits 2-4 of the group labelled mod, and so on.
// Bit groups the seed does not label (bits 0-13 and the opcode at 58-63, which includes the
// guard predicate at 10-13 = "1110", i.e. PT) are fixed: only their template value decodes.
#include "fermi_table.hpp"

#include <utility>

namespace fgtlm::isa::fermi {
namespace {

constexpr std::array<std::string_view, 8> kCacheOp2{"QRY1", "PF1", "PF1_5", "PR2", "WB", "IV", "IVALL", "RS"};
constexpr std::array<std::string_view, 8> kCacheOp1{"", "U", "C", "I"};
constexpr std::array<std::string_view, 8> kCctlE{"", "E"};
// "00 .AND, 10 .OR, 01 .XOR, 11 invalid": bit strings in template order (bit 0 first).
constexpr std::array<std::string_view, 8> kBoolOp{"AND", "OR", "XOR", "invalid"};

constexpr std::array<Row, 5> kRows{{
    {"S2R", "0010 000000 1110 000000 000000 00000000 000000000000000000000000 110100",
     {{{"reg0", 14, 6, FieldKind::Reg}, {"SRName", 26, 8, FieldKind::Special}}},
     2, {}, {"reg0", "SRName"}},
    {"LEPC", "0010 000000 1110 000000 000000 00000000000000000000000000000000 100010",
     {{{"reg0", 14, 6, FieldKind::Reg}}},
     1, {}, {"reg0"}},
    {"CCTL", "1010 000000 1110 000000 000000 00 000000000000000000000000000000 0 11001",
     {{{"mod", 6, 3, FieldKind::Modifier, kCacheOp2},
       {"reg0", 14, 6, FieldKind::Reg},
       {"reg1", 20, 6, FieldKind::Reg},
       {"mod2", 26, 2, FieldKind::Modifier, kCacheOp1},
       {"0xabcd", 28, 30, FieldKind::Offset, {}, 4},
       {"mod3", 58, 1, FieldKind::Modifier, kCctlE}}},
     6, {"mod3", "mod2", "mod"}, {"reg0", "[reg1+0xabcd]"}},
    {"CCTLL", "1010 000000 1110 000000 000000 000000000000000000000000 00000000 001011",
     {{{"mod", 6, 3, FieldKind::Modifier, kCacheOp2},
       {"reg0", 14, 6, FieldKind::Reg},
       {"reg1", 20, 6, FieldKind::Reg},
       {"0xabcd", 26, 24, FieldKind::Offset, {}, 1}}},
     4, {"mod"}, {"reg0", "[reg1+0xabcd]"}},
    {"PSETP", "0010 000000 1110 000 000 1110 00 0000 00 00000000000000000 0000 00000 110000",
     {{{"p1", 14, 3, FieldKind::Pred},
       {"p0", 17, 3, FieldKind::Pred},
       {"p4", 20, 4, FieldKind::NegPred, {}, 1, true},
       {"p3", 26, 4, FieldKind::NegPred},
       {"mod2", 30, 2, FieldKind::Modifier, kBoolOp, 1, true},
       {"p2", 49, 4, FieldKind::NegPred},
       {"mod3", 56, 2, FieldKind::Modifier, kBoolOp, 1, true}}},
     7, {"mod2", "mod3"}, {"p0", "p1", "p2", "p3", "p4"}},
}};

// "SRName value | SRName" rows of the S2R table, in value order.
constexpr std::array<std::pair<std::uint8_t, std::string_view>, 50> kSpecial{{
    {0, "SR_LaneId"}, {2, "SR_VirtCfg"}, {3, "SR_VirtId"}, {4, "SR_PM0"}, {5, "SR_PM1"}, {6, "SR_PM2"},
    {7, "SR_PM3"}, {8, "SR_PM4"}, {9, "SR_PM5"}, {10, "SR_PM6"}, {11, "SR_PM7"}, {16, "SR_PRIM_TYPE"},
    {17, "SR_INVOCATION_ID"}, {18, "SR_Y_DIRECTION"}, {24, "SR_MACHINE_ID_0"}, {25, "SR_MACHINE_ID_1"},
    {26, "SR_MACHINE_ID_2"}, {27, "SR_MACHINE_ID_3"}, {28, "SR_AFFINITY"}, {32, "SR_Tid"}, {33, "SR_Tid_X"},
    {34, "SR_Tid_Y"}, {35, "SR_Tid_Z"}, {36, "SR_CTAParam"}, {37, "SR_CTAid_X"}, {38, "SR_CTAid_Y"},
    {39, "SR_CTAid_Z"}, {40, "SR_NTid"}, {41, "SR_NTid_X"}, {42, "SR_NTid_Y"}, {43, "SR_NTid_Z"},
    {44, "SR_GridParam"}, {45, "SR_NCTAid_X"}, {46, "SR_NCTAid_Y"}, {47, "SR_NCTAid_Z"}, {48, "SR_SWinLo"},
    {49, "SR_SWINSZ"}, {50, "SR_SMemSz"}, {51, "SR_SMemBanks"}, {52, "SR_LWinLo"}, {53, "SR_LWINSZ"},
    {54, "SR_LMemLoSz"}, {55, "SR_LMemHiOff"}, {56, "SR_EqMask"}, {57, "SR_LtMask"}, {58, "SR_LeMask"},
    {59, "SR_GtMask"}, {60, "SR_GeMask"}, {80, "SR_ClockLo"}, {81, "SR_ClockHi"},
}};

}  // namespace

std::span<const Row> rows() { return kRows; }

std::span<const std::pair<std::uint8_t, std::string_view>> special_registers() {
    return kSpecial;
}

std::string_view special_register_name(unsigned value) {
    for (const auto& [v, n] : special_registers()) {
        if (v == value) return n;
    }
    return {};
}

Template parse_template(std::string_view templ) {
    Template t;
    for (const char c : templ) {
        if (c != '0' && c != '1') continue;
        if (c == '1' && t.length < 64) t.bits |= std::uint64_t{1} << t.length;
        ++t.length;
    }
    return t;
}

}  // namespace fgtlm::isa::fermi
