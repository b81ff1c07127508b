// CUDA C kernels with data-dependent control flow (divergent loops, early returns,
// break/continue, switch), device functions, constant tables, __device__ globals,
// conversions, float compares, SFU intrinsics, 24-bit multiplies and byte/short arrays.
#include "kernel_runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace fgtlm::test {
namespace {

std::vector<std::uint8_t> words(std::uint32_t base, const std::vector<std::uint32_t>& v) {
    std::vector<std::uint8_t> m;
    for (std::size_t i = 0; i < v.size(); ++i) put_u32(m, base + 4 * std::uint32_t(i), v[i]);
    return m;
}

std::vector<std::uint32_t> randoms(std::uint32_t n, std::uint32_t seed, std::uint32_t mask) {
    std::vector<std::uint32_t> v;
    for (std::uint32_t i = 0; i < n; ++i) v.push_back(next_random(seed) & mask);
    return v;
}

TEST(CompiledKernels, DivergentCollatzLoop) {
    std::vector<std::uint32_t> in;
    for (std::uint32_t i = 0; i < 64; ++i) in.push_back(i * 37 + 1);
    KernelRun r{"collatz.cu", "", {2}, {32}, {"0", "0x1000"}, words(0, in)};
    put_u32(r.memory, 0x1000 + 4 * 64, 0);
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 64; ++i) {
        std::uint32_t x = in[i], n = 0;
        while (x != 1) x = (x & 1) ? 3 * x + 1 : x >> 1, ++n;
        ASSERT_EQ(get_u32(out, 0x1000 + 4 * i), n) << i;
    }
}

TEST(CompiledKernels, EarlyReturnsAndNestedIfs) {
    std::vector<std::uint32_t> in = randoms(32, 3, 0x7ff);
    for (std::uint32_t i = 0; i < 32; i += 5) in[i] = 0u - in[i];
    KernelRun r{"early_return.cu", "", {1}, {32}, {"0", "0x1000", "28"}, words(0, in)};
    for (std::uint32_t i = 0; i < 32; ++i) put_u32(r.memory, 0x1000 + 4 * i, 0x12345678);
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        const std::int32_t v = std::int32_t(in[i]);
        const std::uint32_t want = i >= 28    ? 0x12345678u
                                   : v < 0    ? 0xffffffffu
                                   : v > 1000 ? ((v & 1) ? 1u : 2u)
                                              : std::uint32_t(v * 2);
        ASSERT_EQ(get_u32(out, 0x1000 + 4 * i), want) << i;
    }
}

TEST(CompiledKernels, BreakAndContinueSearch) {
    std::vector<std::uint32_t> data = randoms(40, 8, 0x1f);
    for (std::uint32_t j = 0; j < 40; j += 3) data[j] = 0u - 1u - data[j];
    std::vector<std::uint8_t> m = words(0x100, data);
    const std::vector<std::uint32_t> keys = randoms(32, 4, 0x3f);
    for (std::uint32_t i = 0; i < 32; ++i) put_u32(m, 4 * i, keys[i]);
    KernelRun r{"search.cu", "", {1}, {32}, {"0", "0x100", "40", "0x1000"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        std::int32_t found = -1;
        for (std::uint32_t j = 0; j < 40; ++j) {
            if (std::int32_t(data[j]) < 0) continue;
            if (data[j] == keys[i]) {
                found = std::int32_t(j);
                break;
            }
        }
        ASSERT_EQ(std::int32_t(get_u32(out, 0x1000 + 4 * i)), found) << i;
    }
}

TEST(CompiledKernels, SwitchStatement) {
    const std::vector<std::uint32_t> in = randoms(64, 12, 0xffff);
    KernelRun r{"switch.cu", "", {1}, {64}, {"0", "0x1000"}, words(0, in)};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 64; ++i) {
        const std::int32_t v = std::int32_t(in[i]);
        std::int32_t want = 0;
        switch (v & 7) {
            case 0: want = v + 10; break;
            case 1: want = v * 3; break;
            case 2: want = v - 100; break;
            case 3:
            case 4: want = v ^ 0x55; break;
            case 5: want = -v; break;
            default: want = 0; break;
        }
        ASSERT_EQ(std::int32_t(get_u32(out, 0x1000 + 4 * i)), want) << i;
    }
}

