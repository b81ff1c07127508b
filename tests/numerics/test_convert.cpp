// I2F / F2I / F2F conversions.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include <fgtlm/numerics/convert.hpp>
#include <fgtlm/numerics/fpu.hpp>

namespace {

using fgtlm::isa::DataType;
using fgtlm::isa::Rounding;
namespace nx = fgtlm::numerics;

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

TEST(I2f, SmallTypesAreExact) {
    EXPECT_EQ(nx::i2f(0xFFu, DataType::U8, Rounding::Nearest), bits(255.0f));
    EXPECT_EQ(nx::i2f(0xFFu, DataType::S8, Rounding::Nearest), bits(-1.0f));
    EXPECT_EQ(nx::i2f(0x12348000u, DataType::S16, Rounding::Nearest), bits(-32768.0f));  // high bits ignored
    EXPECT_EQ(nx::i2f(0xFFFFu, DataType::U16, Rounding::Nearest), bits(65535.0f));
    EXPECT_EQ(nx::i2f(0u, DataType::S32, Rounding::Nearest), 0u);
}

TEST(I2f, ThirtyTwoBitRounding) {
    // 2^24 + 1 is not representable: nearest-even gives 2^24, Up gives 2^24 + 2.
    EXPECT_EQ(nx::i2f(0x01000001u, DataType::U32, Rounding::Nearest), bits(16777216.0f));
    EXPECT_EQ(nx::i2f(0x01000001u, DataType::U32, Rounding::Up), bits(16777218.0f));
    EXPECT_EQ(nx::i2f(0x01000003u, DataType::U32, Rounding::Nearest), bits(16777220.0f));
    EXPECT_EQ(nx::i2f(0x01000003u, DataType::U32, Rounding::Trunc), bits(16777218.0f));
    EXPECT_EQ(nx::i2f(0xFFFFFFFFu, DataType::U32, Rounding::Nearest), bits(4294967296.0f));
    EXPECT_EQ(nx::i2f(0xFFFFFFFFu, DataType::U32, Rounding::Trunc), 0x4F7FFFFFu);
    EXPECT_EQ(nx::i2f(0x80000000u, DataType::S32, Rounding::Nearest), bits(-2147483648.0f));
    EXPECT_EQ(nx::i2f(static_cast<std::uint32_t>(-16777217), DataType::S32, Rounding::Down), bits(-16777218.0f));
    for (std::uint32_t v = 0; v < 5000000; v += 997) {
        EXPECT_EQ(nx::i2f(v * 857u, DataType::U32, Rounding::Nearest), bits(static_cast<float>(v * 857u)));
    }
}

TEST(F2i, RoundingModes) {
    EXPECT_EQ(nx::f2i(bits(2.5f), DataType::S32, Rounding::Nearest), 2u);
    EXPECT_EQ(nx::f2i(bits(3.5f), DataType::S32, Rounding::Nearest), 4u);
    EXPECT_EQ(nx::f2i(bits(-2.5f), DataType::S32, Rounding::Trunc), static_cast<std::uint32_t>(-2));
    EXPECT_EQ(nx::f2i(bits(-2.5f), DataType::S32, Rounding::Down), static_cast<std::uint32_t>(-3));
    EXPECT_EQ(nx::f2i(bits(2.01f), DataType::S32, Rounding::Up), 3u);
    EXPECT_EQ(nx::f2i(bits(0.3f), DataType::U32, Rounding::Up), 1u);
    EXPECT_EQ(nx::f2i(bits(0.3f), DataType::U32, Rounding::Nearest), 0u);
    EXPECT_EQ(nx::f2i(bits(-0.3f), DataType::S32, Rounding::Down), 0xFFFFFFFFu);
}

TEST(F2i, SaturationAndNaN) {
    EXPECT_EQ(nx::f2i(bits(1e10f), DataType::S32, Rounding::Trunc), 0x7FFFFFFFu);
    EXPECT_EQ(nx::f2i(bits(-1e10f), DataType::S32, Rounding::Trunc), 0x80000000u);
    EXPECT_EQ(nx::f2i(bits(1e10f), DataType::U32, Rounding::Trunc), 0xFFFFFFFFu);
    EXPECT_EQ(nx::f2i(bits(-5.0f), DataType::U32, Rounding::Trunc), 0u);
    EXPECT_EQ(nx::f2i(bits(70000.0f), DataType::U16, Rounding::Trunc), 0xFFFFu);
    EXPECT_EQ(nx::f2i(bits(-40000.0f), DataType::S16, Rounding::Trunc), 0xFFFF8000u);
    EXPECT_EQ(nx::f2i(bits(-7.0f), DataType::S16, Rounding::Trunc), 0xFFFFFFF9u);
    EXPECT_EQ(nx::f2i(0x7F800000u, DataType::S32, Rounding::Nearest), 0x7FFFFFFFu);
    EXPECT_EQ(nx::f2i(0xFF800000u, DataType::S32, Rounding::Nearest), 0x80000000u);
    EXPECT_EQ(nx::f2i(nx::kCanonicalNaN, DataType::S32, Rounding::Nearest), 0u);
    EXPECT_EQ(nx::f2i(bits(4294967040.0f), DataType::U32, Rounding::Trunc), 0xFFFFFF00u);
}

TEST(F2f, MoveAndRoundToInteger) {
    EXPECT_EQ(nx::f2f(bits(1.75f), Rounding::Nearest), bits(1.75f));
    EXPECT_EQ(nx::f2f(0x00000005u, Rounding::Nearest), 0u);  // denormal flushed
    EXPECT_EQ(nx::f2f(0xFFC12345u, Rounding::Nearest), nx::kCanonicalNaN);
    EXPECT_EQ(nx::f2f(bits(1.75f), Rounding::Nearest, true), bits(2.0f));
    EXPECT_EQ(nx::f2f(bits(-1.75f), Rounding::Trunc, true), bits(-1.0f));
    EXPECT_EQ(nx::f2f(bits(-1.25f), Rounding::Down, true), bits(-2.0f));
    EXPECT_EQ(nx::f2f(bits(-0.25f), Rounding::Nearest, true), 0x80000000u);
    EXPECT_EQ(nx::f2f(bits(1e20f), Rounding::Up, true), bits(1e20f));
}

}  // namespace
