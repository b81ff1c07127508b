// Execute stage, arithmetic units: SP integer lanes, FPU, SFU and conversions.
// Float/SFU/conversion arithmetic is the numerics library's (bit-exact to the RTL); this
// file only routes operands, widths and flags.
#include <algorithm>

#include <fgtlm/numerics/convert.hpp>
#include <fgtlm/numerics/fpu.hpp>
#include <fgtlm/numerics/sfu.hpp>

#include "fgtlm/core/sm_core.hpp"

namespace fgtlm::core {

namespace {

using isa::CompareOp;
using isa::DataType;
using isa::Opcode;

constexpr bool is16(DataType t) { return t == DataType::U16 || t == DataType::S16; }
constexpr bool is_signed(DataType t) { return t == DataType::S8 || t == DataType::S16 || t == DataType::S32; }

// Zero/sign flags of an integer result of `bits` width.
inline std::uint8_t int_flags(std::uint32_t r, unsigned bits) {
    const std::uint32_t v = bits == 16 ? (r & 0xffffu) : r;
    return std::uint8_t((v == 0 ? kFlagZero : 0) | (((v >> (bits - 1)) & 1u) ? kFlagSign : 0));
}

inline std::uint8_t fp_flag_bits(std::uint32_t r) {
    const numerics::FpFlags f = numerics::fp_flags(r);
    return std::uint8_t((f.zero ? kFlagZero : 0) | (f.sign ? kFlagSign : 0) | (f.carry ? kFlagCarry : 0) |
                        (f.overflow ? kFlagOverflow : 0));
}

inline bool compare(std::int64_t a, std::int64_t b, CompareOp op) {
    switch (op) {
        case CompareOp::FL: return false;
        case CompareOp::LT: return a < b;
        case CompareOp::EQ: return a == b;
        case CompareOp::LE: return a <= b;
        case CompareOp::GT: return a > b;
        case CompareOp::NE: return a != b;
        case CompareOp::GE: return a >= b;
        case CompareOp::TR: return true;
    }
    return false;
}

// Integer value of a source as the operation sees it (width and signedness of `t`).
inline std::int64_t as_int(std::uint32_t v, DataType t) {
    switch (t) {
        case DataType::U8: return v & 0xffu;
        case DataType::S8: return std::int8_t(v & 0xffu);
        case DataType::U16: return v & 0xffffu;
        case DataType::S16: return std::int16_t(v & 0xffffu);
        case DataType::S32: return std::int32_t(v);
        default: return v;
    }
}

inline std::int64_t sext_or_zext(std::uint32_t v, unsigned bits, bool sign) {
    if (bits >= 32) return sign ? std::int64_t(std::int32_t(v)) : std::int64_t(v);
    const std::uint32_t m = (1u << bits) - 1u;
    const std::uint32_t x = v & m;
    if (sign && ((x >> (bits - 1)) & 1u)) return std::int64_t(x) - (std::int64_t(1) << bits);
    return std::int64_t(x);
}

inline std::uint32_t saturate_to(std::int64_t v, DataType t) {
    std::int64_t lo = 0, hi = 0xffffffffll;
    switch (t) {
        case DataType::U8: hi = 0xff; break;
        case DataType::S8: lo = -128; hi = 127; break;
        case DataType::U16: hi = 0xffff; break;
        case DataType::S16: lo = -32768; hi = 32767; break;
        case DataType::S32: lo = INT32_MIN; hi = INT32_MAX; break;
        default: break;
    }
    return std::uint32_t(std::clamp(v, lo, hi));
}

}  // namespace

void SmCore::exec_integer(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.inst;
    const std::uint32_t* __restrict a = ctx.src[0];
    const std::uint32_t* __restrict b = ctx.src[1];
    const std::uint32_t* __restrict c = ctx.src[2];
    std::uint32_t* __restrict r = ctx.res[0];
    std::uint8_t* __restrict f = ctx.flags;
    const bool h = is16(in.dtype);
    const unsigned bits = h ? 16u : 32u;
    const std::uint32_t wmask = h ? 0xffffu : 0xffffffffu;
    const bool sgn = is_signed(in.dtype);
    ctx.res_regs = 1;
    ctx.has_flags = in.set_pred;
    unsigned flag_bits = bits;  // width the zero/sign flags are taken from

    switch (in.op) {
        case Opcode::MOV: case Opcode::MVC: case Opcode::A2R: case Opcode::P2R: {
            const bool half_dst = in.dst.kind == isa::OperandKind::RegLo || in.dst.kind == isa::OperandKind::RegHi;
            flag_bits = half_dst ? 16u : 32u;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) r[l] = a[l];
            break;
        }
        case Opcode::R2P:
            flag_bits = 32;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) r[l] = a[l] & 15u;
            break;
        case Opcode::R2A: {
            flag_bits = 32;
            const bool shifted = in.num_src > 1;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                r[l] = shifted ? (b[l] >= 32 ? 0u : a[l] << b[l]) : a[l];
               
            }
            break;
        }
        case Opcode::ADA:
            flag_bits = 32;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) r[l] = a[l] + b[l];
            break;
        case Opcode::IADD: {
            const bool na = in.src[0].negate, nb = in.src[1].negate;
            const std::uint32_t xa = na ? wmask : 0u, xb = nb ? wmask : 0u;
            if (!in.set_pred && !in.carry_in) {  // common case: no flags, vectorisable
                const std::uint32_t add = std::uint32_t(na) + std::uint32_t(nb);
                for (std::uint32_t l = 0; l < kWarpSize; ++l) r[l] = (((a[l] ^ xa) + (b[l] ^ xb)) + add) & wmask;
                break;
            }
            const std::uint8_t* cf = &pred_[(ctx.warp_slot * 4 + (in.carry_in_reg & 3u)) * kWarpSize];
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                const std::uint64_t A = (a[l] & wmask) ^ xa, B = (b[l] & wmask) ^ xb;
                // a - b = a + ~b + 1; with a carry-in the carry replaces the +1 (subtract with borrow).
                const std::uint64_t add = in.carry_in ? ((cf[l] & kFlagCarry) ? 1u : 0u) : std::uint64_t(na) + nb;
                const std::uint64_t sum = A + B + add;
                const std::uint32_t res = std::uint32_t(sum) & wmask;
                const std::uint32_t carry = std::uint32_t(sum >> bits) & 1u;
                const std::uint32_t ovf = (((std::uint32_t(A) ^ res) & (std::uint32_t(B) ^ res)) >> (bits - 1)) & 1u;
                r[l] = res;
                f[l] = std::uint8_t(int_flags(res, bits) | (carry ? kFlagCarry : 0) | (ovf ? kFlagOverflow : 0));
            }
            break;
        }
        case Opcode::IMUL: case Opcode::IMAD: {
            // Source width from the type: U16/S16 halves, U24/S24 (mul24) or 32-bit.
            const bool mad = in.op == Opcode::IMAD;
            const DataType st = in.stype == DataType::None ? in.dtype : in.stype;
            const unsigned sbits = is16(st) ? 16u : (st == DataType::U24 || st == DataType::S24) ? 24u : 32u;
            const bool ssign = st == DataType::S16 || st == DataType::S24 || st == DataType::S32;
            const unsigned hi_shift = sbits == 24 ? 16u : 32u;  // mul24.hi: bits 16..47 of the product
            flag_bits = 32;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                const std::int64_t x = sext_or_zext(a[l], sbits, ssign);
                const std::int64_t y = sext_or_zext(b[l], sbits, ssign);
                const std::uint64_t p = std::uint64_t(x * y);
                std::uint32_t res = in.high ? std::uint32_t(p >> hi_shift) : std::uint32_t(p);
                if (mad) res += c[l];
                r[l] = res;
            }
            break;
        }
        case Opcode::ISET:
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                const bool t = sgn ? compare(as_int(a[l], h ? DataType::S16 : DataType::S32), as_int(b[l], h ? DataType::S16 : DataType::S32), in.cmp)
                                   : compare(a[l] & wmask, b[l] & wmask, in.cmp);
                r[l] = t ? 0xffffffffu : 0u;
               
            }
            break;
        case Opcode::IMAX: case Opcode::IMIN: {
            const bool mx = in.op == Opcode::IMAX;
            const DataType t = h ? (sgn ? DataType::S16 : DataType::U16) : (sgn ? DataType::S32 : DataType::U32);
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                const std::int64_t x = as_int(a[l], t), y = as_int(b[l], t);
                r[l] = std::uint32_t(mx ? std::max(x, y) : std::min(x, y)) & wmask;
               
            }
            break;
        }
        case Opcode::SHL:
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                r[l] = b[l] >= bits ? 0u : ((a[l] << b[l]) & wmask);
               
            }
            break;
        case Opcode::SHR:
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                const std::uint32_t s = std::min<std::uint32_t>(b[l], bits);
                if (sgn) {
                    const std::int64_t v = as_int(a[l], h ? DataType::S16 : DataType::S32);
                    r[l] = std::uint32_t(v >> std::min<std::uint32_t>(s, bits - 1)) & wmask;
                } else {
                    r[l] = s >= bits ? 0u : ((a[l] & wmask) >> s);
                }
               
            }
            break;
        case Opcode::LOP: {
            const std::uint32_t ia = in.src[0].invert ? 0xffffffffu : 0u;
            const std::uint32_t ib = in.src[1].invert ? 0xffffffffu : 0u;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                const std::uint32_t x = a[l] ^ ia, y = b[l] ^ ib;
                std::uint32_t v = 0;
                switch (in.lop) {
                    case isa::LogicOp::AND: v = x & y; break;
                    case isa::LogicOp::OR: v = x | y; break;
                    case isa::LogicOp::XOR: v = x ^ y; break;
                    case isa::LogicOp::PASS_B: v = y; break;
                }
                r[l] = v & wmask;
               
            }
            break;
        }
        case Opcode::I2I: {
            const DataType st = in.stype == DataType::None ? DataType::U32 : in.stype;
            const DataType dt = in.dtype == DataType::None ? DataType::U32 : in.dtype;
            const bool neg = in.src[0].negate, ab = in.src[0].absolute;
            const unsigned dbits = (dt == DataType::U8 || dt == DataType::S8) ? 8u : is16(dt) ? 16u : 32u;
            flag_bits = dbits == 16 ? 16u : 32u;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                std::int64_t v = as_int(a[l], st);
                if (ab && v < 0) v = -v;
                if (neg) v = -v;
                std::uint32_t res;
                if (in.saturate) {
                    res = saturate_to(v, dt);
                } else {
                    res = std::uint32_t(v);
                    if (dbits < 32) res = std::uint32_t(as_int(res, dt));  // wrap to the width, extend
                }
                r[l] = res;
            }
            break;
        }
        default:
            ctx.res_regs = 0;
            ctx.has_flags = false;
            return;
    }
    // IADD computed its own flags (carry, overflow); the others take zero/sign of the result.
    if (in.set_pred && in.op != Opcode::IADD)
        for (std::uint32_t l = 0; l < kWarpSize; ++l) f[l] = int_flags(r[l], flag_bits);
}

