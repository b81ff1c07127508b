// 64-bit mul.hi (.u64/.s64), mad.hi.u64 and bfi.b64 compiled from CUDA C (kernels/mulhi64.cu) against the host
// (128-bit products, a bit-by-bit bfi), over edge values (0, 1, all ones, the sign bits) and random words, with
// 32-bit and 64-bit addresses.
#include "kernel_runner.hpp"

#include <gtest/gtest.h>

namespace fgtlm::test {
namespace {

using u64 = std::uint64_t;
using u128 = unsigned __int128;
using s128 = __int128;

std::vector<std::uint32_t> words(std::uint32_t n, std::uint32_t seed) {
    const std::uint32_t edges[] = {0,           0,           0,           1,           0, 0xffffffffu, 0xffffffffu,
                                   0xffffffffu, 0xffffffffu, 0xffffffffu, 0x80000000u, 0, 0x80000000u, 0,
                                   0x1234,      0x7fffffffu, 0xffffffffu, 0x80000000u, 0, 0x2040,      0xffffffffu,
                                   0xffffffffu, 0,           2,           0x3f3f};
    std::vector<std::uint32_t> v(std::begin(edges), std::end(edges));
    while (v.size() < n) v.push_back(next_random(seed));
    v.resize(n);
    return v;
}

u64 bfi64(u64 f, u64 b, std::uint32_t pos, std::uint32_t len) {
    for (std::uint32_t i = 0; i < len && pos + i <= 63; ++i)
        b = (b & ~(u64(1) << (pos + i))) | (((f >> i) & 1) << (pos + i));
    return b;
}

void check(const std::vector<std::string>& clang_args, const std::string& variant) {
    const std::uint32_t n = 96;
    const auto in = words(5 * n, 29);
    std::vector<std::uint8_t> m;
    for (std::uint32_t k = 0; k < in.size(); ++k) put_u32(m, 4 * k, in[k]);
    KernelRun r{"mulhi64.cu", "", {1}, {n}, {"0", "0x2000"}, m};
    r.clang_args = clang_args, r.variant = variant;
    const auto out = run_kernel(r);
    for (std::uint32_t t = 0; t < n; ++t) {
        const std::uint32_t* w = &in[5 * t];
        const u64 a = u64(w[0]) << 32 | w[1], b = u64(w[2]) << 32 | w[3];
        const std::uint32_t z = w[4];
        const u64 want[] = {
            u64((u128(a) * b) >> 64),           u64(u128(s128(std::int64_t(a)) * s128(std::int64_t(b))) >> 64),
            u64((u128(a) * b) >> 64) + (a ^ b), bfi64(a, b, z & 127, (z >> 8) & 127),
            bfi64(a, b, z & 63, 64 - (z & 63)), bfi64(a, b, 20, 30)};
        for (std::uint32_t k = 0; k < 6; ++k) {
            const std::uint32_t at = 0x2000 + 8 * (6 * t + k);
            const u64 got = get_u32(out, at) | u64(get_u32(out, at + 4)) << 32;
            ASSERT_EQ(got, want[k]) << "thread " << t << " o[" << k << "] a=" << std::hex << a << " b=" << b;
        }
    }
}

TEST(CompiledKernels, MulHi64AndBfi64EqualTheHost) { check({}, ""); }
TEST(CompiledKernels, MulHi64AndBfi64EqualTheHostWith64BitAddresses) { check({"-m64"}, "m64"); }

}  // namespace
}  // namespace fgtlm::test
