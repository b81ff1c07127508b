// Coefficient ROMs of the SFU's piecewise-quadratic interpolator (internal).
//
// The SFU evaluates f(x) ~ C0[i] + C1[i] * xl + C2[i] * xl^2 in fixed point, where i is the
// upper `segment bits` of the reduced argument's 23-bit fraction and xl the remaining lower
// bits (Oberman & Siu, "A High-Performance Area-Efficient Multifunction Interpolator",
// ARITH-17, 2005, the G80 SFU). Coefficient words are integers on fixed grids per function
// (C1 per unit of the input fraction, C2 per unit of its square); the ROM contents come from
// a minimax fit per segment truncated toward zero to these grids
// (tests/numerics/tools/gen_sfu_tables.cpp). Segment counts and grids are those of
// Oberman & Siu's table: RCP 7 index bits with C0/C1/C2 widths 26/16/10, RSQ 7 bits per
// binade of [1, 4) (the exponent's LSB selects the binade), EX2 and LG2 6 bits. The
// squarer output xl^2 is truncated to 2^-27 (QuadGrid::sq_frac).
#pragma once

#include <array>
#include <cstdint>

namespace fgtlm::numerics::detail {

struct QuadGrid {
    int c0_frac, c1_frac, c2_frac;  // coefficient k is an integer times 2^-ck_frac
    // The squarer's output xl^2 (xl in units of 2^-23, so xl^2 on 2^-46) is truncated to
    // 2^-sq_frac before the C2 multiplier; 46 would keep it exact. The RTL uses 27
    // (golden nn: 1024/1024 with 27, 991 exact, 1002/998 with 2^-28/2^-26). EX2 and LG2
    // golden data match for any value in 25..46; 27 is assumed for them too (one squarer).
    int sq_frac = 46;
};

inline constexpr QuadGrid kEx2Grid{26, 15, 11, 27};
inline constexpr QuadGrid kRcpGrid{26, 16, 10, 27};
inline constexpr QuadGrid kRsqGrid{26, 16, 10, 27};
inline constexpr QuadGrid kLg2Grid{26, 15, 10, 27};

struct QuadCoeffs {
    std::int32_t c0, c1, c2;
};

// EX2: 2^f, f in [0, 1), 64 segments (index = upper 6 bits of f's 23-bit fixed-point fraction).
extern const std::array<QuadCoeffs, 64> kEx2Rom;
// RCP: 1/x, x in [1, 2), 128 segments (index = upper 7 bits of the mantissa fraction).
extern const std::array<QuadCoeffs, 128> kRcpRom;
// RSQ: 1/sqrt(x); entries 0..127 cover x in [1, 2), 128..255 cover x in [2, 4)
// (index = exponent LSB (odd exponent: [2, 4)) then the upper 7 bits of the fraction).
extern const std::array<QuadCoeffs, 256> kRsqRom;
// LG2: g(x) = log2(x) / (x - 1), x in [1, 2), 64 segments; log2(1.f) = f * g(1.f).
extern const std::array<QuadCoeffs, 64> kLg2Rom;

}  // namespace fgtlm::numerics::detail
