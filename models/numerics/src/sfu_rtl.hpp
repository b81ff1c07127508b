// The FlexGripPlus SFU datapath (RTL/SMP/Pipeline/Execution/SFU/sfu.vhd) and RRO
// (Execution/RRO/rro.vhd), transcribed from the VHDL (internal; see sfu_rtl.cpp).
#pragma once

#include <cstdint>

namespace fgtlm::numerics::detail {

// The SFU entity's function codes (selop_i).
enum class SfuOp : std::uint8_t { Sin = 0, Cos = 1, Rsqrt = 2, Log2 = 3, Exp2 = 4, Rcp = 5, Sqrt = 6, Bypass = 7 };

// One `sfu` evaluation: src is a binary32 (RSQ/LG2/RCP/SQRT) or the RRO output format (SIN/COS/EX2).
std::uint32_t sfu_rtl(std::uint32_t src, SfuOp op);
// sfu_rtl over 32 lanes; lanes outside `mask` get 0.
void sfu_rtl_lanes(SfuOp op, const std::uint32_t* a, std::uint32_t* r, std::uint32_t mask);

// The `rro` entity: selec_phase 1 = EX2 (fixed point S MMMMMMMM.F{23} in two's complement,
// with flag words for infinities/NaN), 0 = SIN/COS (sign, quadrant, reduced angle as 1.23 fixed point).
std::uint32_t rro_rtl(std::uint32_t x, bool ex2_phase);

}  // namespace fgtlm::numerics::detail
