// Runs a CUDA C kernel of tests/compiler/kernels end to end through the real tools:
// `fgtlm cc` (clang -> PTX -> MODULE) and `fgtlm run MODULE` on the model, with the input
// image at global address 0 and the whole global memory dumped afterwards.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace fgtlm::test {

struct KernelRun {
    std::string cu;      // file in tests/compiler/kernels
    std::string kernel;  // --kernel ("" = the only one)
    std::vector<std::uint32_t> grid{1};
    std::vector<std::uint32_t> block{32};
    std::vector<std::string> params{};
    std::vector<std::uint8_t> memory{};  // global memory image from address 0
    std::uint32_t dynamic_shared = 0;
    std::vector<std::string> clang_args{};  // after `fgtlm cc ... --` (e.g. -m64)
    std::string target{};                   // fgtlm cc --target ("" = the default, flexgrip)
    std::uint32_t max_regs = 0;             // fgtlm cc --max-regs (0 = the default)
    bool demote_f64 = false;                // fgtlm cc --demote-f64
    bool float_subroutines = false;         // fgtlm cc --float-subroutines
    std::string variant{};                  // work-folder suffix when one .cu is compiled twice
};

// Global memory after the kernel (throws std::runtime_error with the tools' output on failure).
std::vector<std::uint8_t> run_kernel(const KernelRun& r);
// The MODULE file run_kernel compiled for r (JSON text).
std::string module_text(const KernelRun& r);

// Little-endian helpers over a memory image.
inline void put_u32(std::vector<std::uint8_t>& m, std::uint32_t addr, std::uint32_t v) {
    if (m.size() < addr + 4) m.resize(addr + 4, 0);
    std::memcpy(m.data() + addr, &v, 4);
}
inline std::uint32_t get_u32(const std::vector<std::uint8_t>& m, std::uint32_t addr) {
    std::uint32_t v = 0;
    std::memcpy(&v, m.data() + addr, 4);
    return v;
}
inline void put_f32(std::vector<std::uint8_t>& m, std::uint32_t addr, float f) {
    std::uint32_t v = 0;
    std::memcpy(&v, &f, 4);
    put_u32(m, addr, v);
}
inline float get_f32(const std::vector<std::uint8_t>& m, std::uint32_t addr) {
    const std::uint32_t v = get_u32(m, addr);
    float f = 0;
    std::memcpy(&f, &v, 4);
    return f;
}

// A deterministic pseudo-random word sequence (xorshift32) for test inputs.
inline std::uint32_t next_random(std::uint32_t& s) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
}

}  // namespace fgtlm::test
