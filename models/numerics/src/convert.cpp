// I2F / F2I / F2F conversions of the FlexGripPlus RTL.
#include <fgtlm/numerics/convert.hpp>
#include <fgtlm/numerics/fpu.hpp>

#include <cstdint>
#include <limits>

#include "softfloat.hpp"

namespace fgtlm::numerics {

using namespace detail;

std::uint32_t i2f(std::uint32_t v, isa::DataType src, isa::Rounding r) {
    std::int64_t x = 0;
    switch (src) {
        case isa::DataType::U8: x = v & 0xFFu; break;
        case isa::DataType::S8: x = static_cast<std::int8_t>(v & 0xFFu); break;
        case isa::DataType::U16: x = v & 0xFFFFu; break;
        case isa::DataType::S16: x = static_cast<std::int16_t>(v & 0xFFFFu); break;
        case isa::DataType::S32: x = static_cast<std::int32_t>(v); break;
        case isa::DataType::U32:
        default: x = v; break;
    }
    if (x == 0) return 0;
    const bool s = x < 0;
    const std::uint64_t m = static_cast<std::uint64_t>(s ? -x : x);
    return round_pack(s, 63, m, r);
}

namespace {

// Round |f| (finite, normal) to an integer magnitude with rounding r; `s` is f's sign.
// Returns a saturated 64-bit magnitude (values >= 2^40 are clamped; enough for 32-bit results).
std::uint64_t round_magnitude(std::uint32_t f, isa::Rounding r) {
    const bool s = sign_of(f);
    const int e = biased_exp(f) - 127 - 23;  // value = sig * 2^e
    const std::uint64_t sig = sig_of(f);
    if (e >= 0) return e > 16 ? (std::uint64_t{1} << 40) : sig << e;
    if (e < -25) {  // |f| < 0.5: only directed rounding away from zero gives 1
        const bool up = (r == isa::Rounding::Up && !s) || (r == isa::Rounding::Down && s);
        return up ? 1 : 0;
    }
    const int sh = -e;
    const std::uint64_t q = sig >> sh;
    const std::uint64_t rem = sig & ((std::uint64_t{1} << sh) - 1);
    const std::uint64_t half = std::uint64_t{1} << (sh - 1);
    bool up = false;
    switch (r) {
        case isa::Rounding::Nearest: up = rem > half || (rem == half && (q & 1u)); break;
        case isa::Rounding::Down: up = s && rem != 0; break;
        case isa::Rounding::Up: up = !s && rem != 0; break;
        case isa::Rounding::Trunc: break;
    }
    return q + (up ? 1 : 0);
}

}  // namespace

std::uint32_t f2i(std::uint32_t f, isa::DataType dst, isa::Rounding r) {
    std::int64_t lo = 0;
    std::int64_t hi = 0;
    switch (dst) {
        case isa::DataType::U16: lo = 0; hi = 0xFFFF; break;
        case isa::DataType::S16: lo = -0x8000; hi = 0x7FFF; break;
        case isa::DataType::S32: lo = std::numeric_limits<std::int32_t>::min(); hi = std::numeric_limits<std::int32_t>::max(); break;
        case isa::DataType::U32:
        default: lo = 0; hi = 0xFFFFFFFFll; break;
    }
    if (is_nan(f)) return 0;
    std::int64_t x = 0;
    if (is_inf(f)) {
        x = sign_of(f) ? lo : hi;
    } else if (!is_zero_ftz(f)) {
        const auto mag = static_cast<std::int64_t>(round_magnitude(f, r));
        x = sign_of(f) ? -mag : mag;
    }
    if (x < lo) x = lo;
    if (x > hi) x = hi;
    return static_cast<std::uint32_t>(x);
}

std::uint32_t f2f(std::uint32_t f, isa::Rounding r, bool round_to_integer) {
    if (is_nan(f)) return kCanonicalNaN;
    if (is_zero_ftz(f)) return f & kSignBit;
    if (!round_to_integer || is_inf(f)) return f;
    const int e = biased_exp(f) - 127;
    if (e >= 23) return f;  // already integral
    const std::uint64_t mag = round_magnitude(f, r);
    if (mag == 0) return f & kSignBit;
    return round_pack(sign_of(f), 63, mag, isa::Rounding::Trunc);
}

}  // namespace fgtlm::numerics
