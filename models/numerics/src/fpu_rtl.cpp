// fpu_single (fpu_top_32_new.vhd) with its rounding (fpu_round_32.vhd) and exception
// (fpu_exceptions_32.vhd) stages, clocked edge by edge as the RTL runs one operation.
//
// Why a clocked model: several registers are assigned only under some conditions (the rounding
// overflow bit, the FMA's sum when the product and the addend cancel, the exception outputs for
// directed rounding), the SET state decides between the adder and the subtractor twice, and the
// rounding stage starts from whatever the previous operation left in the FPU's mantissa_round
// register. The result pipeline_execute latches is the one these registers hold at that edge.
//
// Behaviours this gives that an IEEE FPU would not (all checked by tests/numerics/golden/fpu_rtl.txt):
//  * an exponent field of 255 is always a NaN for the exception stage (it tests bit 23, the
//    exponent's own low bit, for "quiet"), so Inf operands give sign|0x7FC00000|payload;
//  * rmode 10 truncates; 01 and 11 also truncate, 01 overflows to the largest finite value,
//    10 and 11 overflow to the value out_overflow last held (0 after the per-operation reset);
//  * denormal operands and results are computed (not flushed); FADD rounds from 2 guard bits.
#include "fpu_rtl.hpp"

#include "fpu_rtl_units.hpp"