void SmCore::exec_float(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.inst;
    const std::uint32_t* __restrict a = ctx.src[0];
    const std::uint32_t* __restrict b = ctx.src[1];
    const std::uint32_t* __restrict c = ctx.src[2];
    std::uint32_t* __restrict r = ctx.res[0];
    std::uint8_t* __restrict f = ctx.flags;
    const std::uint32_t m = ctx.exec_mask;
    const isa::Rounding rnd = in.rounding;
    ctx.res_regs = 1;
    ctx.has_flags = in.set_pred;
    // SFU and conversion routines are not trivially vectorisable: run them on executing lanes only.
    auto each = [&](auto&& fn) {
        for (std::uint32_t l = 0; l < kWarpSize; ++l) {
            if ((m >> l) & 1u) fn(l);
            else r[l] = 0;
        }
    };
    switch (in.op) {
        case Opcode::FADD: each([&](std::uint32_t l) { r[l] = numerics::fadd(a[l], b[l], rnd); }); break;
        case Opcode::FMUL: each([&](std::uint32_t l) { r[l] = numerics::fmul(a[l], b[l], rnd); }); break;
        case Opcode::FMAD: each([&](std::uint32_t l) { r[l] = numerics::fmad(a[l], b[l], c[l], rnd); }); break;
        case Opcode::FMIN: each([&](std::uint32_t l) { r[l] = numerics::fmin(a[l], b[l]); }); break;
        case Opcode::FMAX: each([&](std::uint32_t l) { r[l] = numerics::fmax(a[l], b[l]); }); break;
        case Opcode::FSET:
            each([&](std::uint32_t l) { r[l] = numerics::fcompare(a[l], b[l], in.cmp) ? 0xffffffffu : 0u; });
            if (in.set_pred) for (std::uint32_t l = 0; l < kWarpSize; ++l) f[l] = int_flags(r[l], 32);
            return;
        case Opcode::RRO: each([&](std::uint32_t l) { r[l] = numerics::rro(a[l], in.rro); }); break;
        case Opcode::RCP: each([&](std::uint32_t l) { r[l] = numerics::rcp(a[l]); }); break;
        case Opcode::RSQ: each([&](std::uint32_t l) { r[l] = numerics::rsq(a[l]); }); break;
        case Opcode::LG2: each([&](std::uint32_t l) { r[l] = numerics::lg2(a[l]); }); break;
        case Opcode::EX2: each([&](std::uint32_t l) { r[l] = numerics::ex2(a[l]); }); break;
        case Opcode::SIN: each([&](std::uint32_t l) { r[l] = numerics::sin(a[l]); }); break;
        case Opcode::COS: each([&](std::uint32_t l) { r[l] = numerics::cos(a[l]); }); break;
        case Opcode::I2F: {
            const DataType st = in.stype == DataType::None ? DataType::U32 : in.stype;
            const bool neg = in.src[0].negate, ab = in.src[0].absolute;
            each([&](std::uint32_t l) {
                std::uint32_t v = a[l];
                DataType t = st;
                if (neg || ab) {  // modifiers act on the integer value; the result is then signed
                    std::int64_t x = as_int(v, st);
                    if (ab && x < 0) x = -x;
                    if (neg) x = -x;
                    v = std::uint32_t(x);
                    t = DataType::S32;
                }
                r[l] = numerics::i2f(v, t, rnd);
               
            });
            break;
        }
        case Opcode::F2I: {
            const DataType dt = in.dtype == DataType::None ? DataType::S32 : in.dtype;
            each([&](std::uint32_t l) { r[l] = numerics::f2i(a[l], dt, rnd); });
            if (in.set_pred) for (std::uint32_t l = 0; l < kWarpSize; ++l) f[l] = int_flags(r[l], is16(dt) ? 16u : 32u);
            return;
        }
        case Opcode::F2F:
            each([&](std::uint32_t l) {
                std::uint32_t v = numerics::f2f(a[l], rnd, in.round_int);
                if (in.saturate) {  // clamp to [0, 1]; NaN -> 0
                    if ((v & 0x7fffffffu) > 0x7f800000u || (v >> 31) != 0) v = 0;
                    else if (v > 0x3f800000u) v = 0x3f800000u;
                }
                r[l] = v;
            });
            break;
        default:
            ctx.res_regs = 0;
            ctx.has_flags = false;
            return;
    }
    if (in.set_pred)  // FP results: zero/sign/unordered flags (numerics::fp_flags)
        for (std::uint32_t l = 0; l < kWarpSize; ++l) f[l] = fp_flag_bits(r[l]);
}

