// --demote-f64 (kernels/demote.cu): every double operation computed in f32, doubles in memory converted to the
// nearest f32 when loaded and widened exactly when stored, a double kernel parameter passed as f32. Checked against
// the same computation in host f32 arithmetic, over doubles that round to every f32 class (ties, underflow to zero
// and to subnormals, overflow to infinity, NaN). Without --demote-f64 the kernel is refused (compiler.* tests).
#include "kernel_runner.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace fgtlm::test {
namespace {

std::vector<double> inputs(std::uint32_t n) {
    std::vector<double> v = {0.0,
                             -0.0,
                             1.0,
                             1e-300,
                             -1e39,
                             std::numeric_limits<double>::quiet_NaN(),
                             3.141592653589793,
                             -2.5,
                             1e10,
                             1.0 + std::ldexp(1.0, -24),                         // a tie: rounds to even (1.0)
                             1.0 + std::ldexp(1.0, -24) + std::ldexp(1.0, -40),  // just above the tie: rounds up
                             std::ldexp(1.0, -140) * 1.3,                        // an f32 subnormal
                             5e-324,
                             std::numeric_limits<double>::infinity(),
                             -7e37,
                             123.456};
    std::uint32_t seed = 83;
    while (v.size() < n)
        v.push_back(std::ldexp(double(next_random(seed)) / 4294967296.0 - 0.5, int(next_random(seed) % 40) - 20));
    return v;
}

// cvt.rzi.s32.f32 as PTX defines it: clamped, NaN gives 0.
int ptx_rzi(float y) {
    if (std::isnan(y)) return 0;
    if (y >= 2147483648.0f) return 2147483647;
    if (y <= -2147483648.0f) return -2147483647 - 1;
    return int(y);
}

float reference(double in, std::uint32_t i) {
    const float x = float(in), s = 1.25f, table[] = {1.5f, -2.25f, float(1e-300)};
    float y = x * s + table[i % 3];
    y = y / (x + 3.0f);
    y = std::sqrt(std::fabs(y)) + (x + x + 0.5f);
    if (y > 100.0f) y = float(ptx_rzi(y));
    return y;
}

void expect_same_double(double want, double got, std::uint32_t i) {
    if (std::isnan(want))
        EXPECT_TRUE(std::isnan(got)) << "thread " << i;
    else
        EXPECT_EQ(std::memcmp(&want, &got, 8), 0) << "thread " << i << ": " << want << " vs " << got;
}

TEST(CompiledKernels, DemotedDoublesComputeInF32) {
    const std::uint32_t n = 64, active = 60;
    const auto v = inputs(n);
    std::vector<std::uint8_t> m(0x3000, 0);
    std::memcpy(m.data(), v.data(), 8 * n);
    KernelRun r{"demote.cu", "", {1}, {n}, {"0", "0x1000", "0x2000", "1.25", std::to_string(active)}, m};
    r.demote_f64 = true;
    const auto out = run_kernel(r);
    for (std::uint32_t i = 0; i < n; ++i) {
        double got = 0;
        std::memcpy(&got, out.data() + 0x1000 + 8 * i, 8);
        const float want = i < active ? reference(v[i], i) : 0.0f;
        expect_same_double(double(want), got, i);
        const float f = get_f32(out, 0x2000 + 4 * i);
        if (std::isnan(want))
            EXPECT_TRUE(std::isnan(f)) << "thread " << i;
        else
            EXPECT_EQ(std::memcmp(&want, &f, 4), 0) << "thread " << i << ": " << want << " vs " << f;
    }
}

}  // namespace
}  // namespace fgtlm::test