TEST(CompiledKernels, DeviceFunctions) {
    std::vector<std::uint32_t> in = randoms(32, 21, 0xff);
    for (std::uint32_t i = 0; i < 32; i += 4) in[i] = 0u - in[i];
    KernelRun r{"device_func.cu", "", {1}, {32}, {"0", "0x1000"}, words(0, in)};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        const std::int32_t x = std::int32_t(in[i]);
        const std::int32_t want = x * x + 3 * x + std::clamp(x, -5, 5) - (x >> 1) * (x >> 1);
        ASSERT_EQ(std::int32_t(get_u32(out, 0x1000 + 4 * i)), want) << i;
    }
}

TEST(CompiledKernels, ConstantTableIndexedByData) {
    const std::vector<std::uint32_t> in = randoms(32, 33, 0xff);
    KernelRun r{"const_table.cu", "", {1}, {32}, {"0", "0x1000", "0x2000"}, words(0, in)};
    put_u32(r.memory, 0x2000 + 128, 0);
    const auto out = run_kernel(r);
    const int table[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
    for (std::uint32_t i = 0; i < 32; ++i) {
        ASSERT_EQ(std::int32_t(get_u32(out, 0x1000 + 4 * i)), table[in[i] & 15] + table[(in[i] >> 4) & 15]) << i;
        ASSERT_EQ(get_f32(out, 0x2000 + 4 * i), float(table[in[i] & 15]) * 0.5f) << i;
    }
}

TEST(CompiledKernels, DeviceGlobalVariables) {
    const std::vector<std::uint32_t> in = randoms(64, 44, 0xffff);
    KernelRun r{"device_global.cu", "", {1}, {64}, {"0", "0x1000"}, words(0, in)};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 64; ++i) ASSERT_EQ(get_u32(out, 0x1000 + 4 * i), in[63 - i] + 1000) << i;
}

