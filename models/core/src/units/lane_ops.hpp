// Lane helpers shared by the arithmetic units (SP, FPU, SFU): widths, flags, comparisons.
#pragma once

#include <algorithm>
#include <cstdint>

#include <fgtlm/isa/instruction.hpp>
#include <fgtlm/numerics/fpu.hpp>

#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::core::lanes {

using isa::CompareOp;
using isa::DataType;
using isa::Opcode;

inline constexpr bool is16(DataType t) { return t == DataType::U16 || t == DataType::S16; }
inline constexpr bool is_signed(DataType t) { return t == DataType::S8 || t == DataType::S16 || t == DataType::S32; }

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
        case DataType::S8:
            lo = -128;
            hi = 127;
            break;
        case DataType::U16: hi = 0xffff; break;
        case DataType::S16:
            lo = -32768;
            hi = 32767;
            break;
        case DataType::S32:
            lo = INT32_MIN;
            hi = INT32_MAX;
            break;
        default: break;
    }
    return std::uint32_t(std::clamp(v, lo, hi));
}

}  // namespace fgtlm::core::lanes
