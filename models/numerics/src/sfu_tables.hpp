// Coefficient ROMs of the SFU's piecewise-quadratic interpolator (internal).
//
// The SFU evaluates f(x) ~ C0[i] + C1[i] * xl + C2[i] * xl^2 in fixed point, where i is the
// upper `segment bits` of the reduced argument's 23-bit fraction and xl the remaining lower
// bits (Oberman & Siu, "A High-Performance Area-Efficient Multifunction Interpolator",
// ARITH-17, 2005, the G80 SFU). Coefficient words are integers on fixed grids:
// C0 * 2^-26, C1 * 2^-15 (per unit of the input fraction), C2 * 2^-11; the ROM contents come
// from a minimax fit per segment truncated to these grids (tests/numerics/tools/gen_sfu_tables.cpp).
#pragma once

#include <array>
#include <cstdint>

namespace fgtlm::numerics::detail {

inline constexpr int kC0Frac = 26;
inline constexpr int kC1Frac = 15;
inline constexpr int kC2Frac = 11;

struct QuadCoeffs {
    std::int32_t c0, c1, c2;
};

// EX2: 2^f, f in [0, 1), 64 segments (index = upper 6 bits of f's 23-bit fixed-point fraction).
extern const std::array<QuadCoeffs, 64> kEx2Rom;

}  // namespace fgtlm::numerics::detail