TEST(CompiledKernels, IntFloatConversions) {
    std::vector<std::uint8_t> m;
    std::uint32_t seed = 55;
    for (std::uint32_t i = 0; i < 32; ++i) {
        put_u32(m, 4 * i, next_random(seed) >> (i % 9));
        put_f32(m, 0x400 + 4 * i, float(std::int32_t(next_random(seed) % 20001) - 10000) / 64.0f);
    }
    put_f32(m, 0x400, 2.5f), put_f32(m, 0x404, -3.5f), put_f32(m, 0x408, -0.75f);
    KernelRun r{"convert.cu", "", {1}, {32}, {"0", "0x400", "0x1000", "0x2000"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        const std::int32_t v = std::int32_t(get_u32(m, 4 * i));
        const float f = get_f32(m, 0x400 + 4 * i);
        ASSERT_EQ(get_f32(out, 0x2000 + 8 * i), float(v)) << i;
        ASSERT_EQ(get_f32(out, 0x2004 + 8 * i), float(std::uint32_t(v))) << i;
        ASSERT_EQ(std::int32_t(get_u32(out, 0x1000 + 12 * i)), std::int32_t(f)) << i;
        ASSERT_EQ(std::int32_t(get_u32(out, 0x1004 + 12 * i)), std::int32_t(std::nearbyint(f))) << i;
        ASSERT_EQ(std::int32_t(get_u32(out, 0x1008 + 12 * i)), std::int32_t(std::uint8_t(v)) + std::int16_t(v)) << i;
    }
}

TEST(CompiledKernels, FloatMinMaxAbsNegAndCompares) {
    std::vector<std::uint8_t> m;
    std::uint32_t seed = 66;
    for (std::uint32_t i = 0; i < 32; ++i) {
        put_f32(m, 4 * i, float(std::int32_t(next_random(seed) % 201) - 100) / 8.0f);
        put_f32(m, 0x400 + 4 * i,
                i % 4 == 0 ? get_f32(m, 4 * i) : float(std::int32_t(next_random(seed) % 201) - 100) / 8.0f);
    }
    KernelRun r{"fminmax.cu", "", {1}, {32}, {"0", "0x400", "0x1000", "0x2000"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        const float x = get_f32(m, 4 * i), y = get_f32(m, 0x400 + 4 * i);
        ASSERT_EQ(get_f32(out, 0x1000 + 16 * i), std::fmin(x, y)) << i;
        ASSERT_EQ(get_f32(out, 0x1004 + 16 * i), std::fmax(x, y)) << i;
        ASSERT_EQ(get_f32(out, 0x1008 + 16 * i), std::fabs(x) - y) << i;
        ASSERT_EQ(get_f32(out, 0x100c + 16 * i), -x * 2.0f) << i;
        ASSERT_EQ(get_u32(out, 0x2000 + 4 * i), std::uint32_t((x < y) + 2 * (x == y) + 4 * (x >= y))) << i;
    }
}

TEST(CompiledKernels, SpecialFunctionIntrinsicsWithinTheirStatedAccuracy) {
    std::vector<std::uint8_t> m;
    for (std::uint32_t i = 0; i < 32; ++i) put_f32(m, 4 * i, float(i) * 0.2f - 3.0f);
    KernelRun r{"sfu.cu", "", {1}, {32}, {"0", "0x1000"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        const double x = get_f32(m, 4 * i);
        const std::uint32_t o = 0x1000 + 24 * i;
        EXPECT_NEAR(get_f32(out, o), std::sin(x), 2e-3) << i;
        EXPECT_NEAR(get_f32(out, o + 4), std::cos(x), 2e-3) << i;
        EXPECT_NEAR(get_f32(out, o + 8), std::exp(x), std::exp(x) * 2e-3) << i;
        EXPECT_NEAR(get_f32(out, o + 12), std::log(x + 4.0), 2e-3) << i;
        EXPECT_NEAR(get_f32(out, o + 16), 1.0 / std::sqrt(x + 4.0), 2e-3) << i;
        EXPECT_NEAR(get_f32(out, o + 20), x / (x + 8.0), 2e-3) << i;
    }
}

TEST(CompiledKernels, Multiply24Bit) {
    std::vector<std::uint32_t> a = randoms(32, 71, 0xffffff), b = randoms(32, 72, 0x7fffff);
    std::vector<std::uint8_t> m = words(0, a);
    for (std::uint32_t i = 0; i < 32; ++i) put_u32(m, 0x400 + 4 * i, b[i]);
    KernelRun r{"mul24.cu", "", {1}, {32}, {"0", "0x400", "0x1000"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        const std::int64_t sa = std::int64_t(std::int32_t(a[i] << 8) >> 8),
                           sb = std::int64_t(std::int32_t(b[i] << 8) >> 8);
        ASSERT_EQ(get_u32(out, 0x1000 + 8 * i), std::uint32_t(sa * sb)) << i;
        ASSERT_EQ(get_u32(out, 0x1004 + 8 * i), std::uint32_t(std::uint64_t(a[i]) * b[i])) << i;
    }
}

TEST(CompiledKernels, CharAndShortArrays) {
    std::vector<std::uint8_t> m(0x1000, 0);
    std::uint32_t seed = 81;
    for (std::uint32_t i = 0; i < 32; ++i) {
        m[i] = std::uint8_t(next_random(seed));
        const std::uint16_t s = std::uint16_t(next_random(seed));
        m[0x100 + 2 * i] = std::uint8_t(s), m[0x101 + 2 * i] = std::uint8_t(s >> 8);
    }
    KernelRun r{"bytes.cu", "", {1}, {32}, {"0", "0x100", "0x200", "0x300"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        ASSERT_EQ(out[0x200 + i], std::uint8_t(m[i] + 7)) << i;
        const std::int16_t b = std::int16_t(m[0x100 + 2 * i] | (m[0x101 + 2 * i] << 8));
        const std::uint16_t want = std::uint16_t(std::int16_t(b * 3 - m[i]));
        ASSERT_EQ(std::uint16_t(out[0x300 + 2 * i] | (out[0x301 + 2 * i] << 8)), want) << i;
    }
}

}  // namespace
}  // namespace fgtlm::test
