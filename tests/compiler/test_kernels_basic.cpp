// CUDA C kernels compiled by `fgtlm cc` and run by `fgtlm run`: integer and float arithmetic,
// checked against host C++ references computed here.
#include "kernel_runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

namespace fgtlm::test {
namespace {

constexpr std::uint32_t kA = 0x0, kB = 0x1000, kC = 0x2000;

std::vector<std::uint8_t> two_inputs(std::uint32_t n, std::uint32_t seed, std::uint32_t mask_a, std::uint32_t mask_b) {
    std::vector<std::uint8_t> m;
    for (std::uint32_t i = 0; i < n; ++i) {
        put_u32(m, kA + 4 * i, next_random(seed) & mask_a);
        put_u32(m, kB + 4 * i, next_random(seed) & mask_b);
    }
    put_u32(m, kC + 0x1000, 0);
    return m;
}

TEST(CompiledKernels, VectorAddIntMultiBlockWithBoundsCheck) {
    KernelRun r{"vadd_int.cu", "", {3}, {32}, {"0", "0x1000", "0x2000", "90"}, two_inputs(96, 1, ~0u, ~0u)};
    put_u32(r.memory, kC + 4 * 90, 0xdeadbeef);
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 90; ++i)
        ASSERT_EQ(get_u32(out, kC + 4 * i), get_u32(r.memory, kA + 4 * i) + get_u32(r.memory, kB + 4 * i)) << i;
    EXPECT_EQ(get_u32(out, kC + 4 * 90), 0xdeadbeefu);  // past n: untouched
}

TEST(CompiledKernels, VectorAddFloatWithHostMain) {
    KernelRun r{"vadd_float.cu", "vaddf", {2}, {32}, {"0", "4096", "8192", "64"}, {}};
    for (std::uint32_t i = 0; i < 64; ++i)
        put_f32(r.memory, kA + 4 * i, 0.5f * float(i) - 3.25f), put_f32(r.memory, kB + 4 * i, 100.0f / float(i + 1));
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 64; ++i)
        ASSERT_EQ(get_f32(out, kC + 4 * i), get_f32(r.memory, kA + 4 * i) + get_f32(r.memory, kB + 4 * i)) << i;
}

TEST(CompiledKernels, SaxpyFloatParameter) {
    KernelRun r{"saxpy.cu", "", {1}, {64}, {"2.5", "0", "4096", "64"}, {}};
    for (std::uint32_t i = 0; i < 64; ++i)
        put_f32(r.memory, kA + 4 * i, float(i) * 0.75f), put_f32(r.memory, kB + 4 * i, 1.0f - float(i));
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 64; ++i) {
        const float p = 2.5f * get_f32(r.memory, kA + 4 * i);
        ASSERT_EQ(get_f32(out, kB + 4 * i), p + get_f32(r.memory, kB + 4 * i)) << i;
    }
}

TEST(CompiledKernels, Multiply32BitLowHighAndMad) {
    KernelRun r{"imul.cu", "", {1}, {32}, {"0", "4096", "8192"}, two_inputs(32, 7, ~0u, ~0u)};
    put_u32(r.memory, kA, 0xffffffffu), put_u32(r.memory, kB, 0xffffffffu);
    put_u32(r.memory, kA + 4, 0x80000000u), put_u32(r.memory, kB + 4, 3);
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        const std::uint32_t x = get_u32(r.memory, kA + 4 * i), y = get_u32(r.memory, kB + 4 * i);
        ASSERT_EQ(get_u32(out, kC + 16 * i), x * y) << i;
        ASSERT_EQ(get_u32(out, kC + 16 * i + 4), std::uint32_t((std::uint64_t(x) * y) >> 32)) << i;
        ASSERT_EQ(get_u32(out, kC + 16 * i + 8),
                  std::uint32_t(std::uint64_t(std::int64_t(std::int32_t(x)) * std::int32_t(y)) >> 32))
            << i;
        ASSERT_EQ(get_u32(out, kC + 16 * i + 12), x * y + x) << i;
    }
}

