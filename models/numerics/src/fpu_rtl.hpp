// The FlexGripPlus FPU (RTL/SMP/Pipeline/Execution/FPU, entity fpu_single) transcribed from the
// VHDL (internal; see fpu_rtl.cpp, fpu_rtl_units.cpp, fpu_rtl_conv.cpp, fpu_rtl_fadd.cpp).
//
// The arithmetic blocks (fpu_add, fpu_sub, fpu_mul, fpu_fma, fpu_round, fpu_exceptions) are
// clocked pipelines with registers that are only assigned under some conditions, so their
// output is not a plain function of the operands' IEEE values: the model clocks each register
// exactly as the VHDL does, from the reset state the FPU starts every operation in, through the
// FSM of fpu_top_32_new.vhd (GRAB, SET x2, WORK x count, DONE), and reads the result at the
// edge where pipeline_execute's ALU_DONE latches it. fpu_conv and fpu_set are single-stage
// functions of their inputs and are evaluated directly.
#pragma once

#include <cstdint>

namespace fgtlm::numerics::detail {

// pipeline_execute's fpu_instr for the FPU (FADD, FMUL, FMAD, CONV, FSET).
enum class FpuRtlOp : std::uint8_t { Fadd = 0, Fmul = 1, Fmad = 2, Conv = 3, Fset = 4 };

// Everything pipeline_execute presents to one fpu_single.
struct FpuRtlIn {
    FpuRtlOp op = FpuRtlOp::Fadd;
    std::uint8_t subop = 0;  // instr_subop (CONV: 2 I2F, 4 F2I, 6 transfer/|x|, 7 negate)
    std::uint8_t rmode = 0;  // cvt_round: 00 nearest even, 10 toward zero, 01/11 see fpu_rtl.cpp
    bool s32 = false;        // CONV: signed integer side
    bool abs = false;        // FSET: compare magnitudes; CONV 6: |x|
    std::uint8_t cond = 0;   // FSET: set_cond (1 LT, 2 EQ, 3 LE, 4 GT, 5 NE, 6 GE; 0/7 false)
    bool neg1 = false, neg2 = false, neg3 = false;
    std::uint32_t a = 0, b = 0, c = 0;
};

// out_fp and the flag outputs as pipeline_execute sees them when it latches the result.
struct FpuRtlOut {
    std::uint32_t result = 0;
    bool underflow = false, overflow = false, inexact = false, exception = false, invalid = false;
};

FpuRtlOut fpu_rtl(const FpuRtlIn& in);

// The single-stage blocks, as the FPU's DONE state selects them.
std::uint32_t fpu_rtl_set(std::uint32_t a, std::uint32_t b, unsigned cond, bool abs_en);
std::uint32_t fpu_rtl_conv(std::uint32_t x, unsigned subop, bool s32, bool abs_en);

// The clocked arithmetic of FADD/FMUL/FMAD only (a, b, c after the negate bits).
FpuRtlOut fpu_rtl_arith(FpuRtlOp op, std::uint32_t a, std::uint32_t b, std::uint32_t c, unsigned rmode);

// FADD evaluated combinationally (fpu_rtl_fadd.cpp). Returns false, leaving `result` alone,
// outside the operand/result domain where that equals fpu_rtl_arith.
bool fadd_settled(std::uint32_t a, std::uint32_t b, unsigned rmode, std::uint32_t& result);

// fpu_round settled on a constant input, for the fast paths (fadd_settled, fmad_settled): only
// rmode 00 rounds (nearest even on the round and sticky bits of `mantissa`, fpu_round's 27-bit
// input). `word` is round_out; `exponent` the rounded 9-bit exponent, for the overflow test.
struct SettledRound {
    std::uint32_t word = 0, exponent = 0;
};
inline SettledRound settled_round(std::uint32_t sign, std::uint32_t mantissa, std::uint32_t exponent, unsigned rmode) {
    const std::uint32_t m = mantissa;
    const bool up = rmode == 0 && ((m >> 1) & 1u) && ((m & 1u) || ((m >> 2) & 1u));
    std::uint32_t mant = m, exp = exponent;
    if (up) {
        mant = (m + 4) & 0x7ffffff;
        if ((mant >> 26) & 1u) {
            mant >>= 1;
            exp = (exp + 1) & 0x1ff;
        }
    }
    return {(sign << 31) | ((exp & 0xff) << 23) | ((mant >> 2) & 0x7fffff), exp};
}

// FMAD with fpu_fma clocked until it settles and the later stages evaluated combinationally
// (fpu_rtl.cpp); false (result untouched) when that is not known to equal fpu_rtl_arith.
bool fmad_settled(std::uint32_t a, std::uint32_t b, std::uint32_t c, unsigned rmode, std::uint32_t& result);

}  // namespace fgtlm::numerics::detail
