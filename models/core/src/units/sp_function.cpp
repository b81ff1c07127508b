// SP unit: the integer ALU of the streaming processors (32 lanes, structure of arrays).
// Every case is a straight lane loop so the compiler vectorises it; only IADD with flags or
// a carry-in takes the 64-bit path. Each helper computes one opcode family.
#include <fgtlm/core/units/sp_function.hpp>

#include "lane_ops.hpp"

namespace fgtlm::core {

namespace {

using namespace lanes;

// The operation as the helpers see it: sources, results, width.
struct IntOp {
    const isa::Instruction& in;
    const std::uint32_t* __restrict a;
    const std::uint32_t* __restrict b;
    const std::uint32_t* __restrict c;
    std::uint32_t* __restrict r;
    std::uint8_t* __restrict f;
    const std::uint8_t* carry;  // predicate row of the carry-in register
    bool h;                     // 16-bit form
    unsigned bits;
    std::uint32_t wmask;
    bool sgn;
    bool rtl;  // core.semantics=rtl
};

// IADD with flags as integer_add_subtract.vhd computes it: each negated source is negated as
// a (sign-extended) two's-complement value first, then the two are added (-0 = 0, so a - 0
// has no carry); carry = bit `bits` of the 33-bit sum, overflow from the operands' signs.
// IADD is unsigned in scalar_processor.vhd: no sign flag. Also IADD.CARRYn, which
// apply_semantics made a 16-bit add of C0's carry without negations.
void iadd_rtl_flags(const IntOp& o) {
    const isa::Instruction& in = o.in;
    const bool na = in.src[0].negate, nb = in.src[1].negate;
    const std::uint32_t top = 1u << (o.bits - 1);
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        std::uint32_t A = o.bits == 16 ? std::uint32_t(std::int32_t(std::int16_t(o.a[l]))) : o.a[l];
        std::uint32_t B = o.bits == 16 ? std::uint32_t(std::int32_t(std::int16_t(o.b[l]))) : o.b[l];
        if (na) A = 0u - A;
        if (nb) B = 0u - B;
        const std::uint64_t cin = in.carry_in ? ((o.carry[l] & kFlagCarry) ? 1u : 0u) : 0u;
        const std::uint64_t sum = std::uint64_t(A) + B + cin;
        const std::uint32_t res = std::uint32_t(sum) & o.wmask;
        const bool carry = ((sum >> o.bits) & 1u) != 0;
        const bool ovf = ((A & top) == (B & top)) && ((A & top) != (res & top));
        o.r[l] = res;
        o.f[l] = std::uint8_t((res == 0 ? kFlagZero : 0) | (carry ? kFlagCarry : 0) | (ovf ? kFlagOverflow : 0));
    }
}

// IADD (and subtract via negate). Computes its own flags (carry, overflow). Returns true.
void iadd(const IntOp& o) {
    const isa::Instruction& in = o.in;
    const bool na = in.src[0].negate, nb = in.src[1].negate;
    const std::uint32_t xa = na ? o.wmask : 0u, xb = nb ? o.wmask : 0u;
    if ((in.set_pred || in.carry_in) && o.rtl) return iadd_rtl_flags(o);
    if (!in.set_pred && !in.carry_in) {  // common case: no flags, vectorisable
        const std::uint32_t add = std::uint32_t(na) + std::uint32_t(nb);
        for (std::uint32_t l = 0; l < kWarpSize; ++l) o.r[l] = (((o.a[l] ^ xa) + (o.b[l] ^ xb)) + add) & o.wmask;
        return;
    }
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        const std::uint64_t A = (o.a[l] & o.wmask) ^ xa, B = (o.b[l] & o.wmask) ^ xb;
        // a - b = a + ~b + 1; with a carry-in the carry replaces the +1 (subtract with borrow).
        const std::uint64_t add = in.carry_in ? ((o.carry[l] & kFlagCarry) ? 1u : 0u) : std::uint64_t(na) + nb;
        const std::uint64_t sum = A + B + add;
        const std::uint32_t res = std::uint32_t(sum) & o.wmask;
        const std::uint32_t carry = std::uint32_t(sum >> o.bits) & 1u;
        const std::uint32_t ovf = (((std::uint32_t(A) ^ res) & (std::uint32_t(B) ^ res)) >> (o.bits - 1)) & 1u;
        o.r[l] = res;
        o.f[l] = std::uint8_t(int_flags(res, o.bits) | (carry ? kFlagCarry : 0) | (ovf ? kFlagOverflow : 0));
    }
}

