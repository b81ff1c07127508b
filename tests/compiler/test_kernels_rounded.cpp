// Directed roundings (CUDA's _rz/_rd/_ru: PTX .rz/.rm/.rp) of f32 add, sub, mul and fma and of s32/u32/s64/u64 ->
// f32 conversions, compiled from CUDA C (kernels/rounded.cu) and run on the model: every result bit-equal to the
// host's IEEE-754 arithmetic in the same rounding mode (fesetround; this file is built with -frounding-math), over
// every operand class (zeros, subnormals, exponent field 1, normals near overflow, infinities, NaN) and 64-bit
// integers of every magnitude. The .ftz forms are checked against the host flushed.
#include "host_float.hpp"
#include "kernel_runner.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cfenv>
#include <cmath>

namespace fgtlm::test {
namespace {

constexpr std::uint32_t kThreads = 1024, kA = 0, kB = 0x1000, kW = 0x2000, kOut = 0x4000;

using host_float::as_float;

// Operand pairs: the special values against each other, then random pairs of close, far and cancelling magnitudes.
std::vector<std::uint32_t> operands(std::uint32_t seed) {
    const std::uint32_t special[] = {0,           0x80000000u, 1,           0x80000001u, 0x007fffffu, 0x00800000u,
                                     0x7f7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x3f800000u, 0xbf800000u,
                                     0x00400000u, 0x3f800001u, 0x7f000000u, 0x00800001u, 0xff7fffffu, 0x33800000u};
    std::vector<std::uint32_t> v;
    for (const std::uint32_t a : special)
        for (const std::uint32_t b : special) v.push_back(a), v.push_back(b);
    for (std::uint32_t i = 0; v.size() < 2 * kThreads; ++i) {
        std::uint32_t a = next_random(seed), b = next_random(seed);
        if (i % 5 == 1) b = (b & 0x807fffffu) | ((a & 0x7f800000u) + (next_random(seed) % 40 - 20) * 0x800000u);
        if (i % 5 == 2) a &= 0x80ffffffu, b &= 0x80ffffffu;                 // subnormal and exponent-1 operands
        if (i % 5 == 3) b = (a ^ 0x80000000u) + next_random(seed) % 5 - 2;  // cancellation
        if (i % 5 == 4) a = (a & 0x807fffffu) | 0x7e800000u, b = (b & 0x807fffffu) | 0x40000000u;  // overflow
        v.push_back(a), v.push_back(b);
    }
    v.resize(2 * kThreads);
    return v;
}

std::vector<std::uint8_t> image(const std::vector<std::uint32_t>& v) {
    std::vector<std::uint8_t> m;
    std::uint32_t seed = 71;
    for (std::uint32_t i = 0; i < kThreads; ++i) {
        put_u32(m, kA + 4 * i, v[2 * i]), put_u32(m, kB + 4 * i, v[2 * i + 1]);
        const std::uint32_t shift = next_random(seed) % 64, lo = next_random(seed), hi = next_random(seed);
        const std::uint64_t w = ((std::uint64_t(hi) << 32) | lo) >> shift;  // every magnitude
        put_u32(m, kW + 8 * i, std::uint32_t(w)), put_u32(m, kW + 8 * i + 4, std::uint32_t(w >> 32));
    }
    return m;
}

float flushed(float x) { return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x; }

void expect_same(float want, std::uint32_t got, const char* what, std::uint32_t i) {
    std::uint32_t w = 0;
    std::memcpy(&w, &want, 4);
    if (std::isnan(want))
        EXPECT_TRUE(std::isnan(as_float(got))) << what << " thread " << i << std::hex << " got " << got;
    else
        EXPECT_EQ(got, w) << what << " thread " << i;
}

constexpr int kModes[] = {FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
constexpr const char* kModeNames[] = {"rz", "rd", "ru"};

// The host's add, sub, mul, fma, s32, u32, s64 and u64 -> f32 in rounding mode `mode`. The operands pass through
// volatile objects written after fesetround: GCC moves floating-point arithmetic across the call even with
// -frounding-math (a loop-invariant x + y was computed once, before the mode switch).
std::array<float, 8> host_forms(int mode, float x, float y, float z, std::uint32_t lo, std::uint64_t w) {
    std::fesetround(mode);
    volatile float vx = x, vy = y, vz = z;
    volatile std::uint32_t vlo = lo;
    volatile std::uint64_t vw = w;
    volatile float r[8] = {
        vx + vy,  vx - vy, vx * vy, std::fma(vx, vy, vz), float(std::int32_t(vlo)), float(vlo), float(std::int64_t(vw)),
        float(vw)};
    std::fesetround(FE_TONEAREST);
    return {r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]};
}

// Inlined, or (subroutines) each software function once as a CAL/RET subroutine: the same bits.
void check_directed(bool subroutines) {
    const auto v = operands(67);
    const auto mem = image(v);
    KernelRun r{"rounded.cu", "rounded", {16}, {64}, {"0", "0x1000", "0x2000", "0x4000"}, mem};
    if (subroutines) r.float_subroutines = true, r.target = "g80", r.variant = "_sub";
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < kThreads && !::testing::Test::HasFailure(); ++i) {
        const float x = as_float(v[2 * i]), y = as_float(v[2 * i + 1]), z = as_float(v[2 * ((i + 1) % kThreads)]);
        const std::uint32_t lo = get_u32(mem, kW + 8 * i), at = kOut + 108 * i;
        const std::uint64_t w = lo | std::uint64_t(get_u32(mem, kW + 8 * i + 4)) << 32;
        for (int m = 0; m < 3; ++m) {
            const auto want = host_forms(kModes[m], x, y, z, lo, w);
            for (int k = 0; k < 8; ++k) {
                const std::string what = std::string(kModeNames[m]) + " form " + std::to_string(k);
                expect_same(want[k], get_u32(out, at + 4 * (3 * k + m)), what.c_str(), i);
            }
        }
        expect_same(x + y, get_u32(out, at + 96), "add rn", i);
        expect_same(float(lo), get_u32(out, at + 100), "u32 rn", i);
        expect_same(float(std::int64_t(w)), get_u32(out, at + 104), "s64 rn", i);
    }
}

TEST(CompiledKernels, DirectedRoundingsEqualTheHostInTheSameMode) { check_directed(false); }
TEST(CompiledKernels, DirectedRoundingsAsSubroutinesEqualTheHost) { check_directed(true); }

TEST(CompiledKernels, DirectedRoundingsFtzEqualTheHostFlushed) {
    const auto v = operands(73);
    KernelRun r{"rounded.cu", "rounded_ftz", {16}, {64}, {"0", "0x1000", "0x4000"}, image(v)};
    r.variant = "ftz";
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < kThreads && !HasFailure(); ++i) {
        const float x = flushed(as_float(v[2 * i])), y = flushed(as_float(v[2 * i + 1]));
        const float z = flushed(as_float(v[2 * ((i + 1) % kThreads)]));
        for (int m = 0; m < 3; ++m) {
            const auto want = host_forms(kModes[m], x, y, z, 0, 0);
            for (int k = 0; k < 4; ++k) {
                const std::string what = std::string(kModeNames[m]) + " ftz form " + std::to_string(k);
                expect_same(flushed(want[k]), get_u32(out, kOut + 48 * i + 4 * (3 * k + m)), what.c_str(), i);
            }
        }
    }
}

}  // namespace
}  // namespace fgtlm::test