TEST(CompiledKernels, DivisionAndRemainderSignedUnsignedAndByConstants) {
    KernelRun r{"divide.cu", "", {1}, {64}, {"0", "4096", "8192"}, {}};
    std::uint32_t seed = 99;
    for (std::uint32_t i = 0; i < 64; ++i) {
        std::int32_t x = std::int32_t(next_random(seed)), y = std::int32_t(next_random(seed));
        if (i % 4 == 1) y = std::int32_t(y % 1000);
        if (i % 4 == 2) x = std::int32_t(x % 100000), y = -(y & 0xff);
        if (y == 0) y = 3;
        put_u32(r.memory, kA + 4 * i, std::uint32_t(x)), put_u32(r.memory, kB + 4 * i, std::uint32_t(y));
    }
    put_u32(r.memory, kA, 0x80000000u), put_u32(r.memory, kB, 0xffffffffu - 6);
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 64; ++i) {
        const std::int32_t x = std::int32_t(get_u32(r.memory, kA + 4 * i)),
                           y = std::int32_t(get_u32(r.memory, kB + 4 * i));
        const std::uint32_t o = kC + 24 * i;
        ASSERT_EQ(std::int32_t(get_u32(out, o)), x / y) << i;
        ASSERT_EQ(std::int32_t(get_u32(out, o + 4)), x % y) << i;
        ASSERT_EQ(get_u32(out, o + 8), std::uint32_t(x) / std::uint32_t(y)) << i;
        ASSERT_EQ(get_u32(out, o + 12), std::uint32_t(x) % std::uint32_t(y)) << i;
        ASSERT_EQ(std::int32_t(get_u32(out, o + 16)), x / 7) << i;
        ASSERT_EQ(get_u32(out, o + 20), std::uint32_t(x) % 10u) << i;
    }
}

TEST(CompiledKernels, LogicAndShifts) {
    KernelRun r{"bitops.cu", "", {1}, {32}, {"0", "4096", "8192"}, two_inputs(32, 5, ~0u, ~0u)};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        const std::uint32_t x = get_u32(r.memory, kA + 4 * i), y = get_u32(r.memory, kB + 4 * i), o = kC + 24 * i;
        ASSERT_EQ(get_u32(out, o), (x & y) | (~x & 0xff00ff00u)) << i;
        ASSERT_EQ(get_u32(out, o + 4), x ^ y) << i;
        ASSERT_EQ(get_u32(out, o + 8), x << (y & 31)) << i;
        ASSERT_EQ(get_u32(out, o + 12), x >> (y & 31)) << i;
        ASSERT_EQ(get_u32(out, o + 16), std::uint32_t(std::int32_t(x) >> (y & 31))) << i;
        ASSERT_EQ(get_u32(out, o + 20), (x << 3) + (y >> 5)) << i;
    }
}

TEST(CompiledKernels, MinMaxAbsSelect) {
    KernelRun r{"minmax.cu", "", {1}, {32}, {"0", "4096", "8192"}, two_inputs(32, 11, ~0u, ~0u)};
    put_u32(r.memory, kA, 5), put_u32(r.memory, kB, 5);
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        const std::int32_t x = std::int32_t(get_u32(r.memory, kA + 4 * i)),
                           y = std::int32_t(get_u32(r.memory, kB + 4 * i));
        const std::uint32_t o = kC + 20 * i;
        ASSERT_EQ(std::int32_t(get_u32(out, o)), std::min(x, y)) << i;
        ASSERT_EQ(std::int32_t(get_u32(out, o + 4)), std::max(x, y)) << i;
        ASSERT_EQ(get_u32(out, o + 8), std::min(std::uint32_t(x), std::uint32_t(y))) << i;
        ASSERT_EQ(get_u32(out, o + 12), x < 0 ? 0u - std::uint32_t(x) : std::uint32_t(x)) << i;
        ASSERT_EQ(get_u32(out, o + 16), x > y ? std::uint32_t(x) - std::uint32_t(y) : std::uint32_t(y) * 3u) << i;
    }
}

}  // namespace
}  // namespace fgtlm::test
