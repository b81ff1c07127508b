// More CUDA C kernels: histogram, sorting networks, dynamic shared memory, structs, loops
// with data-dependent trip counts, float reduction and Horner's rule, a grid-stride loop, a
// 2-D blur and a warp-synchronous scan, each checked against a host reference.
#include "kernel_runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

namespace fgtlm::test {
namespace {

std::vector<std::uint32_t> randoms(std::uint32_t n, std::uint32_t seed, std::uint32_t mask) {
    std::vector<std::uint32_t> v;
    for (std::uint32_t i = 0; i < n; ++i) v.push_back(next_random(seed) & mask);
    return v;
}

std::vector<std::uint8_t> words(std::uint32_t base, const std::vector<std::uint32_t>& v,
                                std::vector<std::uint8_t> m = {}) {
    for (std::size_t i = 0; i < v.size(); ++i) put_u32(m, base + 4 * std::uint32_t(i), v[i]);
    return m;
}

std::vector<std::uint32_t> read_words(const std::vector<std::uint8_t>& m, std::uint32_t base, std::uint32_t n) {
    std::vector<std::uint32_t> v;
    for (std::uint32_t i = 0; i < n; ++i) v.push_back(get_u32(m, base + 4 * i));
    return v;
}

TEST(CompiledKernels, HistogramWithoutAtomics) {
    const auto in = randoms(200, 5, ~0u);
    KernelRun r{"histogram.cu", "", {1}, {32}, {"0", "200", "0x1000"}, words(0, in)};
    const auto out = run_kernel(r);
    std::vector<std::uint32_t> want(32, 0);
    for (const std::uint32_t x : in) ++want[x & 31];
    EXPECT_EQ(read_words(out, 0x1000, 32), want);
}

TEST(CompiledKernels, BitonicSortNetwork) {
    auto in = randoms(64, 6, 0xffff);
    for (std::uint32_t i = 0; i < 64; i += 7) in[i] = 0u - in[i];
    KernelRun r{"bitonic.cu", "", {1}, {64}, {"0"}, words(0, in)};
    const auto out = run_kernel(r);
    std::vector<std::int32_t> want(in.begin(), in.end()), got;
    std::sort(want.begin(), want.end());
    for (const std::uint32_t x : read_words(out, 0, 64)) got.push_back(std::int32_t(x));
    EXPECT_EQ(got, want);
}

TEST(CompiledKernels, OddEvenTranspositionSort) {
    const auto in = randoms(32, 7, 0xfff);
    KernelRun r{"odd_even.cu", "", {1}, {32}, {"0"}, words(0, in)};
    auto want = in;
    std::sort(want.begin(), want.end());
    EXPECT_EQ(read_words(run_kernel(r), 0, 32), want);
}

TEST(CompiledKernels, DynamicSharedMemoryReverse) {
    const auto in = randoms(96, 8, ~0u);
    KernelRun r{"dyn_shared.cu", "", {2}, {48}, {"0", "0x1000"}, words(0, in)};
    r.dynamic_shared = 48 * 4;
    const auto out = run_kernel(r);
    for (std::uint32_t b = 0; b < 2; ++b)
        for (std::uint32_t t = 0; t < 48; ++t) ASSERT_EQ(get_u32(out, 0x1000 + 4 * (48 * b + t)), in[48 * b + 47 - t]);
}

TEST(CompiledKernels, ArrayOfStructs) {
    std::vector<std::uint8_t> m;
    for (std::uint32_t i = 0; i < 32; ++i) {
        put_u32(m, 16 * i, i);
        put_f32(m, 16 * i + 4, float(i) * 0.5f);
        put_f32(m, 16 * i + 8, float(i % 7) - 2.0f);
        put_u32(m, 16 * i + 12, 0x100 * i);
    }
    KernelRun r{"structs.cu", "", {1}, {32}, {"0", "2.0"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        const float x = get_f32(m, 16 * i + 4) + get_f32(m, 16 * i + 8) * 2.0f;
        ASSERT_EQ(get_u32(out, 16 * i), i + 1000) << i;
        ASSERT_EQ(get_f32(out, 16 * i + 4), x) << i;
        ASSERT_EQ(get_f32(out, 16 * i + 8), get_f32(m, 16 * i + 8)) << i;
        ASSERT_EQ(get_u32(out, 16 * i + 12), (0x100 * i) | (x > 10.0f ? 1u : 0u)) << i;
    }
}

TEST(CompiledKernels, EuclidGcdLoop) {
    const auto a = randoms(32, 9, 0xfffff), b = randoms(32, 10, 0xffff);
    KernelRun r{"gcd.cu", "", {1}, {32}, {"0", "0x400", "0x1000"}, words(0x400, b, words(0, a))};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) ASSERT_EQ(get_u32(out, 0x1000 + 4 * i), std::gcd(a[i], b[i])) << i;
}

TEST(CompiledKernels, NestedLoops) {
    const auto m = randoms(7 * 9, 11, 0xffff);
    KernelRun r{"row_sums.cu", "", {1}, {32}, {"0", "9", "7", "0x1000"}, words(0, m)};
    const auto out = run_kernel(r);
    for (std::uint32_t t = 0; t < 32; ++t) {
        std::uint32_t acc = 0;
        for (std::uint32_t row = 0; row < 7; ++row)
            for (std::uint32_t c = 0; c <= t % 5; ++c) acc += m[row * 9 + (t + c) % 9];
        ASSERT_EQ(get_u32(out, 0x1000 + 4 * t), acc) << t;
    }
}

TEST(CompiledKernels, IntegerSquareRootBinarySearch) {
    auto in = randoms(64, 12, ~0u);
    in[0] = 0, in[1] = 1, in[2] = 0xffffffffu, in[3] = 65535u * 65535u;
    KernelRun r{"isqrt.cu", "", {2}, {32}, {"0", "0x1000"}, words(0, in)};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 64; ++i) {
        std::uint64_t s = 0;
        while ((s + 1) * (s + 1) <= in[i] && s + 1 < 65536) ++s;  // slow but exact (values < 2^32)
        ASSERT_EQ(get_u32(out, 0x1000 + 4 * i), std::uint32_t(s)) << i;
    }
}

TEST(CompiledKernels, FloatTreeReduction) {
    std::vector<std::uint8_t> m;
    float want = 0.0f;
    for (std::uint32_t i = 0; i < 128; ++i) {
        const float v = float(int(i % 13) - 6) * 0.25f;
        put_f32(m, 4 * i, v);
        want += v;
    }
    KernelRun r{"reduce_float.cu", "", {1}, {128}, {"0", "0x1000"}, m};
    EXPECT_EQ(get_f32(run_kernel(r), 0x1000), want);
}

TEST(CompiledKernels, HornerWithConstantCoefficients) {
    std::vector<std::uint8_t> m;
    for (std::uint32_t i = 0; i < 32; ++i) put_f32(m, 4 * i, float(int(i) - 16) * 0.125f);
    KernelRun r{"horner.cu", "", {1}, {32}, {"0", "0x1000"}, m};
    const auto out = run_kernel(r);
    const float coef[5] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f};
    for (std::uint32_t i = 0; i < 32; ++i) {
        const float v = get_f32(m, 4 * i);
        float acc = 0.0f;
        for (int k = 4; k >= 0; --k) acc = acc * v + coef[k];  // separately rounded, as compiled
        ASSERT_EQ(get_f32(out, 0x1000 + 4 * i), acc) << i;
    }
}

