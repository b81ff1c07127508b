// SFU: the special-function unit (RCP, RSQ, LG2, EX2, SIN, COS), table-driven and bit-exact
// to the RTL through numerics/sfu.
#include <fgtlm/numerics/sfu.hpp>

#include <fgtlm/core/units/sfu_function.hpp>
#include "lane_ops.hpp"

namespace fgtlm::core {

[[gnu::hot]] bool SfuFunction::execute(ExecContext& ctx) {
    if (ctx.decode.exec_mask == 0) return true;
    const isa::Instruction& in = *ctx.fetch.inst;
    const std::uint32_t* a = ctx.read.src[0];
    std::uint32_t* r = ctx.execute.res[0];
    numerics::SfuFunc fn = numerics::SfuFunc::Rcp;
    switch (in.op) {
        case isa::Opcode::RCP: fn = numerics::SfuFunc::Rcp; break;
        case isa::Opcode::RSQ: fn = numerics::SfuFunc::Rsq; break;
        case isa::Opcode::LG2: fn = numerics::SfuFunc::Lg2; break;
        case isa::Opcode::EX2: fn = numerics::SfuFunc::Ex2; break;
        case isa::Opcode::SIN: fn = numerics::SfuFunc::Sin; break;
        case isa::Opcode::COS: fn = numerics::SfuFunc::Cos; break;
        default:
            ctx.execute.res_regs = 0;
            ctx.execute.has_flags = false;
            return true;
    }
    ctx.execute.res_regs = 1;
    ctx.execute.has_flags = in.set_pred;
    numerics::sfu_lanes(fn, a, r, ctx.decode.exec_mask);
    // The RTL's flags are the scalar processor's for result_out = 0 (pipeline_execute.vhd
    // gPredicateFlags; carry/overflow cleared): zero set, sign clear, whatever the result.
    if (in.set_pred && ctx.fetch.rtl)
        for (std::uint32_t l = 0; l < kWarpSize; ++l) ctx.execute.flags[l] = kFlagZero;
    else if (in.set_pred)
        for (std::uint32_t l = 0; l < kWarpSize; ++l) ctx.execute.flags[l] = lanes::fp_flag_bits(r[l]);
    return true;
}

}  // namespace fgtlm::core
