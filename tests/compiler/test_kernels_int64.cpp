// 64-bit integers, bit operations (popc, clz, brev, ffs, prmt, bfe, bfi) and device-function
// calls: CUDA C kernels checked against the same operations computed on the host.
#include "kernel_runner.hpp"

#include <gtest/gtest.h>

namespace fgtlm::test {
namespace {

using u64 = std::uint64_t;
using s64 = std::int64_t;

// Inputs with the edge cases first (zero, all ones, sign bits, equal halves), then random.
std::vector<std::uint32_t> edge_words(std::uint32_t n, std::uint32_t seed) {
    const std::uint32_t edges[] = {0,           0,           0,           1,           0xffffffffu, 0xffffffffu,
                                   0xffffffffu, 0xffffffffu, 0x80000000u, 0,           0x7fffffffu, 0xffffffffu,
                                   5,           7,           5,           7,           0,           0xffffffffu,
                                   0,           1,           0x12345678u, 0x9abcdef0u, 0x00000001u, 0x00000020u};
    std::vector<std::uint32_t> v(std::begin(edges), std::end(edges));
    while (v.size() < n) v.push_back(next_random(seed));
    v.resize(n);
    return v;
}

std::vector<u64> int64_reference(std::uint32_t w0, std::uint32_t w1, std::uint32_t w2, std::uint32_t w3) {
    const u64 a = u64(w0) << 32 | w1, b = u64(w2) << 32 | w3;
    const s64 sa = s64(a), sb = s64(b);
    const unsigned s = w3 & 63;
    const auto sdiv = [](s64 x, s64 y) { return y == -1 ? u64(0) - u64(x) : u64(x / y); };  // no INT64_MIN / -1 trap
    const auto srem = [](s64 x, s64 y) { return y == -1 ? u64(0) : u64(x % y); };
    return {a + b,
            a - b,
            a * b,
            a << s,
            a >> s,
            u64(sa >> s),
            a < b,
            sa < sb,
            u64(s64(std::int32_t(w0))),
            u64(w1) * w2,
            u64(s64(std::int32_t(w1)) * std::int32_t(w2)),
            a ^ ((b | ~a) & (a + 1)),
            std::uint32_t(std::uint32_t(a >> 7) + std::uint32_t(b)),
            u64(a == b     ? 1
                : sa >= sb ? 2
                           : 3),
            sa < 0 ? u64(0) - a : a,
            a > b ? a : b,
            u64(sa < sb ? sa : sb),
            (a << 5) | (b >> 40) | u64(sb >> 33),
            a / (b | 1),
            a % (b | 1),
            sdiv(sa, s64(b | 1)),
            srem(sa, s64(b | 1)),
            u64(sa) * 1000003u - 77,
            u64(s64(std::int16_t(w2))) + std::uint8_t(w0)};
}

TEST(CompiledKernels, Int64ArithmeticFrom32BitOps) {
    const std::uint32_t n = 64;
    const auto in = edge_words(4 * n, 23);
    std::vector<std::uint8_t> m;
    for (std::uint32_t k = 0; k < in.size(); ++k) put_u32(m, 4 * k, in[k]);
    KernelRun r{"int64.cu", "", {1}, {n}, {"0", "0x2000"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t t = 0; t < n; ++t) {
        const auto want = int64_reference(in[4 * t], in[4 * t + 1], in[4 * t + 2], in[4 * t + 3]);
        for (std::uint32_t k = 0; k < want.size(); ++k) {
            const std::uint32_t at = 0x2000 + 8 * (24 * t + k);
            const u64 got = u64(get_u32(out, at + 4)) << 32 | get_u32(out, at);
            ASSERT_EQ(got, want[k]) << "thread " << t << " o[" << k << "]";
        }
    }
}

// The same kernel with 64-bit pointers (.address_size 64: 64-bit address arithmetic).
TEST(CompiledKernels, Int64WithAddressSize64) {
    const auto in = edge_words(4 * 32, 24);
    std::vector<std::uint8_t> m;
    for (std::uint32_t k = 0; k < in.size(); ++k) put_u32(m, 4 * k, in[k]);
    KernelRun r{"int64.cu", "", {1}, {32}, {"0", "0x2000"}, m};
    r.clang_args = {"-m64"};
    r.variant = "_m64";
    const auto out = run_kernel(r);
    for (std::uint32_t t = 0; t < 32; ++t) {
        const auto want = int64_reference(in[4 * t], in[4 * t + 1], in[4 * t + 2], in[4 * t + 3]);
        for (std::uint32_t k = 0; k < want.size(); ++k) {
            const std::uint32_t at = 0x2000 + 8 * (24 * t + k);
            ASSERT_EQ(u64(get_u32(out, at + 4)) << 32 | get_u32(out, at), want[k])
                << "thread " << t << " o[" << k << "]";
        }
    }
}

std::uint32_t popc(u64 x) { return std::uint32_t(__builtin_popcountll(x)); }
std::uint32_t clz64(u64 x) { return x == 0 ? 64 : std::uint32_t(__builtin_clzll(x)); }
std::uint32_t brev(std::uint32_t x) {
    std::uint32_t r = 0;
    for (int k = 0; k < 32; ++k) r |= ((x >> k) & 1u) << (31 - k);
    return r;
}

// PTX prmt (default mode): selector nibble s picks byte s&7 of {b:a}; s&8 replicates its sign.
std::uint32_t prmt(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    const u64 ba = u64(b) << 32 | a;
    std::uint32_t d = 0;
    for (int i = 0; i < 4; ++i) {
        const std::uint32_t s = (c >> (4 * i)) & 0xf;
        std::uint32_t byte = std::uint32_t(ba >> (8 * (s & 7))) & 0xff;
        if (s & 8) byte = (byte & 0x80) ? 0xff : 0;
        d |= byte << (8 * i);
    }
    return d;
}

// PTX bfe/bfi (ISA 3.1 semantics, positions and lengths already below 64).
std::uint32_t bfe(std::uint32_t a, std::uint32_t pos, std::uint32_t len, bool sgn) {
    const std::uint32_t sbit = !sgn || len == 0 ? 0 : (a >> std::min(pos + len - 1, 31u)) & 1;
    std::uint32_t d = 0;
    for (std::uint32_t i = 0; i < 32; ++i) d |= (i < len && pos + i <= 31 ? (a >> (pos + i)) & 1 : sbit) << i;
    return d;
}
std::uint32_t bfi(std::uint32_t f, std::uint32_t b, std::uint32_t pos, std::uint32_t len) {
    for (std::uint32_t i = 0; i < len && pos + i <= 31; ++i)
        b = (b & ~(1u << (pos + i))) | (((f >> i) & 1) << (pos + i));
    return b;
}

std::vector<std::uint32_t> bits_reference(std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    const u64 w = u64(y) << 32 | x, r = u64(brev(x)) << 32 | brev(y);
    const std::uint32_t p = z & 63, n = (z >> 8) & 63, sh = x >> (z & 31);
    return {popc(x),
            x == 0 ? 32 : std::uint32_t(__builtin_clz(x)),
            brev(x),
            std::uint32_t(__builtin_ffs(int(x))),
            prmt(x, y, 0x7351),
            prmt(x, y, z),
            popc(w),
            clz64(w),
            std::uint32_t(r),
            std::uint32_t(r >> 32),
            bfe(x, p, n, false),
            bfe(x, p, n, true),
            bfi(x, y, p, n),
            bfe(y, 3, 9, false),
            prmt(x, y, 0x8c40),
            sh == 0 ? 32 : std::uint32_t(__builtin_clz(sh))};
}

TEST(CompiledKernels, BitIntrinsicsPopcClzBrevPrmtBfeBfi) {
    const std::uint32_t n = 96;
    const auto in = edge_words(3 * n, 25);
    std::vector<std::uint8_t> m;
    for (std::uint32_t k = 0; k < in.size(); ++k) put_u32(m, 4 * k, in[k]);
    KernelRun r{"bit_intrinsics.cu", "", {1}, {n}, {"0", "0x2000"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t t = 0; t < n; ++t) {
        const auto want = bits_reference(in[3 * t], in[3 * t + 1], in[3 * t + 2]);
        for (std::uint32_t k = 0; k < want.size(); ++k)
            ASSERT_EQ(get_u32(out, 0x2000 + 4 * (16 * t + k)), want[k]) << "thread " << t << " o[" << k << "]";
    }
}

// The reference wraps on overflow as the GPU's IADD does (clamp_add(0x7fffffff, 7) is reached).
int clamp_add(int a, int b, int limit) {
    const int s = int(std::uint32_t(a) + std::uint32_t(b));
    return s > limit ? limit : s < -limit ? -limit : s;
}

// __noinline__ device functions: PTX call/ret, inlined by the compiler.
TEST(CompiledKernels, DeviceFunctionCallsInlined) {
    const std::uint32_t n = 64;
    const auto in = edge_words(n, 26);
    std::vector<std::uint8_t> m;
    for (std::uint32_t k = 0; k < n; ++k) put_u32(m, 4 * k, in[k]);
    KernelRun r{"calls.cu", "", {1}, {n}, {"0", "0x1000", "1.75"}, m};
    const auto out = run_kernel(r);
    for (std::uint32_t t = 0; t < n; ++t) {
        const std::uint32_t x = in[t];
        const float f = 1.75f * float(clamp_add(int(x % 13) - 6, 1, 8));
        std::uint32_t fb = 0;
        std::memcpy(&fb, &f, 4);
        const u64 w = (u64(x) << 8) * (x >> 3) + 1;
        const std::uint32_t want[] = {std::uint32_t(clamp_add(int(x & 0xff), int(x >> 24) - 128, 100)),
                                      (x & 0xffff) - (x >> 16),
                                      fb,
                                      std::uint32_t(w),
                                      std::uint32_t(w >> 32),
                                      x ^ 0x5a5a5a5au,
                                      (x & 1) ? std::uint32_t(clamp_add(int(x), 7, 1000)) : 0u,
                                      std::uint32_t(int(x >> 20) * (int(x & 0xff) % 6 + 1))};
        for (std::uint32_t k = 0; k < 8; ++k)
            ASSERT_EQ(get_u32(out, 0x1000 + 4 * (8 * t + k)), want[k]) << "thread " << t << " o[" << k << "]";
    }
    EXPECT_EQ(get_u32(out, 0x3c000), in[5] ^ 0x5a5a5a5au);  // __device__ `last`, at the data base
}

std::vector<std::uint32_t> shared_bytes_reference(const std::vector<std::uint32_t>& in) {
    const std::uint32_t n = std::uint32_t(in.size());
    std::vector<std::uint32_t> want;
    for (std::uint32_t t = 0; t < n; ++t) {
        const std::uint32_t x = in[t];
        char local[12];
        for (int k = 0; k < 12; ++k) local[k] = char(char(x >> k) + char(k));
        want.push_back(std::uint8_t(in[(t * 7 + 3) % n]));
        want.push_back(std::uint32_t(std::int32_t(std::int16_t(in[(t + 1) % n] >> 8))));
        want.push_back(std::uint32_t(std::int32_t(std::int8_t(in[(t + 5) % n] >> 16))));
        want.push_back(std::uint32_t(std::int32_t(std::int8_t(local[(x >> 4) % 12]))));
        want.push_back(std::uint16_t(in[n - 1 - t] >> 8) + std::uint8_t(x));
    }
    return want;
}

// 8/16-bit shared stores: merged into their word per byte position (flexgrip) or R2G.U8/U16
// (g80); the same results either way.
TEST(CompiledKernels, SharedAndLocalBytesAndHalves) {
    for (const std::string target : {"flexgrip", "g80"}) {
        const auto in = edge_words(96, 27);
        std::vector<std::uint8_t> m;
        for (std::uint32_t k = 0; k < in.size(); ++k) put_u32(m, 4 * k, in[k]);
        KernelRun r{"shared_bytes.cu", "", {1}, {96}, {"0", "0x1000"}, m};
        r.target = target;
        r.variant = "_" + target;
        const auto out = run_kernel(r);
        const auto want = shared_bytes_reference(in);
        for (std::uint32_t k = 0; k < want.size(); ++k)
            ASSERT_EQ(get_u32(out, 0x1000 + 4 * k), want[k]) << target << ": thread " << k / 5 << " o[" << k % 5 << "]";
    }
}

}  // namespace
}  // namespace fgtlm::test
