// Internal helpers shared by the FPU, SFU and conversion code: unpacking binary32 values and
// rounding an exact intermediate result back to binary32 the way the RTL does.
#pragma once

#include <bit>
#include <cstdint>

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::numerics::detail {

inline constexpr std::uint32_t kSignBit = 0x80000000u;
inline constexpr std::uint32_t kInf = 0x7F800000u;

[[nodiscard]] constexpr bool sign_of(std::uint32_t x) { return (x >> 31) != 0; }
[[nodiscard]] constexpr int biased_exp(std::uint32_t x) { return static_cast<int>((x >> 23) & 0xFF); }
[[nodiscard]] constexpr std::uint32_t frac_of(std::uint32_t x) { return x & 0x7FFFFFu; }
[[nodiscard]] constexpr bool is_nan(std::uint32_t x) { return (x & 0x7FFFFFFFu) > kInf; }
[[nodiscard]] constexpr bool is_inf(std::uint32_t x) { return (x & 0x7FFFFFFFu) == kInf; }
// Zero or denormal: both read as zero (flush-to-zero inputs).
[[nodiscard]] constexpr bool is_zero_ftz(std::uint32_t x) { return biased_exp(x) == 0; }
// 24-bit significand with the hidden bit, for normal numbers.
[[nodiscard]] constexpr std::uint32_t sig_of(std::uint32_t x) { return frac_of(x) | 0x800000u; }

[[nodiscard]] constexpr std::uint32_t signed_zero(bool s) { return s ? kSignBit : 0u; }
[[nodiscard]] constexpr std::uint32_t signed_inf(bool s) { return (s ? kSignBit : 0u) | kInf; }

// The result of overflowing the exponent range under rounding r: infinity or the largest
// finite value, depending on the direction.
[[nodiscard]] constexpr std::uint32_t overflow_result(bool s, isa::Rounding r) {
    const bool to_inf = r == isa::Rounding::Nearest || (r == isa::Rounding::Up && !s) ||
                        (r == isa::Rounding::Down && s);
    return (s ? kSignBit : 0u) | (to_inf ? kInf : 0x7F7FFFFFu);
}

// Round the exact value (-1)^s * m * 2^(e - 63) (m != 0, any bit position; bit 0 may be a
// sticky bit) to binary32 with rounding r. Results below the normal range flush to a zero of
// sign s; results above it overflow per overflow_result().
[[nodiscard]] inline std::uint32_t round_pack(bool s, int e, std::uint64_t m, isa::Rounding r) {
    const int lz = std::countl_zero(m);
    m <<= lz;
    e -= lz;
    // Now m is in [2^63, 2^64): value = 1.xxx * 2^e. Keep 24 bits, 40 bits of remainder.
    std::uint32_t sig = static_cast<std::uint32_t>(m >> 40);
    const std::uint64_t rem = m & ((std::uint64_t{1} << 40) - 1);
    bool up = false;
    switch (r) {
        case isa::Rounding::Nearest: {
            constexpr std::uint64_t half = std::uint64_t{1} << 39;
            up = rem > half || (rem == half && (sig & 1u));
            break;
        }
        case isa::Rounding::Down: up = s && rem != 0; break;
        case isa::Rounding::Up: up = !s && rem != 0; break;
        case isa::Rounding::Trunc: break;
    }
    if (up && ++sig == 0x1000000u) {
        sig >>= 1;
        ++e;
    }
    const int be = e + 127;
    if (be >= 255) return overflow_result(s, r);
    if (be <= 0) return signed_zero(s);
    return (s ? kSignBit : 0u) | (static_cast<std::uint32_t>(be) << 23) | (sig & 0x7FFFFFu);
}

}  // namespace fgtlm::numerics::detail
