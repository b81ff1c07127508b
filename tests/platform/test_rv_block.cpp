// The CPU's block decoding (platform/cpu/rv_block.hpp): instruction counts, the loads and stores
// of RV32IMAC, and which instruction of a block made an MMIO access or a fault. Encodings from
// riscv64-unknown-elf-as -march=rv32imac (the mnemonic beside each).
#include "cpu/rv_block.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <vector>

namespace fgtlm::platform::rv {
namespace {

constexpr unsigned kA0 = 10, kA1 = 11, kA2 = 12, kA3 = 13, kA4 = 14, kA5 = 15, kT0 = 5, kT1 = 6, kSp = 2;

// Little-endian code bytes; a word below 0x10000 whose low bits are not 11 is a compressed one.
std::vector<std::uint8_t> code(std::initializer_list<std::uint32_t> words) {
    std::vector<std::uint8_t> out;
    for (std::uint32_t w : words) {
        const unsigned n = length(std::uint16_t(w));
        for (unsigned i = 0; i < n; ++i) out.push_back(std::uint8_t(w >> (8 * i)));
    }
    return out;
}

std::optional<Located> locate(const std::vector<std::uint8_t>& c, const std::uint32_t* x, Access a,
                              unsigned first = 0) {
    return locate_access(c.data(), std::uint32_t(c.size()), x, a, first);
}

TEST(RvBlock, CountsFullAndCompressedInstructions) {
    const auto c = code({0x00158593 /* addi a1,a1,1 */, 0x0585 /* c.addi a1,1 */, 0x00852603 /* lw a2,8(a0) */,
                         0x4354 /* c.lw a3,4(a4) */});
    ASSERT_EQ(c.size(), 12u);
    EXPECT_EQ(count_instructions(c.data(), 12), 4u);
    EXPECT_EQ(count_instructions(c.data(), 6), 2u);   // up to the lw
    EXPECT_EQ(count_instructions(c.data(), 0), 0u);
    EXPECT_EQ(count_instructions(c.data(), 8), 3u);   // the lw, cut by the end, still starts inside
    EXPECT_EQ(offset_of(c.data(), 12, 0), 0u);
    EXPECT_EQ(offset_of(c.data(), 12, 2), 6u);
    EXPECT_EQ(offset_of(c.data(), 12, 3), 10u);
    EXPECT_EQ(offset_of(c.data(), 12, 9), 12u);
}

// The count without walking the block must equal the walk, for any mix of 2- and 4-byte
// instructions, whatever the second halves of 4-byte ones hold, up to the longest blocks.
TEST(RvBlock, CountEqualsAWalkForEveryMix) {
    std::uint64_t seed = 0x9e3779b97f4a7c15ull;
    auto next = [&seed] { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return seed; };
    for (int round = 0; round < 20000; ++round) {
        std::vector<std::uint8_t> c;
        unsigned walked = 0;
        const unsigned instructions = unsigned(next() % 80);
        for (unsigned i = 0; i < instructions; ++i, ++walked) {
            const bool full = next() & 1;
            std::uint32_t w = std::uint32_t(next());
            w = full ? (w | 3u) : (w & ~3u) | (next() % 3);  // low bits 11 only for 4-byte ones
            for (unsigned b = 0; b < (full ? 4u : 2u); ++b) c.push_back(std::uint8_t(w >> (8 * b)));
        }
        ASSERT_EQ(count_instructions(c.data(), std::uint32_t(c.size())), walked) << "round " << round;
        const std::uint32_t prefix = c.empty() ? 0 : 2 * std::uint32_t(next() % (c.size() / 2 + 1));
        unsigned starts = 0;
        for (std::uint32_t offset = 0; offset < prefix; ++starts) offset += length(std::uint16_t(c[offset]));
        ASSERT_EQ(count_instructions(c.data(), prefix), starts) << "round " << round << ", " << prefix << " bytes";
    }
}

TEST(RvBlock, DecodesEveryLoadAndStoreForm) {
    struct Case {
        std::uint32_t insn;
        bool reads, writes, amo;
        unsigned bytes, base;
        std::int32_t offset;
        unsigned data, dest;
    };
    const Case cases[] = {
        {0x00852603, true, false, false, 4, kA0, 8, 0, kA2},         // lw a2,8(a0)
        {0xfff50603, true, false, false, 1, kA0, -1, 0, kA2},        // lb a2,-1(a0)
        {0xffe51603, true, false, false, 2, kA0, -2, 0, kA2},        // lh a2,-2(a0)
        {0x00354603, true, false, false, 1, kA0, 3, 0, kA2},         // lbu a2,3(a0)
        {0x00655603, true, false, false, 2, kA0, 6, 0, kA2},         // lhu a2,6(a0)
        {0xfe550fa3, false, true, false, 1, kA0, -1, kT0, 0},        // sb t0,-1(a0)
        {0x00551123, false, true, false, 2, kA0, 2, kT0, 0},         // sh t0,2(a0)
        {0x80652023, false, true, false, 4, kA0, -2048, kT1, 0},     // sw t1,-2048(a0)
        {0x4354, true, false, false, 4, kA4, 4, 0, kA3},             // c.lw a3,4(a4)
        {0xc14c, false, true, false, 4, kA0, 4, kA1, 0},             // c.sw a1,4(a0)
        {0x47b2, true, false, false, 4, kSp, 12, 0, kA5},            // c.lwsp a5,12(sp)
        {0xdfbe, false, true, false, 4, kSp, 252, kA5, 0},           // c.swsp a5,252(sp)
        {0x1005262f, true, false, false, 4, kA0, 0, 0, kA2},         // lr.w a2,(a0)
        {0x18b526af, false, true, false, 4, kA0, 0, kA1, kA3},       // sc.w a3,a1,(a0)
        {0x00b5262f, true, true, true, 4, kA0, 0, kA1, kA2},         // amoadd.w a2,a1,(a0)
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.insn);
        const auto op = memory_op(c.insn);
        ASSERT_TRUE(op.has_value());
        EXPECT_EQ(op->reads, c.reads);
        EXPECT_EQ(op->writes, c.writes);
        EXPECT_EQ(op->amo, c.amo);
        EXPECT_EQ(op->bytes, c.bytes);
        EXPECT_EQ(op->base, c.base);
        EXPECT_EQ(op->offset, c.offset);
        if (c.writes) {
            EXPECT_EQ(op->data, c.data);
        }
        EXPECT_EQ(op->dest, c.dest);
    }
    for (std::uint32_t other : {0x00158593u /* addi */, 0x0585u /* c.addi */, 0x000000efu /* jal */,
                                0x852eu /* c.mv */, 0x10000537u /* lui */, 0x00100073u /* ebreak */})
        EXPECT_FALSE(memory_op(other).has_value()) << other;
}

TEST(RvBlock, LocatesTheAccessBetweenOtherInstructions) {
    const auto c = code({0x00158593 /* addi a1,a1,1 */, 0x0585 /* c.addi a1,1 */, 0x00852603 /* lw a2,8(a0) */,
                         0x00158593 /* addi a1,a1,1 */});
    std::uint32_t x[32] = {};
    x[kA0] = 0x10000000;
    const auto at = locate(c, x, {false, 0x10000008, 4, 0});
    ASSERT_TRUE(at.has_value());
    EXPECT_EQ(at->index, 2u);
    EXPECT_EQ(at->offset, 6u);
    EXPECT_FALSE(locate(c, x, {true, 0x10000008, 4, 0}).has_value());   // no store there
    EXPECT_FALSE(locate(c, x, {false, 0x10000004, 4, 0}).has_value());  // nor a load of that address
}

TEST(RvBlock, TwoReadsOfOneRegisterAreTakenInOrder) {
    const auto c = code({0x00052583 /* lw a1,0(a0) */, 0x00052583 /* lw a1,0(a0) */});
    std::uint32_t x[32] = {};
    x[kA0] = 0x20000000;
    EXPECT_EQ(locate(c, x, {false, 0x20000000, 4, 0}, 0)->index, 0u);
    EXPECT_EQ(locate(c, x, {false, 0x20000000, 4, 0}, 1)->index, 1u);
}

TEST(RvBlock, AnEarlierAccessWhoseBaseChangedIsPassedOver) {
    // sw t0,0(a0) wrote RAM; lui then pointed a0 at the device; the device saw the second store.
    const auto c = code({0x00552023 /* sw t0,0(a0) */, 0x10000537 /* lui a0,0x10000 */, 0x00552023 /* sw t0,0(a0) */});
    std::uint32_t x[32] = {};
    x[kA0] = 0x10000000;
    x[kT0] = 5;
    const auto at = locate(c, x, {true, 0x10000000, 4, 5});
    ASSERT_TRUE(at.has_value());
    EXPECT_EQ(at->index, 2u);
    EXPECT_EQ(at->offset, 8u);
}

TEST(RvBlock, TheStoredValueTellsTwoStoresApart) {
    const auto c = code({0x00552023 /* sw t0,0(a0) */, 0x00652023 /* sw t1,0(a0) */});
    std::uint32_t x[32] = {};
    x[kA0] = 0x10000000;
    x[kT0] = 1;
    x[kT1] = 2;
    EXPECT_EQ(locate(c, x, {true, 0x10000000, 4, 2})->index, 1u);
    EXPECT_EQ(locate(c, x, {true, 0x10000000, 4, 1})->index, 0u);
}

TEST(RvBlock, ALoadIntoItsOwnBaseIsTheFirstMatch) {
    const auto c = code({0x4108 /* c.lw a0,0(a0) */, 0x4108 /* c.lw a0,0(a0) */});
    std::uint32_t x[32] = {};
    x[kA0] = 0x10001004;
    const auto at = locate(c, x, {false, 0x10001004, 4, 0});
    ASSERT_TRUE(at.has_value());
    EXPECT_EQ(at->index, 0u);
}

TEST(RvBlock, AStoreAfterItsBaseMovedOn) {
    // lw a1,0(a0); addi a0,a0,4; sw a1,-4(a0): the store is at the load's address.
    const auto c = code({0x00052583, 0x00450513, 0xfeb52e23});
    std::uint32_t x[32] = {};
    x[kA0] = 0x10000004;  // after the addi
    x[kA1] = 7;
    const auto at = locate(c, x, {true, 0x10000000, 4, 7});
    ASSERT_TRUE(at.has_value());
    EXPECT_EQ(at->index, 2u);
}

TEST(RvBlock, AnAmoReadsAndWritesFromOneInstruction) {
    const auto c = code({0x00158593 /* addi a1,a1,1 */, 0x00b5262f /* amoadd.w a2,a1,(a0) */});
    std::uint32_t x[32] = {};
    x[kA0] = 0x20000010;
    const auto read = locate(c, x, {false, 0x20000010, 4, 0});
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(read->index, 1u);
    EXPECT_TRUE(read->amo);
    const auto write = locate(c, x, {true, 0x20000010, 4, 12345}, read->index);  // any value: computed
    ASSERT_TRUE(write.has_value());
    EXPECT_EQ(write->index, 1u);
}

TEST(RvBlock, AMisalignedAccessSeenInPiecesIsItsInstruction) {
    const auto c = code({0x00158593 /* addi */, 0x00852603 /* lw a2,8(a0) */});
    std::uint32_t x[32] = {};
    x[kA0] = 0x10000001;
    const auto at = locate(c, x, {false, 0x1000000a, 1, 0});  // byte 1 of the word at 0x10000009
    ASSERT_TRUE(at.has_value());
    EXPECT_EQ(at->index, 1u);
}

TEST(RvBlock, CompressedStoresAndStackForms) {
    const auto c = code({0xc14c /* c.sw a1,4(a0) */, 0xdfbe /* c.swsp a5,252(sp) */});
    std::uint32_t x[32] = {};
    x[kA0] = 0x10000000;
    x[kA1] = 3;
    x[kSp] = 0x10000f00;
    x[kA5] = 9;
    EXPECT_EQ(locate(c, x, {true, 0x10000004, 4, 3})->offset, 0u);
    EXPECT_EQ(locate(c, x, {true, 0x10000ffc, 4, 9})->offset, 2u);
}

}  // namespace
}  // namespace fgtlm::platform::rv
