// FPU: FADD, FMUL, FMAD, FSET, FMIN/FMAX, RRO and the conversions I2F/F2I/F2F. The
// arithmetic is numerics' (bit-exact to the RTL); this file routes operands, widths, flags.
#include <fgtlm/numerics/convert.hpp>
#include <fgtlm/numerics/fpu.hpp>
#include <fgtlm/numerics/fpu_lanes.hpp>
#include <fgtlm/numerics/sfu.hpp>

#include <fgtlm/core/units/fpu_function.hpp>
#include "lane_ops.hpp"

namespace fgtlm::core {

namespace {

using namespace lanes;

// Runs fn on executing lanes only; idle lanes get 0 (the routines are not vectorisable).
template <typename Fn>
inline void each_lane(std::uint32_t m, std::uint32_t* r, Fn&& fn) {
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        if ((m >> l) & 1u)
            fn(l);
        else
            r[l] = 0;
    }
}

// I2F: the RTL's fpu_conv sees the source word only (no negate or |x|: pipeline_decode forces
// src1_neg to 0 and fpu_conv's U2F/S2F ignore abs_en).
void int_to_float(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    const std::uint32_t* a = ctx.read.src[0];
    std::uint32_t* r = ctx.execute.res[0];
    const DataType st = in.stype == DataType::None ? DataType::U32 : in.stype;
    each_lane(ctx.decode.exec_mask, r, [&](std::uint32_t l) { r[l] = numerics::i2f(a[l], st, in.rounding); });
}

void float_to_float(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    const std::uint32_t* a = ctx.read.src[0];
    std::uint32_t* r = ctx.execute.res[0];
    each_lane(ctx.decode.exec_mask, r, [&](std::uint32_t l) {
        std::uint32_t v = numerics::f2f(a[l], in.rounding, in.round_int);
        if (in.saturate) {  // clamp to [0, 1]; NaN -> 0
            if ((v & 0x7fffffffu) > 0x7f800000u || (v >> 31) != 0)
                v = 0;
            else if (v > 0x3f800000u)
                v = 0x3f800000u;
        }
        r[l] = v;
    });
}

// The FPU's rounding bits as the RTL delivers them: pipeline_execute's cvt_round input is wired
// to the read stage's abs_saturate output (streaming_multiprocessor.vhd), i.e. instruction bits
// 52..51 for long, non-immediate forms and 00 otherwise, not the rounding field the decoder
// extracts (FMUL.TRUNC of Reduction at 0x0120 rounds to nearest in the RTL).
isa::Rounding rtl_rounding(const isa::Instruction& in) {
    if (in.form != isa::Form::Long) return isa::Rounding::Nearest;
    return static_cast<isa::Rounding>((in.hi >> 19) & 3u);
}

// FADD of one warp as the RTL latches it. pipeline_execute runs a warp in passes of CORES
// threads, one fpu_single per thread, and latches the results one edge after *all* of them
// raise `finished`. An FPU whose operands are both non-negative (sign bits clear after the
// negate bits) takes fpu_add and finishes one cycle before one that takes fpu_sub; by the
// time the pass's last FPU finishes, it has gone back to IDLE and cleared its output. So in a
// pass that mixes the two, the adder's threads get +0. Inactive threads count too: their FPUs
// run on the operands read for them. (Co-simulation, difftest seed 7005: `FADD R8, R1,
// c[0x1][0x0]` gives +0 in exactly the lanes with R1 >= +0 of the 8-thread passes that also
// hold a negative R1; `FADD R9, g [0x6], -R8` under mask 0xaff403d1 gives +0 in lanes 8 and 9,
// whose pass has only inactive threads on the subtractor path.)
void fadd_warp(ExecContext& ctx, isa::Rounding rnd) {
    const std::uint32_t* a = ctx.read.src[0];
    const std::uint32_t* b = ctx.read.src[1];
    std::uint32_t* r = ctx.execute.res[0];
    numerics::fadd_lanes(a, b, r, ctx.decode.exec_mask, rnd);
    const std::uint32_t pass = ctx.fetch.pass_lanes;
    for (std::uint32_t base = 0; base < kWarpSize; base += pass) {
        const std::uint32_t end = base + pass < kWarpSize ? base + pass : kWarpSize;
        bool sub = false;
        for (std::uint32_t l = base; l < end; ++l) sub |= ((a[l] | b[l]) >> 31) != 0;
        if (!sub) continue;
        for (std::uint32_t l = base; l < end; ++l)
            if (((a[l] | b[l]) >> 31) == 0) r[l] = 0;
    }
}

// Condition codes of an FPU instruction with `.Cn` as the RTL writes them (pipeline_execute.vhd,
// gPredicateFlags): carry and overflow come from the adder for IADD/ISUB/IMAD only, else from
// pred_flags_i, which pipeline_read loads for IADDC/IMAD24C only and clears otherwise: 0. Zero
// and sign come from the scalar processor's result_out for the same opcode, which is 0 for
// FADD/FMUL/FMAD/RRO (zero set, sign clear whatever the result) and, for the conversions (CVT),
// convert_int_int of the raw source word (cvt_type = bits 48-46, abs bits 52-51; zero = that
// word is 0, sign = its bit 31 when signed (F2I bit 59, I2F bit 48) and w32 (bit 58), bit 15
// when signed and not w32); FSET's are its own: sign = result bit 29, zero = its complement.
// Measured: tests/core/golden/fp_operands (scripts/gen-golden-fp-operands).
std::uint32_t convert_int_int(std::uint32_t a, std::uint32_t cvt_type, std::uint32_t abs_sat) {
    std::uint32_t t = a;
    switch (cvt_type) {
        case 0: t = a & 0xffffu; break;
        case 2: t = a & 0xffu; break;
        case 4: t = std::uint32_t(std::int32_t(std::int16_t(a & 0xffffu))); break;
        case 6: t = std::uint32_t(std::int32_t(std::int8_t(a & 0xffu))); break;
        default: break;
    }
    const bool abs = abs_sat == 2 && (cvt_type == 4 || cvt_type == 5 || cvt_type == 6) && (t >> 31) != 0;
    return abs ? 0u - t : t;  // cvt_neg is I2I's (sub-opcode 001), not a conversion's
}

void rtl_fpu_flags(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    const bool cvt = in.op == Opcode::I2F || in.op == Opcode::F2I || in.op == Opcode::F2F;
    const std::uint32_t cvt_type = (in.hi >> (46 - 32)) & 7u, abs_sat = (in.hi >> (51 - 32)) & 3u;
    const bool w32 = ((in.hi >> (58 - 32)) & 1u) != 0;
    const unsigned sign_bit = in.op == Opcode::F2I ? 59 : in.op == Opcode::I2F ? 48 : 64;
    const bool is_signed = sign_bit < 64 && ((in.hi >> (sign_bit - 32)) & 1u) != 0;
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        bool zero = true, sign = false;
        if (in.op == Opcode::FSET) {
            sign = ((ctx.execute.res[0][l] >> 29) & 1u) != 0;
            zero = !sign;
        } else if (cvt) {
            const std::uint32_t v = convert_int_int(ctx.read.src[0][l], cvt_type, abs_sat);
            zero = v == 0;
            sign = is_signed && ((v >> (w32 ? 31 : 15)) & 1u) != 0;
        }
        ctx.execute.flags[l] = std::uint8_t((zero ? kFlagZero : 0) | (sign ? kFlagSign : 0));
    }
}

}  // namespace

