// Special-function unit: RCP, RSQ, LG2, EX2, SIN, COS and RRO, as the FlexGripPlus RTL
// computes them. Each instruction maps to one evaluation of the RTL's `sfu` entity (selop
// per pipeline_execute.vhd: SIN 000, COS 001, RSQ 010, LG2 011, EX2 100, RCP 101) or of its
// `rro` entity (RRO.EX2 = phase 1), transcribed in sfu_rtl.cpp and checked against the RTL
// under GHDL on 46,864 vectors (tests/numerics/golden/sfu_rtl.txt).
//
// Formats, as the RTL defines them:
// - RRO.SINCOS: sign | quadrant (2 bits) | 00000 | reduced angle in radians, 1.23 fixed point
//   (x - k*pi/2 with k = floor(|x|*2/pi), quadrant = k mod 4); infinities/NaN pass through.
// - RRO.EX2: x as a two's complement fixed-point number S IIIIIIII.F{23}, with flag words
//   for +-inf (0x87800000 / 0xf8000000), NaN and zero/denormal (0x80000000).
// - Results: NaN is 0xFFFFFFFF for SIN/COS/RSQ/LG2 (the SFU's exception unit), RCP/EX2 pass
//   a NaN input through.
#include <fgtlm/numerics/sfu.hpp>

#include "sfu_rtl.hpp"

namespace fgtlm::numerics {

using detail::sfu_rtl;
using detail::SfuOp;

std::uint32_t rcp(std::uint32_t x) { return sfu_rtl(x, SfuOp::Rcp); }
std::uint32_t rsq(std::uint32_t x) { return sfu_rtl(x, SfuOp::Rsqrt); }
std::uint32_t lg2(std::uint32_t x) { return sfu_rtl(x, SfuOp::Log2); }
std::uint32_t ex2(std::uint32_t v) { return sfu_rtl(v, SfuOp::Exp2); }
std::uint32_t sin(std::uint32_t v) { return sfu_rtl(v, SfuOp::Sin); }
std::uint32_t cos(std::uint32_t v) { return sfu_rtl(v, SfuOp::Cos); }

void sfu_lanes(SfuFunc f, const std::uint32_t* a, std::uint32_t* r, std::uint32_t mask) {
    constexpr SfuOp kOps[] = {SfuOp::Rcp, SfuOp::Rsqrt, SfuOp::Log2, SfuOp::Exp2, SfuOp::Sin, SfuOp::Cos};
    detail::sfu_rtl_lanes(kOps[static_cast<unsigned>(f)], a, r, mask);
}

std::uint32_t rro(std::uint32_t x, isa::RroKind kind) { return detail::rro_rtl(x, kind == isa::RroKind::Ex2); }

}  // namespace fgtlm::numerics
