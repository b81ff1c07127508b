// Special-function unit of FlexGripPlus: reciprocal, reciprocal square root, log2, exp2,
// sine, cosine and the RRO range reduction that feeds SIN/COS/EX2, bit-exact to the RTL
// where the reconstruction allows (see REPORT-numerics.md for the measured accuracy).
//
// Inputs/outputs are raw binary32 bit patterns; operand negate/abs are applied by the caller.
// Denormal inputs are treated as zero.
#pragma once

#include <cstdint>

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::numerics {

std::uint32_t rcp(std::uint32_t x);  // 1/x
std::uint32_t rsq(std::uint32_t x);  // 1/sqrt(x)
std::uint32_t lg2(std::uint32_t x);  // log2(x)

// EX2 consumes the output of RRO.EX2 (not a plain float): 2^x.
std::uint32_t ex2(std::uint32_t rro_value);
// SIN/COS consume the output of RRO.SINCOS (not a plain float): sin(x), cos(x).
std::uint32_t sin(std::uint32_t rro_value);
std::uint32_t cos(std::uint32_t rro_value);

// One of the functions above over the 32 lanes of a warp (lanes outside `mask` get 0), lane by
// lane the same result: the operation's selectors are resolved once per warp, not per lane.
enum class SfuFunc : std::uint8_t { Rcp, Rsq, Lg2, Ex2, Sin, Cos };
void sfu_lanes(SfuFunc f, const std::uint32_t* a, std::uint32_t* r, std::uint32_t mask);

// RRO: range reduction of a float into the format SIN/COS (RroKind::SinCos) or EX2
// (RroKind::Ex2) consume. The format is documented in sfu.cpp.
std::uint32_t rro(std::uint32_t x, isa::RroKind kind);

}  // namespace fgtlm::numerics