[[gnu::hot]] bool FpuFunction::execute(ExecContext& ctx) {
    if (ctx.decode.exec_mask == 0) return true;
    const isa::Instruction& in = *ctx.fetch.inst;
    const std::uint32_t* __restrict a = ctx.read.src[0];
    const std::uint32_t* __restrict b = ctx.read.src[1];
    const std::uint32_t* __restrict c = ctx.read.src[2];
    std::uint32_t* __restrict r = ctx.execute.res[0];
    std::uint8_t* __restrict f = ctx.execute.flags;
    const std::uint32_t m = ctx.decode.exec_mask;
    const isa::Rounding rnd = rtl_rounding(in);  // FADD/FMUL/FMAD; conversions ignore rounding
    ctx.execute.res_regs = 1;
    ctx.execute.has_flags = in.set_pred;
    switch (in.op) {
        case Opcode::FADD: fadd_warp(ctx, rnd); break;
        case Opcode::FMUL: numerics::fmul_lanes(a, b, r, m, rnd); break;  // host arithmetic, exact
        case Opcode::FMAD: numerics::fmad_lanes(a, b, c, r, m, rnd); break;
        case Opcode::FMIN: each_lane(m, r, [&](std::uint32_t l) { r[l] = numerics::fmin(a[l], b[l]); }); break;
        case Opcode::FMAX: each_lane(m, r, [&](std::uint32_t l) { r[l] = numerics::fmax(a[l], b[l]); }); break;
        case Opcode::FSET: {
            const bool abs_en = in.src[0].absolute;  // bit 52: fpu_set's abs_en, the operand stays as read
            each_lane(m, r, [&](std::uint32_t l) {
                r[l] = numerics::fcompare(a[l], b[l], in.cmp, abs_en) ? 0xffffffffu : 0u;
            });
            if (in.set_pred && ctx.fetch.rtl)
                rtl_fpu_flags(ctx);
            else if (in.set_pred)
                for (std::uint32_t l = 0; l < kWarpSize; ++l) f[l] = int_flags(r[l], 32);
            return true;
        }
        case Opcode::RRO: each_lane(m, r, [&](std::uint32_t l) { r[l] = numerics::rro(a[l], in.rro); }); break;
        case Opcode::I2F: int_to_float(ctx); break;
        case Opcode::F2I: {
            const DataType dt = in.dtype == DataType::None ? DataType::S32 : in.dtype;
            each_lane(m, r, [&](std::uint32_t l) { r[l] = numerics::f2i(a[l], dt, rnd); });
            if (in.set_pred && ctx.fetch.rtl)
                rtl_fpu_flags(ctx);
            else if (in.set_pred)
                for (std::uint32_t l = 0; l < kWarpSize; ++l) f[l] = int_flags(r[l], is16(dt) ? 16u : 32u);
            return true;
        }
        case Opcode::F2F: float_to_float(ctx); break;
        default:
            ctx.execute.res_regs = 0;
            ctx.execute.has_flags = false;
            return true;
    }
    const bool rtl_flags = ctx.fetch.rtl && in.op != Opcode::FMIN && in.op != Opcode::FMAX;  // not RTL instructions
    if (in.set_pred && rtl_flags)
        rtl_fpu_flags(ctx);
    else if (in.set_pred)  // FP results: zero/sign/unordered flags (numerics::fp_flags)
        for (std::uint32_t l = 0; l < kWarpSize; ++l) f[l] = fp_flag_bits(r[l]);
    return true;
}

}  // namespace fgtlm::core