// IMAD.CARRYn as the RTL runs it (IMAD24C): scalar_processor.vhd feeds the adder src1, not
// the product (srca_iaddsub_i takes product_o for IMAD24 only), so the result is src1 + src3
// + carry (w32 forced, 32-bit); a half-register src1 arrives zero-extended (the register
// controller does not extend halves). The carry is C1's (apply_semantics).
void imad_carry_rtl(const IntOp& o) {
    const isa::OperandKind k = o.in.src[0].kind;
    const std::uint32_t m = (k == isa::OperandKind::RegLo || k == isa::OperandKind::RegHi) ? 0xffffu : 0xffffffffu;
    for (std::uint32_t l = 0; l < kWarpSize; ++l)
        o.r[l] = (o.a[l] & m) + o.c[l] + ((o.carry[l] & kFlagCarry) ? 1u : 0u);
}

// IMUL / IMAD: source width from the type: U16/S16 halves, U24/S24 (mul24) or 32-bit.
// The low 32 bits of a product depend only on the low 32 bits of the (extended) operands, so
// without .HI the lanes multiply in 32 bits (a loop the compiler vectorises).
void imul(const IntOp& o) {
    const isa::Instruction& in = o.in;
    const bool mad = in.op == Opcode::IMAD;
    if (mad && in.carry_in && o.rtl) return imad_carry_rtl(o);
    const DataType st = in.stype == DataType::None ? in.dtype : in.stype;
    const unsigned sbits = is16(st) ? 16u : (st == DataType::U24 || st == DataType::S24) ? 24u : 32u;
    const bool ssign = st == DataType::S16 || st == DataType::S24 || st == DataType::S32;
    if (!in.high && !(mad && in.carry_in)) {
        const unsigned up = 32u - sbits;  // extend from sbits by shifting up and back
        const std::uint32_t* __restrict c = mad ? o.c : nullptr;
        if (ssign) {
            for (std::uint32_t l = 0; l < kWarpSize; ++l)
                o.r[l] =
                    std::uint32_t(std::int32_t(o.a[l] << up) >> up) * std::uint32_t(std::int32_t(o.b[l] << up) >> up);
        } else {
            const std::uint32_t m = sbits == 32 ? 0xffffffffu : (1u << sbits) - 1u;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) o.r[l] = (o.a[l] & m) * (o.b[l] & m);
        }
        if (c != nullptr)
            for (std::uint32_t l = 0; l < kWarpSize; ++l) o.r[l] += c[l];
        return;
    }
    const unsigned hi_shift = sbits == 24 ? 16u : 32u;  // mul24.hi: bits 16..47 of the product
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        const std::int64_t x = sext_or_zext(o.a[l], sbits, ssign);
        const std::int64_t y = sext_or_zext(o.b[l], sbits, ssign);
        const std::uint64_t p = std::uint64_t(x * y);
        std::uint32_t res = in.high ? std::uint32_t(p >> hi_shift) : std::uint32_t(p);
        if (mad) res += o.c[l];
        if (mad && in.carry_in) res += (o.carry[l] & kFlagCarry) ? 1u : 0u;
        o.r[l] = res;
    }
}

// ISET: one lane loop per comparison (the compiler vectorises each), on the operands
// extended to 32 bits as the width and signedness say.
template <typename T, typename Cmp>
void iset_lanes(const IntOp& o, unsigned up, Cmp cmp) {
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        const T x = T(o.a[l] << up) >> up, y = T(o.b[l] << up) >> up;
        o.r[l] = cmp(x, y) ? 0xffffffffu : 0u;
    }
}

template <typename T>
void iset_typed(const IntOp& o, unsigned up) {
    switch (o.in.cmp) {
        case CompareOp::FL: iset_lanes<T>(o, up, [](T, T) { return false; }); return;
        case CompareOp::LT: iset_lanes<T>(o, up, [](T x, T y) { return x < y; }); return;
        case CompareOp::EQ: iset_lanes<T>(o, up, [](T x, T y) { return x == y; }); return;
        case CompareOp::LE: iset_lanes<T>(o, up, [](T x, T y) { return x <= y; }); return;
        case CompareOp::GT: iset_lanes<T>(o, up, [](T x, T y) { return x > y; }); return;
        case CompareOp::NE: iset_lanes<T>(o, up, [](T x, T y) { return x != y; }); return;
        case CompareOp::GE: iset_lanes<T>(o, up, [](T x, T y) { return x >= y; }); return;
        case CompareOp::TR: iset_lanes<T>(o, up, [](T, T) { return true; }); return;
    }
}

