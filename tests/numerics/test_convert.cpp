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

std::uint32_t f32_bits(float f) { return std::bit_cast<std::uint32_t>(f); }

TEST(I2f, SmallTypesAreExact) {
    EXPECT_EQ(nx::i2f(0xFFu, DataType::U8, Rounding::Nearest), f32_bits(255.0f));
    EXPECT_EQ(nx::i2f(0xFFu, DataType::S8, Rounding::Nearest), f32_bits(-1.0f));
    EXPECT_EQ(nx::i2f(0x12348000u, DataType::S16, Rounding::Nearest), f32_bits(-32768.0f));  // high bits ignored
    EXPECT_EQ(nx::i2f(0xFFFFu, DataType::U16, Rounding::Nearest), f32_bits(65535.0f));
    EXPECT_EQ(nx::i2f(0u, DataType::S32, Rounding::Nearest), 0u);
}

// The RTL (fpu_conv's U2F/S2F) ignores the rounding field: always nearest even, and the
// increment does not carry into the exponent (0xFFFFFFFF gives 2^31, not 2^32).
TEST(I2f, ThirtyTwoBitRounding) {
    EXPECT_EQ(nx::i2f(0x01000001u, DataType::U32, Rounding::Nearest), f32_bits(16777216.0f));
    EXPECT_EQ(nx::i2f(0x01000001u, DataType::U32, Rounding::Up), f32_bits(16777216.0f));
    EXPECT_EQ(nx::i2f(0x01000003u, DataType::U32, Rounding::Nearest), f32_bits(16777220.0f));
    EXPECT_EQ(nx::i2f(0x01000003u, DataType::U32, Rounding::Trunc), f32_bits(16777220.0f));
    EXPECT_EQ(nx::i2f(0xFFFFFFFFu, DataType::U32, Rounding::Nearest), 0x4F000000u);
    EXPECT_EQ(nx::i2f(0x80000000u, DataType::U32, Rounding::Nearest), 0x4F000000u);
    EXPECT_EQ(nx::i2f(0x40000000u, DataType::U32, Rounding::Nearest), 0x4E800000u);
    EXPECT_EQ(nx::i2f(0x7FFFFFFFu, DataType::S32, Rounding::Nearest), 0x4E800000u);  // 2^31 - 1 -> 2^30
    EXPECT_EQ(nx::i2f(0x80000000u, DataType::S32, Rounding::Nearest), f32_bits(-2147483648.0f));
    EXPECT_EQ(nx::i2f(static_cast<std::uint32_t>(-16777217), DataType::S32, Rounding::Down), f32_bits(-16777216.0f));
    for (std::uint32_t v = 0; v < 5000000; v += 997) {  // below 2^32 - 2^7 the result is IEEE's
        EXPECT_EQ(nx::i2f(v * 857u, DataType::U32, Rounding::Nearest), f32_bits(static_cast<float>(v * 857u)));
    }
}

// fpu_conv's F2U/F2S: nearest even whatever the rounding field says.
TEST(F2i, AlwaysNearestEven) {
    EXPECT_EQ(nx::f2i(f32_bits(2.5f), DataType::S32, Rounding::Nearest), 2u);
    EXPECT_EQ(nx::f2i(f32_bits(3.5f), DataType::S32, Rounding::Nearest), 4u);
    EXPECT_EQ(nx::f2i(f32_bits(-2.5f), DataType::S32, Rounding::Trunc), static_cast<std::uint32_t>(-2));
    EXPECT_EQ(nx::f2i(f32_bits(-3.5f), DataType::S32, Rounding::Trunc), static_cast<std::uint32_t>(-4));
    EXPECT_EQ(nx::f2i(f32_bits(2.7f), DataType::S32, Rounding::Trunc), 3u);
    EXPECT_EQ(nx::f2i(f32_bits(2.01f), DataType::S32, Rounding::Up), 2u);
    EXPECT_EQ(nx::f2i(f32_bits(0.3f), DataType::U32, Rounding::Up), 0u);
    EXPECT_EQ(nx::f2i(f32_bits(-0.3f), DataType::S32, Rounding::Down), 0u);
}

TEST(F2i, OutOfRangeAndNaN) {
    EXPECT_EQ(nx::f2i(f32_bits(1e10f), DataType::S32, Rounding::Trunc), 0x80000000u);
    EXPECT_EQ(nx::f2i(f32_bits(-1e10f), DataType::S32, Rounding::Trunc), 0x80000000u);
    EXPECT_EQ(nx::f2i(f32_bits(2147483648.0f), DataType::S32, Rounding::Trunc), 0u);  // exponent 158, fraction 0
    EXPECT_EQ(nx::f2i(f32_bits(1e10f), DataType::U32, Rounding::Trunc), 0xFFFFFFFFu);
    EXPECT_EQ(nx::f2i(f32_bits(-5.0f), DataType::U32, Rounding::Trunc), 0xFFFFFFFFu);  // below -0.5
    EXPECT_EQ(nx::f2i(f32_bits(-0.4f), DataType::U32, Rounding::Trunc), 0u);
    EXPECT_EQ(nx::f2i(f32_bits(-1.0f), DataType::U32, Rounding::Trunc), 0u);  // exactly -1: the RTL's 0 case
    EXPECT_EQ(nx::f2i(0x7FC00000u, DataType::U32, Rounding::Trunc), 0xFFFFFFFFu);
    EXPECT_EQ(nx::f2i(f32_bits(70000.0f), DataType::U16, Rounding::Trunc), 0xFFFFu);
    EXPECT_EQ(nx::f2i(f32_bits(-40000.0f), DataType::S16, Rounding::Trunc), 0xFFFF8000u);
    EXPECT_EQ(nx::f2i(f32_bits(-7.0f), DataType::S16, Rounding::Trunc), 0xFFFFFFF9u);
    EXPECT_EQ(nx::f2i(0x7F800000u, DataType::S32, Rounding::Nearest), 0x7FFFFFFFu);
    EXPECT_EQ(nx::f2i(0xFF800000u, DataType::S32, Rounding::Nearest), 0x80000000u);
    EXPECT_EQ(nx::f2i(0x7FFFFFFFu, DataType::S32, Rounding::Nearest), 0x80000000u);
    EXPECT_EQ(nx::f2i(f32_bits(4294967040.0f), DataType::U32, Rounding::Trunc), 0xFFFFFF00u);
    EXPECT_EQ(nx::f2i(0x00400000u, DataType::S32, Rounding::Nearest), 0u);  // denormal
}

// F2F is fpu_conv's transfer: the word passes unchanged (no flush, no NaN change, no .RNI).
TEST(F2f, IsAMove) {
    EXPECT_EQ(nx::f2f(f32_bits(1.75f), Rounding::Nearest), f32_bits(1.75f));
    EXPECT_EQ(nx::f2f(0x00000005u, Rounding::Nearest), 0x00000005u);
    EXPECT_EQ(nx::f2f(0xFFC12345u, Rounding::Nearest), 0xFFC12345u);
    EXPECT_EQ(nx::f2f(f32_bits(1.75f), Rounding::Nearest, true), f32_bits(1.75f));
    EXPECT_EQ(nx::f2f(f32_bits(-1.75f), Rounding::Trunc, true), f32_bits(-1.75f));
}

}  // namespace
