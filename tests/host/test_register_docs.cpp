// The documents generated from the register map: the checked-in C header and README table must
// be exactly what the table generates now (regenerate with the commands in the failure text),
// and the table's look-ups and decode map must agree with the offsets the header publishes.
#include <fgtlm/host/register_docs.hpp>
#include <fgtlm/host/register_map.hpp>
#include <fgtlm/host/registers.h>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace regmap = fgtlm::host::regmap;

namespace {

std::string read_source(const std::string& relative) {
    const std::string path = std::string(FGTLM_SOURCE_DIR) + "/" + relative;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(RegisterDocs, HeaderIsCurrent) {
    EXPECT_EQ(read_source("models/host/include/fgtlm/host/registers.h"), regmap::c_header())
        << "registers.h is stale: build/fgtlm regmap --c-header -o models/host/include/fgtlm/host/registers.h";
}

TEST(RegisterDocs, ReadmeTableIsCurrent) {
    EXPECT_EQ(regmap::extract_markdown_table(read_source("models/host/README.md")), regmap::markdown_table())
        << "the README register table is stale: build/fgtlm regmap --markdown -o models/host/README.md";
}

TEST(RegisterDocs, ReplaceKeepsTheProseAndNamesAMissingMarker) {
    const std::string doc = std::string("intro\n") + std::string(regmap::kMarkdownBegin) + "\nold\n" +
                            std::string(regmap::kMarkdownEnd) + "\noutro\n";
    const std::string updated = regmap::replace_markdown_table(doc, "new\n");
    EXPECT_EQ(regmap::extract_markdown_table(updated), "new\n");
    EXPECT_EQ(updated.substr(0, 6), "intro\n");
    EXPECT_EQ(updated.substr(updated.size() - 6), "outro\n");
    try {
        (void)regmap::extract_markdown_table("no markers here");
        FAIL() << "expected an error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("register table"), std::string::npos) << e.what();
    }
}

TEST(RegisterMap, LookupsAgreeWithTheHeader) {
    static_assert(regmap::offset("GRID_X") == FGTLM_REG_GRID_X);
    static_assert(regmap::reg("PARAM").offset + 4 * 15 == FGTLM_REG_PARAM(15));
    static_assert(regmap::field("CTRL", "RESET").mask() == FGTLM_CTRL_RESET);
    static_assert(regmap::value("STATUS", "ERROR", "ABORTED") == FGTLM_ERR_ABORTED);
    static_assert(regmap::constant("REGS_SIZE") == FGTLM_REGS_SIZE);
    // Every mapped word decodes to its own slot; everything else in the block is unmapped.
    int mapped = 0;
    for (std::uint32_t off = 0; off < regmap::kDecodedEnd; off += 4) {
        const int s = regmap::slot_at(off);
        if (s < 0) continue;
        ++mapped;
        EXPECT_EQ(regmap::kSlots[std::size_t(s)].offset, off);
    }
    EXPECT_EQ(mapped, int(regmap::kSlotCount));
    EXPECT_EQ(regmap::slot_at(FGTLM_REG_ID + 2), -1);    // misaligned
    EXPECT_EQ(regmap::slot_at(0x00C), -1);               // hole between CAPS and CTRL
    EXPECT_EQ(regmap::slot_at(FGTLM_CONST_WINDOW), -1);  // the window is memory, not a register
}

}  // namespace