// Signed: S16 or S32 values; unsigned: the operands under the width mask (the same order).
void iset(const IntOp& o) {
    const unsigned up = o.h ? 16u : 0u;
    if (o.sgn)
        iset_typed<std::int32_t>(o, up);
    else
        iset_typed<std::uint32_t>(o, up);
}

void iminmax(const IntOp& o) {
    const bool mx = o.in.op == Opcode::IMAX;
    const DataType t = o.h ? (o.sgn ? DataType::S16 : DataType::U16) : (o.sgn ? DataType::S32 : DataType::U32);
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        const std::int64_t x = as_int(o.a[l], t), y = as_int(o.b[l], t);
        o.r[l] = std::uint32_t(mx ? std::max(x, y) : std::min(x, y)) & o.wmask;
    }
}

void shift_left(const IntOp& o) {
    for (std::uint32_t l = 0; l < kWarpSize; ++l) o.r[l] = o.b[l] >= o.bits ? 0u : ((o.a[l] << o.b[l]) & o.wmask);
}

void shift_right(const IntOp& o) {
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        const std::uint32_t s = std::min<std::uint32_t>(o.b[l], o.bits);
        if (o.sgn) {
            const std::int64_t v = as_int(o.a[l], o.h ? DataType::S16 : DataType::S32);
            o.r[l] = std::uint32_t(v >> std::min<std::uint32_t>(s, o.bits - 1)) & o.wmask;
        } else {
            o.r[l] = s >= o.bits ? 0u : ((o.a[l] & o.wmask) >> s);
        }
    }
}

template <typename Fn>
void logic_lanes(const IntOp& o, Fn fn) {
    const std::uint32_t ia = o.in.src[0].invert ? 0xffffffffu : 0u;
    const std::uint32_t ib = o.in.src[1].invert ? 0xffffffffu : 0u;
    for (std::uint32_t l = 0; l < kWarpSize; ++l) o.r[l] = fn(o.a[l] ^ ia, o.b[l] ^ ib) & o.wmask;
}

void logic(const IntOp& o) {
    switch (o.in.lop) {
        case isa::LogicOp::AND: logic_lanes(o, [](std::uint32_t x, std::uint32_t y) { return x & y; }); return;
        case isa::LogicOp::OR: logic_lanes(o, [](std::uint32_t x, std::uint32_t y) { return x | y; }); return;
        case isa::LogicOp::XOR: logic_lanes(o, [](std::uint32_t x, std::uint32_t y) { return x ^ y; }); return;
        case isa::LogicOp::PASS_B:  // the RTL's NEG_OP: ~a
            if (o.rtl)
                logic_lanes(o, [](std::uint32_t x, std::uint32_t) { return ~x; });
            else
                logic_lanes(o, [](std::uint32_t, std::uint32_t y) { return y; });
            return;
    }
}

// I2I: integer conversion with |x|, -x and saturation. Returns the flag width.
unsigned int_convert(const IntOp& o) {
    const isa::Instruction& in = o.in;
    const DataType st = in.stype == DataType::None ? DataType::U32 : in.stype;
    const DataType dt = in.dtype == DataType::None ? DataType::U32 : in.dtype;
    const bool neg = in.src[0].negate, ab = in.src[0].absolute;
    const unsigned dbits = (dt == DataType::U8 || dt == DataType::S8) ? 8u : is16(dt) ? 16u : 32u;
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        std::int64_t v = as_int(o.a[l], st);
        if (ab && v < 0) v = -v;
        if (neg) v = -v;
        std::uint32_t res;
        if (in.saturate) {
            res = saturate_to(v, dt);
        } else {
            res = std::uint32_t(v);
            if (dbits < 32) res = std::uint32_t(as_int(res, dt));  // wrap to the width, extend
        }
        o.r[l] = res;
    }
    return dbits == 16 ? 16u : 32u;
}

