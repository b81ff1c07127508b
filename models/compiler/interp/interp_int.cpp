// Integer arithmetic, logic and moves of 8- to 64-bit (and .pred) values on host words.
#include "interp.hpp"

namespace fgtlm::compiler::interp {

namespace {

using u128 = unsigned __int128;
using s128 = __int128;

struct Typed {
    std::uint32_t bits = 32;
    bool sign = false;
};

Typed typed(const PtxInst& in) {
    const std::string t = in.type();
    return {type_bits(t), t[0] == 's'};
}

// mul/mad: .lo, .hi or .wide of a x b (the product of the sign- or zero-extended operands).
u128 product(std::uint64_t a, std::uint64_t b, Typed ty) {
    if (ty.sign) return u128(s128(sext(a, ty.bits)) * s128(sext(b, ty.bits)));
    return u128(a) * u128(b);
}

std::uint64_t mul_part(const PtxInst& in, u128 p, Typed ty, std::uint32_t& dbits) {
    dbits = ty.bits;
    if (in.has("hi")) return std::uint64_t(p >> ty.bits);
    if (in.has("wide")) dbits = 2 * ty.bits;
    return std::uint64_t(p);
}

std::uint64_t mul24(const PtxInst& in, std::uint64_t a, std::uint64_t b, Typed ty) {
    const s128 x = ty.sign ? s128(sext(a, 24)) : s128(a & 0xffffff),
               y = ty.sign ? s128(sext(b, 24)) : s128(b & 0xffffff);
    const u128 p = u128(x * y);
    return std::uint64_t(in.has("hi") ? p >> 16 : p);
}

std::uint64_t divide(Machine& m, const PtxInst& in, std::uint64_t a, std::uint64_t b, Typed ty) {
    if ((b & mask(ty.bits)) == 0) m.fail(in, "division by zero (undefined in PTX)");
    const bool rem = in.opcode == "rem";
    if (!ty.sign) return rem ? a % b : a / b;
    const s128 x = sext(a, ty.bits), y = sext(b, ty.bits);
    return std::uint64_t(rem ? x % y : x / y);
}

std::uint64_t shift(const PtxInst& in, std::uint64_t a, std::uint64_t b, Typed ty) {
    const std::uint64_t n = b & 0xffffffffu;
    if (in.opcode == "shl") return n >= ty.bits ? 0 : a << n;
    if (ty.sign) return std::uint64_t(sext(a, ty.bits) >> (n >= ty.bits ? ty.bits - 1 : n));
    return n >= ty.bits ? 0 : a >> n;
}

bool binary(Machine& m, const PtxInst& in, std::uint64_t a, std::uint64_t b, Typed ty, std::uint64_t& r) {
    const std::string& op = in.opcode;
    const std::int64_t sa = sext(a, ty.bits), sb = sext(b, ty.bits);
    if (op == "add")
        r = a + b;
    else if (op == "sub")
        r = a - b;
    else if (op == "and")
        r = a & b;
    else if (op == "or")
        r = a | b;
    else if (op == "xor")
        r = a ^ b;
    else if (op == "min")
        r = ty.sign ? std::uint64_t(sa < sb ? sa : sb) : (a < b ? a : b);
    else if (op == "max")
        r = ty.sign ? std::uint64_t(sa > sb ? sa : sb) : (a > b ? a : b);
    else if (op == "div" || op == "rem")
        r = divide(m, in, a, b, ty);
    else if (op == "shl" || op == "shr")
        r = shift(in, a, b, ty);
    else if (op == "mul24")
        r = mul24(in, a, b, ty);
    else
        return false;
    return true;
}

bool unary(const PtxInst& in, std::uint64_t a, Typed ty, std::uint64_t& r) {
    const std::string& op = in.opcode;
    if (op == "not")
        r = ty.bits == 1 ? a == 0 : ~a;
    else if (op == "cnot")
        r = a == 0;
    else if (op == "neg")
        r = 0 - a;
    else if (op == "abs")
        r = sext(a, ty.bits) < 0 ? 0 - a : a;
    else if (op == "mov")
        r = a;
    else
        return false;
    return true;
}

void multiply(Machine& m, Thread& t, const PtxInst& in, Typed ty) {
    const std::uint64_t a = m.read(t, in.ops.at(1), ty.bits), b = m.read(t, in.ops.at(2), ty.bits);
    std::uint32_t dbits = ty.bits;
    std::uint64_t r = mul_part(in, product(a, b, ty), ty, dbits);
    if (in.opcode == "mad") r += m.read(t, in.ops.at(3), dbits);
    m.write(t, in.ops[0], r, dbits);
}

}  // namespace

bool exec_int(Machine& m, Thread& t, const PtxInst& in) {
    const Typed ty = typed(in);
    if (ty.bits == 0 || in.type()[0] == 'f' || in.ops.empty()) return false;
    const std::string& op = in.opcode;
    if (op == "mov" && in.ops.at(0).kind == PtxOperand::Kind::Vec) {  // mov.b64 {lo, hi}, %rd: unpack
        const std::uint64_t v = m.read(t, in.ops.at(1), ty.bits);
        const std::uint32_t part = ty.bits / std::uint32_t(in.ops[0].elems.size());
        for (std::size_t k = 0; k < in.ops[0].elems.size(); ++k)
            m.write(t, reg_named(in.ops[0].elems[k]), v >> (k * part), part);
        return true;
    }
    if (op == "mov" && in.ops.size() == 2 && in.ops[1].kind == PtxOperand::Kind::Vec) {  // pack
        std::uint64_t v = 0;
        const std::uint32_t part = ty.bits / std::uint32_t(in.ops[1].elems.size());
        for (std::size_t k = 0; k < in.ops[1].elems.size(); ++k)
            v |= m.read(t, reg_named(in.ops[1].elems[k]), part) << (k * part);
        m.write(t, in.ops[0], v, ty.bits);
        return true;
    }
    if (op == "mul" || op == "mad") {
        multiply(m, t, in, ty);
        return true;
    }
    std::uint64_t r = 0;
    if (in.ops.size() == 2 && unary(in, m.read(t, in.ops[1], ty.bits), ty, r)) {
    } else if (in.ops.size() == 3 &&
               binary(m, in, m.read(t, in.ops[1], ty.bits), m.read(t, in.ops[2], ty.bits), ty, r)) {
    } else if (op == "mad24" && in.ops.size() == 4) {
        r = mul24(in, m.read(t, in.ops[1], 32), m.read(t, in.ops[2], 32), ty) + m.read(t, in.ops[3], 32);
    } else if (op == "selp" && in.ops.size() == 4) {
        r = m.read(t, in.ops[3], 1) != 0 ? m.read(t, in.ops[1], ty.bits) : m.read(t, in.ops[2], ty.bits);
    } else {
        return false;
    }
    m.write(t, in.ops[0], r, ty.bits);
    return true;
}

}  // namespace fgtlm::compiler::interp