TEST(CompiledKernels, BitCountAndReverseLoops) {
    const auto in = randoms(32, 13, ~0u);
    KernelRun r{"bitcount.cu", "", {1}, {32}, {"0", "0x1000"}, words(0, in)};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 32; ++i) {
        std::uint32_t rev = 0;
        for (int k = 0; k < 32; ++k) rev |= ((in[i] >> k) & 1u) << (31 - k);
        ASSERT_EQ(get_u32(out, 0x1000 + 8 * i), std::uint32_t(__builtin_popcount(in[i]))) << i;
        ASSERT_EQ(get_u32(out, 0x1004 + 8 * i), rev) << i;
    }
}

TEST(CompiledKernels, GridStrideLoop) {
    const auto in = randoms(300, 14, 0xffff);
    KernelRun r{"grid_stride.cu", "", {2}, {64}, {"0", "300", "-3"}, words(0, in)};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < 300; ++i) ASSERT_EQ(get_u32(out, 4 * i), in[i] * std::uint32_t(-3) - i) << i;
}

TEST(CompiledKernels, TwoDimensionalBlurWithClampedEdges) {
    const std::int32_t w = 13, h = 10;
    const auto in = randoms(std::uint32_t(w * h), 15, 0xfff);
    KernelRun r{"blur.cu", "", {2, 3}, {8, 4}, {"0", "0x1000", "13", "10"}, words(0, in)};
    const auto out = run_kernel(r);
    for (std::int32_t y = 0; y < h; ++y)
        for (std::int32_t x = 0; x < w; ++x) {
            std::uint32_t acc = 0;
            for (std::int32_t dy = -1; dy <= 1; ++dy)
                for (std::int32_t dx = -1; dx <= 1; ++dx)
                    acc += in[std::size_t(std::clamp(y + dy, 0, h - 1) * w + std::clamp(x + dx, 0, w - 1))];
            ASSERT_EQ(get_u32(out, 0x1000 + 4 * std::uint32_t(y * w + x)), acc) << x << "," << y;
        }
}

TEST(CompiledKernels, WarpSynchronousExclusiveScan) {
    const auto in = randoms(32, 16, 0xffff);
    KernelRun r{"warp_scan.cu", "", {1}, {32}, {"0", "0x1000"}, words(0, in)};
    const auto out = run_kernel(r);
    std::uint32_t acc = 0;
    for (std::uint32_t i = 0; i < 32; ++i) {
        ASSERT_EQ(get_u32(out, 0x1000 + 4 * i), acc) << i;
        acc += in[i];
    }
}

TEST(CompiledKernels, LocalArrayIndexedByDataLivesInSharedMemory) {
    const auto in = randoms(64, 17, 0xffff);
    KernelRun r{"local_array.cu", "", {1}, {16, 4}, {"0", "0x1000"}, words(0, in)};
    const auto out = run_kernel(r);
    for (std::uint32_t t = 0; t < 64; ++t) {
        std::uint32_t buf[8], s = 0;
        for (std::uint32_t k = 0; k < 8; ++k) buf[k] = in[t] * (k + 1);
        for (std::uint32_t k = 0; k < 8; ++k) s += buf[(in[t] + k * 3) & 7] ^ k;
        ASSERT_EQ(get_u32(out, 0x1000 + 4 * t), s) << t;
    }
}

TEST(CompiledKernels, LaneAndWarpIdFromTheLinearThreadIndex) {
    KernelRun r{"lanes.cu", "", {1}, {24, 4}, {"0x100"}, {}};
    const auto out = run_kernel(r);
    for (std::uint32_t t = 0; t < 96; ++t) ASSERT_EQ(get_u32(out, 0x100 + 4 * t), (t % 32) | ((t / 32) << 8)) << t;
}

}  // namespace
}  // namespace fgtlm::test
