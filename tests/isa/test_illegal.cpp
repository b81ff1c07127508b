// Unknown and malformed encodings come back as Illegal with a reason, never a crash.
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>
#include <fgtlm/isa/encoder.hpp>

#include <gtest/gtest.h>

#include <random>

namespace fgtlm::isa {
namespace {

TEST(Illegal, UnknownOpcode) {
    const Instruction in = decode(0x50000001, 0x00000780, 0x10);  // op 0x5 (SAD) is not decoded
    EXPECT_TRUE(in.is_illegal());
    EXPECT_EQ(in.illegal_reason, IllegalReason::UnknownOpcode);
    const std::string d = describe_illegal(in);
    EXPECT_NE(d.find("0x0010"), std::string::npos) << d;
    EXPECT_NE(d.find("0x0000078050000001"), std::string::npos) << d;
    EXPECT_NE(d.find("unknown opcode"), std::string::npos) << d;
    EXPECT_EQ(disassemble(in), ".illegal 0x0000078050000001");
}

TEST(Illegal, UnsupportedForm) {
    // op 0xd (LOP/GLD...) exists only in long form: a 32-bit word with op 0xd is not decodable.
    const Instruction in = decode(0xd0000000, 0xffffffff, 0);
    EXPECT_EQ(in.illegal_reason, IllegalReason::UnsupportedForm);
    EXPECT_EQ(in.hi, 0u);  // hi ignored for short forms
}

TEST(Illegal, ReservedFields) {
    // RRO kind 2 is undefined.
    EXPECT_EQ(decode(0xb0001831, 0xc0008780, 0).illegal_reason, IllegalReason::ReservedField);
    // Guard condition 0x14 is undefined.
    EXPECT_EQ(decode(0x20000001, 0x04004a00, 0).illegal_reason, IllegalReason::ReservedField);
    // A bit no row accounts for (bit 25 in IADD R0, R0, R1).
    EXPECT_EQ(decode(0x22000001, 0x04004780, 0).illegal_reason, IllegalReason::ReservedField);
    // SSY with a real guard (C0.NE); nvcc's "always" guard field (0x780) is legal (issue 10).
    EXPECT_EQ(decode(0xa0019003, 0x00000280, 0).illegal_reason, IllegalReason::ReservedField);
    EXPECT_FALSE(decode(0xa0019003, 0x00000780, 0).is_illegal());
    EXPECT_FALSE(decode(0xa0019003, 0x00000000, 0).is_illegal());
}

TEST(Illegal, TruncatedAndMisaligned) {
    const std::vector<std::uint32_t> w{0x20008204, 0x30000003};  // short, then a long cut off
    const auto p = decode_program(w);
    ASSERT_EQ(p.size(), 2u);
    EXPECT_FALSE(p[0].is_illegal());
    EXPECT_EQ(p[1].illegal_reason, IllegalReason::Truncated);
    EXPECT_EQ(p[1].address, 4u);
    EXPECT_NE(describe_illegal(p[1]).find("0x30000003"), std::string::npos);

    const std::vector<std::uint32_t> m{0x20008204, 0x30000003, 0x00000780, 0x20008204};
    const auto q = decode_program(m);
    ASSERT_EQ(q.size(), 3u);
    EXPECT_EQ(q[1].illegal_reason, IllegalReason::Misaligned);
    EXPECT_EQ(q[2].address, 12u);
    EXPECT_TRUE(decode_program({}).empty());
}

// A deterministic sweep of random words: decoding never crashes, every legal decode
// re-encodes to the same words and disassembles to non-empty text.
TEST(Illegal, RandomWordsRoundTripOrAreIllegal) {
    std::mt19937 rng(12345);
    int legal = 0;
    for (int i = 0; i < 300000; ++i) {
        const std::uint32_t lo = rng();
        const std::uint32_t hi = rng();
        const Instruction in = decode(lo, hi, 0);
        const std::string text = disassemble(in);
        ASSERT_FALSE(text.empty());
        if (in.is_illegal()) continue;
        ++legal;
        const Encoding e = encode(in);
        ASSERT_TRUE(e.ok()) << text << ": " << e.error;
        ASSERT_EQ(e.lo, lo) << text;
        if (in.is_long()) {
            ASSERT_EQ(e.hi, hi) << text;
        }
    }
    EXPECT_GT(legal, 0);
}

}  // namespace
}  // namespace fgtlm::isa