bool SmCore::execute(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.inst;
    ctx.rec.unit = ExecUnit::SP;
    switch (in.op) {
        case Opcode::BRA: case Opcode::CAL: case Opcode::RET: case Opcode::BAR: case Opcode::SSY:
        case Opcode::TRAP: case Opcode::KIL: case Opcode::BRK: case Opcode::PBK: case Opcode::NOP:
            ctx.rec.unit = ExecUnit::Branch;
            return exec_flow(ctx);
        case Opcode::GLD: case Opcode::GST: case Opcode::R2G:
            ctx.rec.unit = ExecUnit::Memory;
            return exec_memory(ctx);
        case Opcode::LLD: case Opcode::LST:
            ctx.rec.unit = ExecUnit::Memory;
            return exec_local(ctx);
        case Opcode::S2R:
            if (ctx.exec_mask != 0) exec_special(ctx);
            return true;
        case Opcode::FADD: case Opcode::FMUL: case Opcode::FMAD: case Opcode::FSET: case Opcode::FMIN:
        case Opcode::FMAX: case Opcode::I2F: case Opcode::F2I: case Opcode::F2F: case Opcode::RRO:
            ctx.rec.unit = ExecUnit::FPU;  // RRO lives in the FP opcode space (op 0xB)
            if (ctx.exec_mask != 0) exec_float(ctx);
            return true;
        case Opcode::RCP: case Opcode::RSQ: case Opcode::LG2: case Opcode::SIN:
        case Opcode::COS: case Opcode::EX2:
            ctx.rec.unit = ExecUnit::SFU;
            if (ctx.exec_mask != 0) exec_float(ctx);
            return true;
        case Opcode::TEX:
            // Decoded and assembled (nvcc code), but the model has no texture unit yet.
            fail(KernelErrorKind::IllegalInstruction, ctx.warp_slot, 0, "TEX: texture fetches are not modelled yet");
            return false;
        case Opcode::MVC:
            if (in.src[0].post_inc) {
                fail(KernelErrorKind::IllegalInstruction, ctx.warp_slot, 0, "MVC with address-register post-increment is not modelled yet");
                return false;
            }
            ctx.rec.unit = ExecUnit::Memory;  // constant-memory load
            if (ctx.exec_mask != 0) exec_integer(ctx);
            return true;
        case Opcode::MOV:
            if (in.num_src > 0 && in.src[0].kind == isa::OperandKind::Shared) ctx.rec.unit = ExecUnit::Memory;
            if (ctx.exec_mask != 0) exec_integer(ctx);
            return true;
        default:
            if (ctx.exec_mask != 0) exec_integer(ctx);
            return true;
    }
}

}  // namespace fgtlm::core
