// Host-side f32 helpers of the compiler's tests: bit casts, the bits PTX gives for a host result
// (its canonical NaN), and PTX's float -> integer cvt (rounded, clamped, NaN -> 0).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace fgtlm::test::host_float {

inline float as_float(std::uint32_t u) {
    float f = 0;
    std::memcpy(&f, &u, 4);
    return f;
}

inline std::uint32_t bits(float f) {
    std::uint32_t u = 0;
    std::memcpy(&u, &f, 4);
    return u;
}

// The software functions and the compiled code give PTX's canonical NaN 0x7fffffff.
inline std::uint32_t expected(float f) { return std::isnan(f) ? 0x7fffffffu : bits(f); }

// mode: 0 .rni, 1 .rzi, 2 .rmi, 3 .rpi; `bits_wide` 32 or 64.
inline std::uint64_t ptx_f2i(float x, int mode, bool sign, int bits_wide) {
    if (std::isnan(x)) return 0;
    const long double r[] = {std::nearbyint(x), std::trunc(x), std::floor(x), std::ceil(x)};
    const long double lo = sign ? -std::ldexp(1.0L, bits_wide - 1) : 0.0L;
    const long double hi = sign ? std::ldexp(1.0L, bits_wide - 1) - 1 : std::ldexp(1.0L, bits_wide) - 1;
    const long double v = std::min(std::max(r[mode], lo), hi);
    const std::uint64_t u = sign ? std::uint64_t(std::int64_t(v)) : std::uint64_t(v);
    return bits_wide == 64 ? u : u & 0xffffffffu;
}

}  // namespace fgtlm::test::host_float