// Moves and register-class transfers. Returns the flag width.
unsigned move(const IntOp& o) {
    const isa::Instruction& in = o.in;
    switch (in.op) {
        case Opcode::R2P:
            for (std::uint32_t l = 0; l < kWarpSize; ++l) o.r[l] = o.a[l] & 15u;
            return 32;
        case Opcode::R2A: {
            const bool shifted = in.num_src > 1;
            for (std::uint32_t l = 0; l < kWarpSize; ++l)
                o.r[l] = shifted ? (o.b[l] >= 32 ? 0u : o.a[l] << o.b[l]) : o.a[l];
            return 32;
        }
        case Opcode::ADA:
            for (std::uint32_t l = 0; l < kWarpSize; ++l) o.r[l] = o.a[l] + o.b[l];
            return 32;
        default: {  // MOV, MVC, A2R, P2R
            const bool half_dst = in.dst.kind == isa::OperandKind::RegLo || in.dst.kind == isa::OperandKind::RegHi;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) o.r[l] = o.a[l];
            return half_dst ? 16u : 32u;
        }
    }
}

// AVX2 where the host has it (variable per-lane shifts and 32-bit multiplies vectorise there;
// chosen once at load time), else SSE2: integer lane loops, the same results either way.
// flatten: the helpers above are compiled into each clone, not called in their SSE2 form, and
// hot: placed in .text.hot beside the issue path (GCC; clang refuses both beside target_clones,
// so its clones call the helpers and sit in .text).
#if defined(__clang__)
#define FGTLM_SP_TARGETS __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define FGTLM_SP_TARGETS __attribute__((target_clones("arch=x86-64-v4", "avx2", "default"), flatten, hot))
#endif
FGTLM_SP_TARGETS void sp_execute(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    const bool h = is16(in.dtype);
    const IntOp o{in,
                  ctx.read.src[0],
                  ctx.read.src[1],
                  ctx.read.src[2],
                  ctx.execute.res[0],
                  ctx.execute.flags,
                  ctx.read.carry_flags,
                  h,
                  h ? 16u : 32u,
                  h ? 0xffffu : 0xffffffffu,
                  is_signed(in.dtype),
                  ctx.fetch.rtl};
    ctx.execute.res_regs = 1;
    ctx.execute.has_flags = in.set_pred;
    if (in.op == Opcode::R2P && ctx.fetch.rtl) {  // the flags of the latched opcode (rtl_alu_latch.hpp)
        for (std::uint32_t l = 0; l < kWarpSize; ++l)
            ctx.execute.res[0][l] =
                rtl_r2p_flags(ctx.read.alu_latch, in, ctx.read.src[0][l], ctx.read.src[1][l], ctx.read.src[2][l]);
        return;
    }
    unsigned flag_bits = o.bits;  // width the zero/sign flags are taken from
    switch (in.op) {
        case Opcode::MOV:
        case Opcode::MVC:
        case Opcode::A2R:
        case Opcode::P2R:
        case Opcode::R2P:
        case Opcode::R2A:
        case Opcode::ADA: flag_bits = move(o); break;
        case Opcode::IADD: iadd(o); return;  // computed its own flags (carry, overflow)
        case Opcode::IMUL:
        case Opcode::IMAD:
            imul(o);
            flag_bits = 32;
            break;
        case Opcode::ISET: iset(o); break;
        case Opcode::IMAX:
        case Opcode::IMIN: iminmax(o); break;
        case Opcode::SHL: shift_left(o); break;
        case Opcode::SHR: shift_right(o); break;
        case Opcode::LOP: logic(o); break;
        case Opcode::I2I: flag_bits = int_convert(o); break;
        case Opcode::FMUL:  // sub-op 2 (unit_table.cpp): scalar_processor.vhd's result for an unknown opcode
            for (std::uint32_t l = 0; l < kWarpSize; ++l) o.r[l] = 0;
            flag_bits = 32;
            break;
        default:
            ctx.execute.res_regs = 0;
            ctx.execute.has_flags = false;
            return;
    }
    if (in.set_pred)  // zero/sign of the result
        for (std::uint32_t l = 0; l < kWarpSize; ++l)
            ctx.execute.flags[l] = int_flags(ctx.execute.res[0][l], flag_bits);
}

}  // namespace

[[gnu::hot]] bool SpFunction::execute(ExecContext& ctx) {
    if (ctx.decode.exec_mask != 0) sp_execute(ctx);
    return true;
}

}  // namespace fgtlm::core
