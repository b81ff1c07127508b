// cvt between f32 and 32/64-bit integers run on the model, against PTX's definition computed on
// the host: rounding .rni/.rzi/.rmi/.rpi, out-of-range values clamped, NaN -> 0; s64/u64 -> f32 to nearest even.
#include "kernel_runner.hpp"
#include "host_float.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace fgtlm::test {
namespace {

using namespace fgtlm::test::host_float;

TEST(CompiledKernels, FloatIntegerConversionsFollowPtx) {
    const std::uint32_t n = 1024;
    const std::uint32_t special[] = {0,           0x80000000u, 1,           0x80000001u, 0x7f800000u, 0xff800000u,
                                     0x7fc00000u, 0x3f000000u, 0xbf000000u, 0x3fc00000u, 0xbfc00000u, 0x4f000000u,
                                     0xcf000000u, 0x4f800000u, 0x5f000000u, 0xdf000000u, 0x5f800000u, 0x3f7fffffu};
    std::vector<std::uint8_t> m;
    std::uint32_t seed = 71;
    std::vector<std::uint32_t> xs(n);
    std::vector<std::uint64_t> ws(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        std::uint32_t a = next_random(seed);
        if (i % 2 == 1) a = (a & 0x807fffffu) | ((120 + next_random(seed) % 75) << 23);  // 2^-7 .. 2^67
        xs[i] = i < 18 ? special[i] : a;
        ws[i] = (std::uint64_t(next_random(seed)) << 32 | next_random(seed)) >> (next_random(seed) % 64);
        put_u32(m, 4 * i, xs[i]);
        put_u32(m, 0x4000 + 8 * i, std::uint32_t(ws[i])), put_u32(m, 0x4004 + 8 * i, std::uint32_t(ws[i] >> 32));
    }
    KernelRun r{"convert64.cu", "", {16}, {64}, {"0", "0x4000", "0x8000"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < n; ++i) {
        float x = 0;
        std::memcpy(&x, &xs[i], 4);
        const std::uint32_t at = 0x8000 + 144 * i;
        const auto got64 = [&](std::uint32_t k) {
            return std::uint64_t(get_u32(out, at + 4 * k)) | std::uint64_t(get_u32(out, at + 4 * k + 4)) << 32;
        };
        for (int mode = 0; mode < 4; ++mode)
            for (int k = 0; k < 4; ++k) {
                const bool sign = k % 2 == 0;
                const int bits = k < 2 ? 32 : 64;
                EXPECT_EQ(got64(std::uint32_t(8 * mode + 2 * k)), ptx_f2i(x, mode, sign, bits))
                    << std::hex << "x=" << xs[i] << " mode " << mode << " signed " << sign << " bits " << bits;
            }
        EXPECT_EQ(get_u32(out, at + 128), bits(float(ws[i]))) << std::hex << "u64 " << ws[i];
        EXPECT_EQ(get_u32(out, at + 132), bits(float(std::int64_t(ws[i])))) << std::hex << "s64 " << ws[i];
        EXPECT_EQ(get_u32(out, at + 136), std::uint32_t(ptx_f2i(x, 1, true, 64))) << std::hex << xs[i];
        EXPECT_EQ(get_u32(out, at + 140), std::uint32_t(ptx_f2i(x, 1, false, 64))) << std::hex << xs[i];
        if (HasFailure()) return;
    }
}

}  // namespace
}  // namespace fgtlm::test

namespace fgtlm::test {
namespace {

std::uint32_t clamp(std::int64_t v, std::int64_t lo, std::int64_t hi) {
    return std::uint32_t(std::min(std::max(v, lo), hi));
}

TEST(CompiledKernels, IntegerCvtSatClampsToTheDestinationRange) {
    const std::uint32_t n = 256;
    const std::uint32_t edge[] = {0,           1,           127,         128,         255,         256,
                                  32767,       32768,       65535,       65536,       0x7fffffffu, 0x80000000u,
                                  0xffffffffu, 0xffffff80u, 0xffffff7fu, 0xffff8000u, 0xffff7fffu};
    std::vector<std::uint8_t> m;
    std::uint32_t seed = 73;
    std::vector<std::uint32_t> xs(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        xs[i] = i < 17 ? edge[i] : next_random(seed) >> (next_random(seed) % 32);
        if (i % 3 == 0 && i >= 17) xs[i] = 0u - xs[i];
        put_u32(m, 4 * i, xs[i]);
    }
    KernelRun r{"cvt_sat.cu", "", {4}, {64}, {"0", "0x1000"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::int64_t s = std::int32_t(xs[i]), u = xs[i];
        const std::uint32_t want[] = {clamp(s, 0, 255),        clamp(s, -128, 127),       clamp(s, 0, 65535),
                                      clamp(s, -32768, 32767), clamp(s, 0, 0xffffffffll), clamp(u, 0, 0x7fffffff),
                                      clamp(u, 0, 255),        clamp(u, -32768, 32767)};
        for (std::uint32_t k = 0; k < 8; ++k)
            EXPECT_EQ(get_u32(out, 0x1000 + 32 * i + 4 * k), want[k]) << std::hex << "x=" << xs[i] << " form " << k;
        if (HasFailure()) return;
    }
}

}  // namespace
}  // namespace fgtlm::test
