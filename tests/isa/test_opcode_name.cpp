// isa::opcode_name: the statistics' and traces' opcode names come from the encoding table, one
// distinct name per semantic opcode, without the modifiers of the table's first row.
#include <fgtlm/isa/disassembler.hpp>

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace fgtlm::isa {
namespace {

TEST(OpcodeName, EveryOpcodeHasOneDistinctName) {
    std::set<std::string> seen;
    for (std::size_t i = 0; i < std::size_t(Opcode::Count); ++i) {
        const std::string n = opcode_name(Opcode(i));
        EXPECT_NE(n, "?") << "opcode " << i;
        EXPECT_EQ(n.find('.'), std::string::npos) << n;
        EXPECT_TRUE(seen.insert(n).second) << "two opcodes named " << n;
    }
}

TEST(OpcodeName, BaseMnemonicWithoutForms) {
    EXPECT_STREQ(opcode_name(Opcode::Illegal), "ILLEGAL");
    EXPECT_STREQ(opcode_name(Opcode::CAL), "CAL");    // table row CAL.NOINC
    EXPECT_STREQ(opcode_name(Opcode::BAR), "BAR");    // table row BAR.ARV.WAIT
    EXPECT_STREQ(opcode_name(Opcode::IADD), "IADD");  // also IADD32, IADD32I
    EXPECT_STREQ(opcode_name(Opcode::TEX), "TEX");
    EXPECT_STREQ(opcode_name(Opcode::Count), "?");
}

}  // namespace
}  // namespace fgtlm::isa
