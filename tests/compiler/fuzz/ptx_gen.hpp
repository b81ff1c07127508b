// A generator of random PTX kernels for differential testing of the compiler against the PTX
// interpreter: straight-line integer, 64-bit, bit, f32 and conversion operations over a pool of
// registers, guarded instructions, divergent if/else regions and data-dependent loops (nested),
// and shared-memory exchanges across bar.sync. Every thread reads its 8 input words from
// `in + gid * 32` and writes every pool register to `out + gid * kOutBytes`. Operations PTX
// leaves undefined (division by zero, float-to-integer out of range) are not generated.
#pragma once

#include <cstdint>
#include <string>

namespace fgtlm::test {

inline constexpr std::uint32_t kFuzzOutBytes = 4 * 20;  // 8 b32 + 6 f32 + 3 b64 words per thread

// The PTX text of kernel `fuzz(.param .u32 in, .param .u32 out)` for `seed`.
std::string random_ptx_kernel(std::uint64_t seed);

}  // namespace fgtlm::test
