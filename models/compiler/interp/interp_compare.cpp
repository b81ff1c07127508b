// setp and set: integer (signed/unsigned) and f32 comparisons (ordered, unordered, num, nan),
// with the optional .and/.or/.xor combination with a predicate.
#include "interp.hpp"

#include <cmath>

namespace fgtlm::compiler::interp {

namespace {

const char* const kCompares[] = {"eq", "ne",  "lt",  "le",  "gt",  "ge",  "lo",  "ls",  "hi",
                                 "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};

std::string compare_of(const PtxInst& in) {
    for (const char* c : kCompares)
        if (in.has(c)) return c;
    return "";
}

bool int_compare(const std::string& c, std::uint64_t a, std::uint64_t b, std::uint32_t bits, bool sign) {
    const std::int64_t sa = sext(a, bits), sb = sext(b, bits);
    if (c == "eq") return a == b;
    if (c == "ne") return a != b;
    if (c == "lt") return sign ? sa < sb : a < b;
    if (c == "le") return sign ? sa <= sb : a <= b;
    if (c == "gt") return sign ? sa > sb : a > b;
    if (c == "ge") return sign ? sa >= sb : a >= b;
    if (c == "lo") return a < b;
    if (c == "ls") return a <= b;
    if (c == "hi") return a > b;
    return a >= b;  // hs
}

bool float_compare(const std::string& c, float a, float b) {
    const bool un = std::isnan(a) || std::isnan(b);
    if (c == "num") return !un;
    if (c == "nan") return un;
    const bool unordered_ok = c.size() == 3 && c[2] == 'u';
    if (un) return unordered_ok;  // ordered comparisons (ne too) are false for a NaN
    const std::string base = unordered_ok ? c.substr(0, 2) : c;
    if (base == "eq") return a == b;
    if (base == "ne") return a != b;
    if (base == "lt") return a < b;
    if (base == "le") return a <= b;
    if (base == "gt") return a > b;
    return a >= b;
}

}  // namespace

bool exec_compare(Machine& m, Thread& t, const PtxInst& in) {
    if (in.opcode != "setp" && in.opcode != "set") return false;
    const std::string c = compare_of(in);
    if (c.empty()) m.fail(in, "unknown comparison");
    const std::string st = in.type();  // setp's type, set's source type
    const std::uint32_t bits = type_bits(st);
    const std::uint64_t a = m.read(t, in.ops.at(1), bits), b = m.read(t, in.ops.at(2), bits);
    if (st == "f64") m.fail(in, "f64 is not executed");
    bool r = st[0] == 'f' ? float_compare(c, as_float(std::uint32_t(a)), as_float(std::uint32_t(b)))
                          : int_compare(c, a, b, bits, st[0] == 's');
    if (in.ops.size() == 4) {
        const bool p = m.read(t, in.ops[3], 1) != 0;
        if (in.has("and"))
            r = r && p;
        else if (in.has("or"))
            r = r || p;
        else if (in.has("xor"))
            r = r != p;
        else
            m.fail(in, "a fourth operand needs .and, .or or .xor");
    }
    if (in.opcode == "setp") {
        m.write(t, in.ops[0], r, 1);
        return true;
    }
    const std::string dt = in.type2();  // set.cmp.dtype.stype
    const std::uint64_t v = !r ? 0 : dt == "f32" ? 0x3f800000u : mask(type_bits(dt));
    m.write(t, in.ops[0], v, type_bits(dt));
    return true;
}

}  // namespace fgtlm::compiler::interp
