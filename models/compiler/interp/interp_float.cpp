// f32 arithmetic on the host's IEEE-754 single precision (SSE, no flush to zero): add/sub/mul/fma/mad/div/rcp/sqrt
// exactly rounded (.approx forms are the exact value here, the compared tools state their error), to nearest or as
// .rz/.rm/.rp say (the host's rounding mode, set around the operation), min/max/abs/neg/testp, ex2/lg2/sin/cos/rsqrt
// by libm.
#include "interp.hpp"

#include <cfenv>
#include <cmath>
#include <cstring>

namespace fgtlm::compiler::interp {

float as_float(std::uint32_t u) {
    float f = 0;
    std::memcpy(&f, &u, 4);
    return f;
}
std::uint32_t as_bits(float f) {
    std::uint32_t u = 0;
    std::memcpy(&u, &f, 4);
    return std::isnan(f) ? 0x7fffffffu : u;
}
std::uint32_t flush(std::uint32_t u) { return (u & 0x7f800000u) == 0 ? u & 0x80000000u : u; }

HostRounding::HostRounding(const PtxInst& in) : saved_(std::fegetround()) {
    std::fesetround(in.has("rz")   ? FE_TOWARDZERO
                    : in.has("rm") ? FE_DOWNWARD
                    : in.has("rp") ? FE_UPWARD
                                   : FE_TONEAREST);
}
HostRounding::~HostRounding() { std::fesetround(saved_); }

namespace {

// PTX min/max: a NaN operand gives the other; -0 is below +0.
float minmax(float a, float b, bool is_min) {
    if (std::isnan(a)) return b;
    if (std::isnan(b)) return a;
    if (a == b) return (std::signbit(a) == is_min) ? a : b;
    return (a < b) == is_min ? a : b;
}

bool testp(const PtxInst& in, float x) {
    const int c = std::fpclassify(x);
    if (in.has("finite")) return std::isfinite(x);
    if (in.has("infinite")) return std::isinf(x);
    if (in.has("number")) return !std::isnan(x);
    if (in.has("notanumber")) return std::isnan(x);
    if (in.has("normal")) return c == FP_NORMAL;
    return c == FP_SUBNORMAL;
}

bool arith(const std::string& op, const float* x, std::size_t n, float& r) {
    if (op == "add" && n == 2)
        r = x[0] + x[1];
    else if (op == "sub" && n == 2)
        r = x[0] - x[1];
    else if (op == "mul" && n == 2)
        r = x[0] * x[1];
    else if ((op == "fma" || op == "mad") && n == 3)
        r = std::fma(x[0], x[1], x[2]);
    else if (op == "div" && n == 2)
        r = x[0] / x[1];
    else if (op == "rcp" && n == 1)
        r = 1.0f / x[0];
    else if (op == "sqrt" && n == 1)
        r = std::sqrt(x[0]);
    else if (op == "rsqrt" && n == 1)
        r = 1.0f / std::sqrt(x[0]);
    else if (op == "ex2" && n == 1)
        r = std::exp2(x[0]);
    else if (op == "lg2" && n == 1)
        r = std::log2(x[0]);
    else if (op == "sin" && n == 1)
        r = std::sin(x[0]);
    else if (op == "cos" && n == 1)
        r = std::cos(x[0]);
    else if ((op == "min" || op == "max") && n == 2)
        r = minmax(x[0], x[1], op == "min");
    else
        return false;
    return true;
}

}  // namespace

bool exec_float(Machine& m, Thread& t, const PtxInst& in) {
    if (in.type() != "f32") return false;
    const std::string& op = in.opcode;
    const auto arg = [&](std::size_t k) { return std::uint32_t(m.read(t, in.ops.at(k), 32)); };
    if (op == "mov" || op == "abs" || op == "neg") {
        const std::uint32_t a = arg(1);
        m.write(t, in.ops[0], op == "mov" ? a : op == "abs" ? a & 0x7fffffffu : a ^ 0x80000000u, 32);
        return true;
    }
    if (op == "selp") {
        m.write(t, in.ops.at(0), m.read(t, in.ops.at(3), 1) ? arg(1) : arg(2), 32);
        return true;
    }
    if (op == "testp") {
        m.write(t, in.ops.at(0), testp(in, as_float(arg(1))), 1);
        return true;
    }
    const bool directed = in.has("rz") || in.has("rm") || in.has("rp");
    if (directed && op != "add" && op != "sub" && op != "mul" && op != "fma" && op != "mad")
        m.fail(in, "rounding modes other than .rn are executed on add/sub/mul/fma/mad only");
    float x[3] = {};
    const std::size_t n = in.ops.size() - 1;
    if (n > 3) return false;
    for (std::size_t k = 0; k < n; ++k) x[k] = as_float(in.has("ftz") ? flush(arg(k + 1)) : arg(k + 1));
    float r = 0;
    {
        const HostRounding rounding(in);
        volatile float vx[3] = {x[0], x[1], x[2]};  // read after the mode switch (interp.hpp, HostRounding)
        const float y[3] = {vx[0], vx[1], vx[2]};
        volatile float vr = 0;
        if (!arith(op, y, n, r)) return false;
        vr = r;
        r = vr;
    }
    std::uint32_t bits = as_bits(r);
    if (in.has("ftz")) bits = flush(bits);
    if (in.has("sat")) bits = std::isnan(r) || std::signbit(as_float(bits)) ? 0u : r >= 1.0f ? 0x3f800000u : bits;
    m.write(t, in.ops[0], bits, 32);
    return true;
}

}  // namespace fgtlm::compiler::interp