namespace fgtlm::numerics::detail {

namespace rtl {

void Round::clock(unsigned rmode, std::uint32_t sign, std::uint32_t mantissa, std::uint32_t exponent) {
    Round n = *this;
    if (rmode == 0) {
        n.round_nearest = 1;
        n.round_to_zero = 0;
    } else if (rmode == 2) {
        n.round_nearest = 0;
        n.round_to_zero = 1;
    }
    const std::uint32_t m1 = (mantissa >> 1) & 1u, m0 = mantissa & 1u, m2 = (mantissa >> 2) & 1u;
    n.trig_up = round_nearest && m1 && m0;
    n.trig_tie = round_nearest && m1 && !m0;
    if (trig_tie) {
        n.trig_up_2 = m2;
        n.trig_down = !m2;
    } else {
        n.trig_up_2 = 0;
        n.trig_down = 0;
    }
    if (trig_up || trig_up_2) {
        n.sum_round = (4u + mantissa) & 0x7ffffff;
        n.sum_round_overflow = (sum_round >> 26) & 1u;
        if (sum_round_overflow) {
            n.sum_round_2 = sum_round >> 1;
            n.exponent_round = (exponent + 1) & 0x1ff;
        } else {
            n.sum_round_2 = sum_round;
            n.exponent_round = exponent;
        }
        n.exponent_final = exponent_round;
        n.round_out = (sign << 31) | ((exponent_round & 0xff) << 23) | ((sum_round_2 >> 2) & 0x7fffff);
    } else {
        n.exponent_final = exponent;
        n.round_out = (sign << 31) | ((exponent & 0xff) << 23) | ((mantissa >> 2) & 0x7fffff);
    }
    *this = n;
}

namespace {

// The exception stage's classification of one operand (its registers of p_InputHandler).
void classify(std::uint32_t op, std::uint32_t& qnan, std::uint32_t& snan, std::uint32_t& pinf, std::uint32_t& ninf) {
    if (((op >> 23) & 0xff) == 0xff) {
        if ((op & 0xffffff) == 0) {  // unreachable: bit 23 is the exponent's low bit
            qnan = snan = 0;
            (op >> 31 ? ninf : pinf) = 1;
        } else if ((op >> 23) & 1u) {
            qnan = 1;
            snan = 0;
            pinf = 0;
            ninf = 0;
        } else {
            qnan = 0;
            snan = 1;
            pinf = 0;
            ninf = 0;
        }
    } else {
        qnan = snan = pinf = ninf = 0;
    }
}

constexpr std::uint32_t nan_of(std::uint32_t op, std::uint32_t quiet) {
    return (op & 0x80000000u) | 0x7f800000u | (quiet << 22) | (op & 0x3fffffu);
}

}  // namespace

// fpu_exceptions_32.vhd: one function per clocked process (`inline`, called once each from
// clock(), so they compile into one function).

// p_InputHandler: zero, NaN and infinity flags of the operands and the operation's kind.
inline void Except::input_handler(Except& n, std::uint32_t opa, std::uint32_t opb, std::uint32_t opc, bool fadd,
                                  bool fmul, bool fmad) const {
    n.a_zero = opa == 0;
    n.b_zero = opb == 0;
    n.c_zero = opc == 0;
    classify(opa, n.a_qnan, n.a_snan, n.a_pinf, n.a_ninf);
    classify(opb, n.b_qnan, n.b_snan, n.b_pinf, n.b_ninf);
    classify(opc, n.c_qnan, n.c_snan, n.c_pinf, n.c_ninf);
    n.add = fadd && !(opa >> 31) && !(opb >> 31);
    n.sub = fadd && ((opa >> 31) || (opb >> 31));
    n.multiply = fmul;
    n.fusedmadd = fmad;
}

// p_InvalidFinder (RCP never reaches this FPU: pipeline_execute maps it to UNKNOWN).
inline void Except::invalid_finder(Except& n, std::uint32_t opa, std::uint32_t opb, std::uint32_t opc) const {
    if (a_snan || a_qnan) {
        n.invalid_trigger = 1;
        n.out_invalid = nan_of(opa, 1);
    } else if (b_snan || b_qnan) {
        n.invalid_trigger = 1;
        n.out_invalid = nan_of(opb, 1);
    } else if (fusedmadd && (c_snan || c_qnan)) {
        n.invalid_trigger = 1;
        n.out_invalid = nan_of(opc, 1);
    } else if (add && ((a_pinf && b_ninf) || (a_ninf && b_pinf))) {
        n.invalid_trigger = 1;
    } else if (sub && ((a_pinf && b_pinf) || (a_ninf && b_ninf))) {
        n.invalid_trigger = 1;
    } else if (multiply && ((a_zero && (b_pinf || b_ninf)) || (b_zero && (a_pinf || a_ninf)))) {
        n.invalid_trigger = 1;
    } else if ((opa & 0x7fffffffu) <= 254 && (opb & 0x7fffffffu) <= 254) {
        n.invalid_trigger = 0;
        n.out_invalid = 0;
    }
}

// p_OverflowFinder.
inline void Except::overflow_finder(Except& n, unsigned rmode, std::uint32_t opa, std::uint32_t opb,
                                    std::uint32_t in_except, std::uint32_t exponent_in) const {
    const bool a_nan = a_qnan || a_snan, b_nan = b_qnan || b_snan;
    if (exponent_in > 254 && !a_nan && !b_nan) {
        n.overflow_trigger = 1;
        if (rmode == 0)
            n.out_overflow = (in_except & 0x80000000u) | 0x7f800000u;
        else if (rmode == 1)
            n.out_overflow = (in_except & 0x80000000u) | 0x7f7fffffu;
    } else if (exponent_in > 254 && a_nan) {
        n.overflow_trigger = 1;
        n.out_overflow = nan_of(opa, 0);
    } else if (exponent_in > 254 && b_nan) {
        n.overflow_trigger = 1;
        n.out_overflow = nan_of(opb, 0);
    } else if (exponent_in <= 254) {
        n.overflow_trigger = 0;
        n.out_overflow = 0;
    }
}

// p_UnderflowFinder and p_InexactFinder.
inline void Except::underflow_inexact_finders(Except& n, std::uint32_t exponent_in, std::uint32_t mantissa_in) const {
    const bool a_nan = a_qnan || a_snan, b_nan = b_qnan || b_snan;
    n.underflow_trigger = exponent_in == 0;
    n.inexact_trigger = ((mantissa_in & 3u) != 0 || overflow_trigger || underflow_trigger) && !a_nan && !b_nan;
}

// p_ExceptionOutputs (`exception` is never raised: except_trigger keeps its reset value).
inline void Except::exception_outputs(Except& n) const {
    n.underflow = underflow_trigger;
    n.overflow = overflow_trigger;
    n.inexact = inexact_trigger;
    n.exception = 0;
    n.invalid = invalid_trigger;
    if (invalid_trigger) {
        n.ex_enable = 1;
        n.out_fp = out_invalid;
    } else if (overflow_trigger) {
        n.ex_enable = 1;
        n.out_fp = out_overflow;
    } else {
        n.ex_enable = 0;
        n.out_fp = 0;
    }
}

void Except::clock(unsigned rmode, std::uint32_t opa, std::uint32_t opb, std::uint32_t opc, bool fadd, bool fmul,
                   bool fmad, std::uint32_t in_except, std::uint32_t exponent_in, std::uint32_t mantissa_in) {
    Except n = *this;
    input_handler(n, opa, opb, opc, fadd, fmul, fmad);
    invalid_finder(n, opa, opb, opc);
    overflow_finder(n, rmode, opa, opb, in_except, exponent_in);
    underflow_inexact_finders(n, exponent_in, mantissa_in);
    exception_outputs(n);
    *this = n;
}

}  // namespace rtl

namespace {

enum class Work : std::uint8_t { Add, Sub, Mul, Fma };
enum class State : std::uint8_t { Set, WorkS, Done };

// fpu_single's registers from GRAB on; the blocks start from reset (the FPU holds them in
// reset while pipeline_execute's enable is low between operations).
struct Top {
    State state = State::Set;
    Work workload = Work::Add;
    bool set_0 = false, op_enable = false, add_en = false, sub_en = false, mul_en = false, fma_en = false;
    bool done_0 = false, done_1 = false, finished = false;
    std::uint32_t opa_true = 0, opb_true = 0, opc_true = 0;  // cleared in IDLE
    std::uint32_t count_cycles = 0, count_ready = 0;
    // Not cleared between operations in the RTL; the previous operation's values only reach
    // the rounding stage during the first WORK edges and are overwritten before the result.
    std::uint32_t mantissa_round = 0, exponent_round = 0, round_sign = 0;
};

// The blocks fpu_single instantiates for FADD/FMUL/FMAD, from reset.
struct Blocks {
    rtl::Add add;
    rtl::Sub sub;
    rtl::Mul mul;
    rtl::Fma fma;
    rtl::Round rnd;
    rtl::Except ex;
};

// The operation as fpu_op_reg holds it.
struct Operation {
    bool fadd = false, fmul = false, fmad = false;
    unsigned rmode = 0;
};

// The working block's outputs (sign, mantissa, exponent) before the edge: the `case workload`
// of p_FPU_FSM's WORK state.
struct BlockOut {
    std::uint32_t sign = 0, mantissa = 0, exponent = 0;
};

inline BlockOut workload_output(const Blocks& b, Work workload) {
    switch (workload) {
        case Work::Add: return {b.add.sign, b.add.sum_3, b.add.exponent_2};
        case Work::Sub: return {b.sub.sign, b.sub.diff_2, b.sub.exponent_2};
        case Work::Mul: return {b.mul.sign, b.mul.product_7, b.mul.exponent_5};
        case Work::Fma: return {b.fma.sign, b.fma.mantissa, b.fma.exponent};
    }
    return {};
}

// One edge of the block instances of fpu_top_32_new.vhd, each enabled by its register.
inline void clock_blocks(Blocks& b, const Top& o, const Operation& op) {
    if (o.op_enable) {
        b.ex.clock(op.rmode, o.opa_true, o.opb_true, o.opc_true, op.fadd, op.fmul, op.fmad, b.rnd.round_out,
                   b.rnd.exponent_final, o.mantissa_round);
        b.rnd.clock(op.rmode, o.round_sign, o.mantissa_round, o.exponent_round);
    }
    if (o.add_en) b.add.clock(o.opa_true, o.opb_true);
    if (o.sub_en) b.sub.clock(o.opa_true, o.opb_true);
    if (o.mul_en) b.mul.clock(o.opa_true, o.opb_true);
    if (o.fma_en) b.fma.clock(o.opa_true, o.opb_true, o.opc_true);
}

// p_FPU_FSM, `when SET`: the operands after the negate bits, and the block to enable.
inline void fsm_set(Top& t, const Top& o, const Operation& op, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    t.opa_true = a;
    t.opb_true = b;
    t.opc_true = c;
    t.op_enable = true;
    if (op.fadd && !(o.opa_true >> 31) && !(o.opb_true >> 31)) {
        t.workload = Work::Add;
        t.add_en = true;
        t.count_cycles = 15;
    } else if (op.fadd) {
        t.workload = Work::Sub;
        t.sub_en = true;
        t.count_cycles = 16;
    } else if (op.fmul) {
        t.workload = Work::Mul;
        t.mul_en = true;
        t.count_cycles = 16;
    } else {
        t.workload = Work::Fma;
        t.fma_en = true;
        t.count_cycles = 20;
    }
    t.set_0 = true;
    if (o.set_0) t.state = State::WorkS;
}

// p_FPU_FSM, `when WORK`: the working block's outputs into the rounding stage's inputs.
inline void fsm_work(Top& t, const Top& o, const BlockOut& out) {
    if (o.count_ready < o.count_cycles) {
        ++t.count_ready;
        t.exponent_round = out.exponent;
        t.mantissa_round = out.mantissa;
        t.round_sign = out.sign;
    } else {
        t.state = State::Done;
    }
}

// p_FPU_FSM, `when DONE` (stall_in low).
inline void fsm_done(Top& t, const Top& o) {
    t.done_0 = true;
    t.done_1 = o.done_0;
    t.finished = o.done_0;
}

// What DONE's out_fp_i and flags take for FADD/FMUL/FMAD: the exception stage's output when it
// is enabled, else the rounding stage's.
inline FpuRtlOut latched_result(const Blocks& b) {
    FpuRtlOut r;
    r.result = b.ex.ex_enable ? b.ex.out_fp : b.rnd.round_out;
    r.underflow = b.ex.underflow;
    r.overflow = b.ex.overflow;
    r.inexact = b.ex.inexact;
    r.exception = b.ex.exception;
    r.invalid = b.ex.invalid;
    return r;
}

}  // namespace

FpuRtlOut fpu_rtl_arith(FpuRtlOp op, std::uint32_t a, std::uint32_t b, std::uint32_t c, unsigned rmode) {
    Top t;
    Blocks blocks;
    const Operation oper{op == FpuRtlOp::Fadd, op == FpuRtlOp::Fmul, op == FpuRtlOp::Fmad, rmode};
    const std::uint32_t opc_reg = oper.fmad ? c : 0;
    for (int edge = 0; edge < 64; ++edge) {
        const Top o = t;
        if (o.state == State::Done && o.finished) return latched_result(blocks);  // the edge ALU_DONE latches
        const BlockOut out = workload_output(blocks, o.workload);                 // before the edge
        clock_blocks(blocks, o, oper);
        switch (o.state) {
            case State::Set: fsm_set(t, o, oper, a, b, opc_reg); break;
            case State::WorkS: fsm_work(t, o, out); break;
            case State::Done: fsm_done(t, o); break;
        }
    }
    return {};  // not reached: the FSM always finishes within count_cycles + 6 edges
}

// fpu_fma clocked alone until its registers stop changing (its latches keep the values of the
// first edges, as in the full model), then fpu_round and fpu_exceptions settled. The FSM gives
// the FMA 20 WORK edges; settling within kFmaSettle edges leaves the rounding stage enough
// edges of a constant input to settle too. Operands with an exponent of 255 are excluded (the
// exception stage's NaN result, see fpu.cpp).
bool fmad_settled(std::uint32_t a, std::uint32_t b, std::uint32_t c, unsigned rmode, std::uint32_t& result) {
    auto exp255 = [](std::uint32_t x) { return ((x >> 23) & 0xffu) == 0xffu; };
    if (exp255(a) || exp255(b) || exp255(c)) return false;
    rtl::Fma f;
    if (!f.settle(a, b, c)) return false;
    const auto [out, exp] = settled_round(f.sign, f.mantissa, f.exponent, rmode);
    if (exp > 254) {  // out_overflow: Inf, the largest finite value, or its reset value 0
        result = rmode == 0 ? (out & 0x80000000u) | 0x7f800000u : rmode == 1 ? (out & 0x80000000u) | 0x7f7fffffu : 0u;
    } else {
        result = out;
    }
    return true;
}

FpuRtlOut fpu_rtl(const FpuRtlIn& in) {
    const std::uint32_t a = in.neg1 ? in.a ^ 0x80000000u : in.a;
    const std::uint32_t b = in.neg2 ? in.b ^ 0x80000000u : in.b;
    const std::uint32_t c = in.neg3 ? in.c ^ 0x80000000u : in.c;
    switch (in.op) {
        case FpuRtlOp::Conv: return {fpu_rtl_conv(a, in.subop, in.s32, in.abs)};
        case FpuRtlOp::Fset: return {fpu_rtl_set(a, b, in.cond, in.abs)};
        default: return fpu_rtl_arith(in.op, a, b, c, in.rmode & 3u);
    }
}

}  // namespace fgtlm::numerics::detail
