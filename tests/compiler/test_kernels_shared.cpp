// CUDA C kernels using shared memory, barriers and 2-D grids: reductions (tree and
// warp-synchronous), scan, transpose, matrix multiply (naive and tiled), stencil.
#include "kernel_runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace fgtlm::test {
namespace {

std::vector<std::uint8_t> random_words(std::uint32_t base, std::uint32_t n, std::uint32_t seed, std::uint32_t mask) {
    std::vector<std::uint8_t> m;
    for (std::uint32_t i = 0; i < n; ++i) put_u32(m, base + 4 * i, next_random(seed) & mask);
    return m;
}

TEST(CompiledKernels, TreeReductionTwoBlocks) {
    KernelRun r{"reduce_tree.cu", "", {2}, {256}, {"0", "0x2000"}, random_words(0, 512, 3, 0xffff)};
    const auto out = run_kernel(r);
    for (std::uint32_t b = 0; b < 2; ++b) {
        std::uint32_t sum = 0;
        for (std::uint32_t i = 0; i < 256; ++i) sum += get_u32(r.memory, 4 * (256 * b + i));
        EXPECT_EQ(get_u32(out, 0x2000 + 4 * b), sum) << b;
    }
}

TEST(CompiledKernels, WarpSynchronousReduction) {
    KernelRun r{"reduce_warp.cu", "", {1}, {64}, {"0", "0x1000"}, random_words(0, 64, 9, 0xfffff)};
    const auto out = run_kernel(r);
    std::uint32_t sum = 0;
    for (std::uint32_t i = 0; i < 64; ++i) sum += get_u32(r.memory, 4 * i);
    EXPECT_EQ(get_u32(out, 0x1000), sum);
}

TEST(CompiledKernels, InclusiveScan) {
    KernelRun r{"scan.cu", "", {1}, {128}, {"0", "0x1000"}, random_words(0, 128, 17, 0xffff)};
    const auto out = run_kernel(r);
    std::uint32_t acc = 0;
    for (std::uint32_t i = 0; i < 128; ++i) {
        acc += get_u32(r.memory, 4 * i);
        ASSERT_EQ(get_u32(out, 0x1000 + 4 * i), acc) << i;
    }
}

TEST(CompiledKernels, TiledTransposeTwoDimensionalGrid) {
    const std::uint32_t w = 20, h = 12;  // not multiples of the 8x8 tile
    KernelRun r{"transpose.cu", "", {3, 2}, {8, 8}, {"0", "0x1000", "20", "12"}, random_words(0, w * h, 23, ~0u)};
    put_u32(r.memory, 0x1000 + 4 * w * h, 0);
    const auto out = run_kernel(r);
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x)
            ASSERT_EQ(get_u32(out, 0x1000 + 4 * (x * h + y)), get_u32(r.memory, 4 * (y * w + x))) << x << "," << y;
}

TEST(CompiledKernels, MatrixMultiplyNaiveFloat) {
    const std::uint32_t n = 12;
    KernelRun r{"matmul_naive.cu", "", {2, 2}, {8, 8}, {"0", "0x1000", "0x2000", "12"}, {}};
    for (std::uint32_t i = 0; i < n * n; ++i) {
        put_f32(r.memory, 4 * i, float(int(i % 7) - 3) * 0.5f);
        put_f32(r.memory, 0x1000 + 4 * i, float(int(i % 5)) * 0.25f + 1.0f);
    }
    put_u32(r.memory, 0x2000 + 4 * n * n, 0);
    const auto out = run_kernel(r);
    for (std::uint32_t row = 0; row < n; ++row)
        for (std::uint32_t col = 0; col < n; ++col) {
            float acc = 0.0f;  // exact: every product and partial sum is a multiple of 1/8 below 2^20
            for (std::uint32_t k = 0; k < n; ++k)
                acc += get_f32(r.memory, 4 * (row * n + k)) * get_f32(r.memory, 0x1000 + 4 * (k * n + col));
            ASSERT_EQ(get_f32(out, 0x2000 + 4 * (row * n + col)), acc) << row << "," << col;
        }
}

TEST(CompiledKernels, MatrixMultiplyTiledInt) {
    const std::uint32_t n = 16;
    std::vector<std::uint8_t> m = random_words(0, n * n, 31, 0xff);
    const std::vector<std::uint8_t> b = random_words(0x1000, n * n, 37, 0xff);
    m.resize(std::max(m.size(), b.size()));
    std::copy(b.begin() + 0x1000, b.end(), m.begin() + 0x1000);
    KernelRun r{"matmul_tiled.cu", "", {2, 2}, {8, 8}, {"0", "0x1000", "0x2000", "16"}, m};
    put_u32(r.memory, 0x2000 + 4 * n * n, 0);
    const auto out = run_kernel(r);
    for (std::uint32_t row = 0; row < n; ++row)
        for (std::uint32_t col = 0; col < n; ++col) {
            std::uint32_t acc = 0;
            for (std::uint32_t k = 0; k < n; ++k)
                acc += get_u32(r.memory, 4 * (row * n + k)) * get_u32(r.memory, 0x1000 + 4 * (k * n + col));
            ASSERT_EQ(get_u32(out, 0x2000 + 4 * (row * n + col)), acc) << row << "," << col;
        }
}

TEST(CompiledKernels, StencilWithHalo) {
    const std::uint32_t n = 150;
    KernelRun r{"stencil.cu", "", {3}, {64}, {"0", "0x1000", "150"}, random_words(0, n, 41, 0xffff)};
    put_u32(r.memory, 0x1000 + 4 * 192, 0);
    const auto out = run_kernel(r);
    auto in = [&](std::int32_t i) {
        return get_u32(r.memory, 4 * std::uint32_t(std::clamp<std::int32_t>(i, 0, n - 1)));
    };
    for (std::int32_t g = 0; g < std::int32_t(n); ++g) {
        // The kernel clamps its halo loads: at the block edges the clamped values are what it reads.
        const std::uint32_t want = in(g - 2) + 2 * in(g - 1) + 4 * in(g) + 2 * in(g + 1) + in(g + 2);
        ASSERT_EQ(get_u32(out, 0x1000 + 4 * std::uint32_t(g)), want) << g;
    }
}

}  // namespace
}  // namespace fgtlm::test
