// scalar_processor.vhd and its units transcribed for R2P (rtl_alu_latch.hpp): the opcode,
// width and signedness come from the execute stage's latch, everything else (subop, marker,
// negation bit 22, saturation bit 59, abs bits 52-51, condition bits 48-46) from the R2P word.
#include <fgtlm/core/rtl_alu_latch.hpp>

namespace fgtlm::core {

namespace {

std::uint32_t sext16(std::uint32_t v) { return std::uint32_t(std::int32_t(std::int16_t(v & 0xffffu))); }
std::uint32_t sext24(std::uint32_t v) { return std::uint32_t(std::int32_t(v << 8) >> 8); }
bool bit(std::uint32_t v, unsigned b) { return ((v >> b) & 1u) != 0; }

struct Sum {
    std::uint32_t result;
    bool carry, overflow;
};

// integer_add_subtract.vhd (sub_en is always 0).
Sum add_subtract(std::uint32_t a, bool a_neg, std::uint32_t b, bool b_neg, bool saturate, bool w32) {
    std::uint32_t as = w32 ? a : sext16(a), bs = w32 ? b : sext16(b);
    if (a_neg) as = 0u - as;
    if (b_neg) bs = 0u - bs;
    const std::uint64_t res = std::uint64_t(as) + bs;  // 33 bits ('0' & a) + ('0' & b)
    const unsigned top = w32 ? 31u : 15u;
    const std::uint32_t low = w32 ? std::uint32_t(res) : std::uint32_t(res) & 0xffffu;
    if (saturate) {
        if (bit(std::uint32_t(res >> 1), top) != bit(std::uint32_t(res), top))
            return {w32 ? 0xffffffffu : 0x0000ffffu, false, false};
        return {low, ((res >> (top + 1)) & 1u) != 0, false};
    }
    const bool ovf = bit(as, top) == bit(bs, top) && bit(as, top) != bit(std::uint32_t(res), top);
    return {low, ((res >> (top + 1)) & 1u) != 0, ovf};
}

// integer_mult_24.vhd: low 32 bits of a 16- or 24-bit product.
std::uint32_t mult24(std::uint32_t a, bool a_neg, std::uint32_t b, bool b_neg, bool is_signed, bool w32) {
    if (!is_signed) {
        if (a_neg) a = 0u - a;
        if (b_neg) b = 0u - b;
        const std::uint32_t m = w32 ? 0x00ffffffu : 0x0000ffffu;
        return std::uint32_t(std::uint64_t(a & m) * (b & m));
    }
    std::int64_t x = std::int32_t(w32 ? sext24(a) : sext16(a)), y = std::int32_t(w32 ? sext24(b) : sext16(b));
    if (a_neg) x = std::int32_t(0u - std::uint32_t(x));
    if (b_neg) y = std::int32_t(0u - std::uint32_t(y));
    return std::uint32_t(std::uint64_t(x * y));
}

// shift_logic.vhd: counts above the width (32 or 16) give 0 or the sign; a count equal to
// the width shifts everything out.
std::uint32_t shift(bool left, std::uint32_t a, std::uint32_t b, bool is_signed, bool w32) {
    const std::uint32_t width = w32 ? 32u : 16u;
    if (b > width) {
        if (left || !is_signed) return 0u;
        return bit(a, width - 1) ? 0xffffffffu : 0u;
    }
    if (left) {
        const std::uint32_t v = b >= 32 ? 0u : a << b;
        return w32 ? v : v & 0xffffu;
    }
    if (is_signed) {
        const std::int32_t s = w32 ? std::int32_t(a) : std::int32_t(a << 16);
        const std::uint32_t n = w32 ? b : 16u + b;
        return std::uint32_t(n >= 32 ? (s < 0 ? -1 : 0) : s >> n);
    }
    const std::uint32_t u = w32 ? a : a & 0xffffu;
    return b >= 32 ? 0u : u >> b;
}

// min_max.vhd.
std::uint32_t min_max(bool max, std::uint32_t a, std::uint32_t b, bool is_signed, bool w32) {
    if (!w32) {
        a = is_signed ? sext16(a) : a & 0xffffu;
        b = is_signed ? sext16(b) : b & 0xffffu;
    }
    const bool less = is_signed ? std::int32_t(a) < std::int32_t(b) : a < b;
    return (less != max) ? a : b;
}

// convert_int_int.vhd (cvt_neg_in is 0 for anything but an ALU CVT).
std::uint32_t convert(std::uint32_t a, unsigned abs_saturate, unsigned cvt_type) {
    std::uint32_t t = a;
    switch (cvt_type) {
        case 0: t = a & 0xffffu; break;
        case 2: t = a & 0xffu; break;
        case 4: t = sext16(a); break;
        case 6: t = std::uint32_t(std::int32_t(std::int8_t(a & 0xffu))); break;
        default: break;
    }
    const bool abs = abs_saturate == 2 && (cvt_type == 4 || cvt_type == 5 || cvt_type == 6) && bit(t, 31);
    return abs ? 0u - t : t;
}

// compute_set_pred_i.vhd: true when condition bit (0 less, 1 equal, 2 greater) is set.
bool set_true(std::uint32_t a, std::uint32_t b, bool is_signed, bool w32, unsigned cond) {
    if (!w32) {
        a = is_signed ? sext16(a) : a & 0xffffu;
        b = is_signed ? sext16(b) : b & 0xffffu;
    }
    const bool less = is_signed ? std::int32_t(a) < std::int32_t(b) : a < b;
    const unsigned which = less ? 0u : (a == b ? 1u : 2u);
    return ((cond >> which) & 1u) != 0;
}

bool uses_adder(RtlAluOp op) {
    return op == RtlAluOp::Iadd || op == RtlAluOp::Iaddc || op == RtlAluOp::Isub || op == RtlAluOp::Imad24 ||
           op == RtlAluOp::Imad24c;
}

}  // namespace

std::uint8_t rtl_r2p_flags(const RtlAluLatch& latch, const isa::Instruction& r2p, std::uint32_t a, std::uint32_t b,
                           std::uint32_t c) {
    const RtlAluOp op = latch.op;
    const std::uint64_t w = (std::uint64_t(r2p.hi) << 32) | r2p.lo;
    const auto field = [w](int hi, int lo) { return unsigned((w >> lo) & ((1u << (hi - lo + 1)) - 1u)); };
    const unsigned subop = field(63, 61);
    const bool imm = (w & 1u) != 0 && field(33, 32) == 3u;
    const bool mad = op == RtlAluOp::Imad24 || op == RtlAluOp::Imad24c;
    // scalar_processor.vhd's internal controls
    const bool w32 = mad || latch.w32;
    const bool is_signed = (op == RtlAluOp::Imad24 && imm) ? latch.is_signed
                           : mad                           ? (subop == 1 || subop == 4 || subop == 7)
                                                           : latch.is_signed;
    const bool saturate = mad ? subop == 5 : !imm && field(59, 59) != 0;
    const bool a_neg = op == RtlAluOp::Isub;
    const bool b_neg = op == RtlAluOp::Iadd && field(22, 22) != 0;

    const std::uint32_t product = mult24(a, a_neg, b, b_neg, is_signed, latch.w32);
    const Sum sum = add_subtract(op == RtlAluOp::Imad24 ? product : a, a_neg, mad ? c : b, b_neg, saturate, w32);
    std::uint32_t result = 0;
    switch (op) {
        case RtlAluOp::Iadd:
        case RtlAluOp::Iaddc:
        case RtlAluOp::Isub:
        case RtlAluOp::Imad24:
        case RtlAluOp::Imad24c: result = sum.result; break;
        case RtlAluOp::Min: result = min_max(false, a, b, is_signed, w32); break;
        case RtlAluOp::Max: result = min_max(true, a, b, is_signed, w32); break;
        case RtlAluOp::Shl: result = shift(true, a, b, is_signed, w32); break;
        case RtlAluOp::Shr: result = shift(false, a, b, is_signed, w32); break;
        case RtlAluOp::And: result = a & b; break;
        case RtlAluOp::Or: result = a | b; break;
        case RtlAluOp::Xor: result = a ^ b; break;
        case RtlAluOp::Neg: result = ~a; break;
        case RtlAluOp::Imul24: result = product; break;
        case RtlAluOp::Cvt: result = convert(a, imm ? 0u : field(52, 51), latch.cvt_type); break;
        case RtlAluOp::Set: result = set_true(a, b, is_signed, w32, imm ? 0u : field(48, 46)) ? 0xffffffffu : 0u; break;
        case RtlAluOp::Zero: break;
    }
    // pipeline_execute.vhd's pred_flags_o: zero/sign from the scalar processor (set_pred is
    // R2P's bit 38, always set; FSET's fp_result_o is 0 by then, giving the same Z), carry and
    // overflow only for the adder's opcodes (else the read stage's flags: 0).
    const bool sign = op == RtlAluOp::Set ? result != 0 : is_signed && bit(result, w32 ? 31u : 15u);
    const bool zero = result == 0;
    std::uint8_t f = std::uint8_t((zero ? 1u : 0u) | (sign ? 2u : 0u));
    if (uses_adder(op)) f = std::uint8_t(f | (sum.carry ? 4u : 0u) | (sum.overflow ? 8u : 0u));
    return f;
}

}  // namespace fgtlm::core
