// The kernels/const_poly.cu case shared by the tool tests: compiled once by `fgtlm cc`, an input
// image, its __constant__ table files and the host reference of its results.
#pragma once

#include "tool_runner.hpp"

#include <cstdint>
#include <cstring>
#include <string>

namespace cuda_test {

using namespace tool_test;

constexpr std::uint32_t kX = 0x1000, kOut = 0x2000, kOut2 = 0x3000;

inline fs::path kernel_path(const std::string& cu) { return fs::path(FGTLM_CUDA_KERNEL_DIR) / cu; }

inline std::uint32_t word(const std::string& mem, std::uint32_t addr) {
    std::uint32_t v = 0;
    std::memcpy(&v, mem.data() + addr, 4);
    return v;
}

inline void put_word(std::string& mem, std::uint32_t addr, std::uint32_t v) { std::memcpy(&mem[addr], &v, 4); }

struct PolyCase {
    fs::path dir, module;
    std::string launch;  // --block ... --const ...: the launch of `fgtlm run MODULE`
    std::string input;   // global memory image from address 0
    std::uint32_t n = 64;
    std::uint32_t lut[16] = {};
    float coeffs[4] = {0.5f, -1.25f, 2.0f, 0.75f};
};

// The MODULE of const_poly.cu (compiled once per test program), inputs and table files in a fresh folder.
inline PolyCase make_poly_case(const std::string& name) {
    PolyCase c;
    c.dir = temp_dir(name);
    c.module = temp_root() / "const_poly.json";
    if (!fs::exists(c.module)) {
        const Result r = fgtlm("cc " + q(kernel_path("const_poly.cu")) + " -o " + q(c.module));
        EXPECT_EQ(r.rc, 0) << r.out;
    }
    c.input.assign(kX + 4 * c.n, '\0');
    std::uint32_t s = 12345;
    for (std::uint32_t i = 0; i < c.n; ++i) {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        put_word(c.input, 4 * i, s);
        float x = float(std::int32_t(s % 4001u) - 2000) / 1000.0f;
        std::uint32_t bits = 0;
        std::memcpy(&bits, &x, 4);
        put_word(c.input, kX + 4 * i, bits);
    }
    for (std::uint32_t i = 0; i < 16; ++i) c.lut[i] = (i * 0x01010101u) ^ 0xdeadu;
    write(c.dir / "in.bin", c.input);
    write(c.dir / "lut.bin", std::string(reinterpret_cast<const char*>(c.lut), sizeof c.lut));
    write(c.dir / "coeffs.bin", std::string(reinterpret_cast<const char*>(c.coeffs), sizeof c.coeffs));
    c.launch = "--block 64 --param 0 --param 0x1000 --param 0x2000 --param 0x3000 --param 64 --global-init " +
               q(c.dir / "in.bin") + " --const lut=" + q(c.dir / "lut.bin") +
               " --const coeffs=" + q(c.dir / "coeffs.bin");
    return c;
}

// out[i] = lut[in & 15] ^ (in >> 4); out2[i] = Horner(coeffs, x) in f32, round to nearest each step.
inline void expect_poly_results(const PolyCase& c, const std::string& mem) {
    ASSERT_GE(mem.size(), kOut2 + 4 * c.n);
    for (std::uint32_t i = 0; i < c.n; ++i) {
        const std::uint32_t in = word(c.input, 4 * i);
        EXPECT_EQ(word(mem, kOut + 4 * i), c.lut[in & 15u] ^ (in >> 4)) << "out[" << i << "]";
        float x = 0;
        const std::uint32_t xbits = word(c.input, kX + 4 * i);
        std::memcpy(&x, &xbits, 4);
        volatile float acc = c.coeffs[3];
        for (int k = 2; k >= 0; --k) {
            volatile float p = acc * x;
            acc = p + c.coeffs[k];
        }
        const float want = acc;
        std::uint32_t want_bits = 0;
        std::memcpy(&want_bits, &want, 4);
        EXPECT_EQ(word(mem, kOut2 + 4 * i), want_bits) << "out2[" << i << "]";
    }
}

}  // namespace cuda_test
