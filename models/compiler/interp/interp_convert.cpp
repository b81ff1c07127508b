// cvt between 8- to 64-bit integers and f32, by PTX's rules: integer sources extend by their own
// type, .sat clamps to the destination's range; int -> f32 rounds as .rn/.rz/.rm/.rp says; f32 -> int
// rounds as .rni/.rzi/.rmi/.rpi says, clamps to the destination's range and gives 0 for NaN;
// f32 -> f32 rounds to an integral value (.rni...), flushes (.ftz) and saturates (.sat).
#include "interp.hpp"

#include <cmath>

namespace fgtlm::compiler::interp {

namespace {

long double to_integral(Machine& m, const PtxInst& in, float x) {
    if (in.has("rni")) return std::nearbyint(x);
    if (in.has("rzi")) return std::trunc(x);
    if (in.has("rmi")) return std::floor(x);
    if (in.has("rpi")) return std::ceil(x);
    m.fail(in, "a float-to-integer cvt needs .rni, .rzi, .rmi or .rpi");
}

// The destination's range as long doubles (exact for every integer type up to 64 bits).
void range(const std::string& dt, long double& lo, long double& hi) {
    const std::uint32_t bits = type_bits(dt);
    lo = dt[0] == 's' ? -std::ldexp(1.0L, int(bits) - 1) : 0.0L;
    hi = dt[0] == 's' ? std::ldexp(1.0L, int(bits) - 1) - 1 : std::ldexp(1.0L, int(bits)) - 1;
}

std::uint64_t float_to_int(Machine& m, const PtxInst& in, float x, const std::string& dt) {
    if (std::isnan(x)) return 0;
    long double v = to_integral(m, in, x), lo = 0, hi = 0;
    range(dt, lo, hi);
    v = std::min(std::max(v, lo), hi);
    return dt[0] == 's' ? std::uint64_t(std::int64_t(v)) : std::uint64_t(v);
}

std::uint64_t int_to_int(const PtxInst& in, std::uint64_t v, const std::string& st, const std::string& dt) {
    const std::uint32_t sb = type_bits(st);
    if (!in.has("sat")) return st[0] == 's' ? std::uint64_t(sext(v, sb)) : v;
    long double x = st[0] == 's' ? (long double)sext(v, sb) : (long double)v, lo = 0, hi = 0;
    range(dt, lo, hi);
    x = std::min(std::max(x, lo), hi);
    return dt[0] == 's' ? std::uint64_t(std::int64_t(x)) : std::uint64_t(x);
}

std::uint32_t float_to_float(Machine& m, const PtxInst& in, std::uint32_t a) {
    if (in.has("ftz")) a = flush(a);
    float x = as_float(a);
    if (in.has("rni") || in.has("rzi") || in.has("rmi") || in.has("rpi")) x = float(to_integral(m, in, x));
    std::uint32_t r = as_bits(x);
    if (in.has("ftz")) r = flush(r);
    if (in.has("sat")) r = std::isnan(x) || std::signbit(as_float(r)) ? 0u : x >= 1.0f ? 0x3f800000u : r;
    return r;
}

}  // namespace

bool exec_convert(Machine& m, Thread& t, const PtxInst& in) {
    if (in.opcode != "cvt") return false;
    const std::string dt = in.type2(), st = in.type();
    if (dt == "f64" || st == "f64" || dt == "f16" || st == "f16") m.fail(in, dt + "/" + st + " is not executed");
    const std::uint64_t a = m.read(t, in.ops.at(1), type_bits(st));
    std::uint64_t r = 0;
    if (dt == "f32" && st == "f32")
        r = float_to_float(m, in, std::uint32_t(a));
    else if (st == "f32")
        r = float_to_int(m, in, as_float(in.has("ftz") ? flush(std::uint32_t(a)) : std::uint32_t(a)), dt);
    else if (dt == "f32") {
        const HostRounding rounding(in);  // .rz/.rm/.rp as the host rounds
        volatile std::uint64_t va = a;    // read after the mode switch
        volatile float f = st[0] == 's' ? float(sext(va, type_bits(st))) : float(va);
        r = as_bits(f);
    } else
        r = int_to_int(in, a, st, dt);
    // A narrower destination type extends into the register as its own type says (PTX).
    r = dt[0] == 's' ? std::uint64_t(sext(r, type_bits(dt))) : r & mask(type_bits(dt));
    m.write(t, in.ops.at(0), r, dt[0] == 'f' ? 32 : 64);
    return true;
}

}  // namespace fgtlm::compiler::interp
