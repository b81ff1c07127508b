// Lowering of cvt between integer and float types (32-bit and narrower), .sat between integers included.
#include "lowering.hpp"

namespace fgtlm::compiler {

namespace {

std::string itype(const std::string& t) {
    if (t == "u32" || t == "b32") return "U32";
    if (t == "s32") return "S32";
    if (t == "u16" || t == "b16") return "U16";
    if (t == "s16") return "S16";
    if (t == "u8" || t == "b8") return "U8";
    if (t == "s8") return "S8";
    return "";
}

// Integer -> integer: the source's low bits, extended as the narrower type says.
void int_to_int(Lowerer& l, int d, int a, const std::string& dt, const std::string& st) {
    const std::uint32_t dbits = std::uint32_t(std::stoi(dt.substr(1))), sbits = std::uint32_t(std::stoi(st.substr(1)));
    const std::uint32_t bits = std::min(dbits, sbits);
    const bool sgn = (bits == sbits ? st : dt)[0] == 's';
    if (bits == 32) return l.emit("MOV {d0}{g}, {u0}", {d}, {a});
    if (bits == 16) return l.emit(std::string(sgn ? "I2I.S32.S16" : "I2I.U32.U16") + " {d0}{g}, {u0L}", {d}, {a});
    l.emit("SHL {d0}{g}, {u0}, 0x18", {d}, {a});
    l.emit(std::string(sgn ? "SHR.S32" : "SHR") + " {d0}{g}, {u0}, 0x18", {d}, {d});
}

// cvt.sat between integers of at most 32 bits: the source, extended as its type says, clamped to the destination's
// range (in the source's signedness) before the narrowing int_to_int does.
int saturate_int(Lowerer& l, int a, const std::string& dt, const std::string& st) {
    const bool ssign = st[0] == 's', dsign = dt[0] == 's';
    const int db = std::stoi(dt.substr(1));
    const std::int64_t dlo = dsign ? -(std::int64_t(1) << (db - 1)) : 0;
    const std::int64_t dhi = dsign ? (std::int64_t(1) << (db - 1)) - 1 : (std::int64_t(1) << db) - 1;
    const std::int64_t slo = ssign ? -(std::int64_t(1) << 31) : 0, shi = ssign ? 0x7fffffff : 0xffffffffll;
    const int t = l.temp();
    int_to_int(l, t, a, ssign ? "s32" : "u32", st);
    const std::string iset = ssign ? "ISET.S32.C0 o[0x7f], {u0}, {u1}, " : "ISET.U32.C0 o[0x7f], {u0}, {u1}, ";
    if (dhi < shi) {
        const int hi = l.imm(std::uint32_t(dhi));
        l.emit(iset + "GT", {}, {t, hi});
        l.emit("MOV {d0} (C0.NE), {u0}", {t}, {hi}, true);
    }
    if (dlo > slo) {
        const int lo = l.imm(std::uint32_t(dlo));
        l.emit(iset + "LT", {}, {t, lo});
        l.emit("MOV {d0} (C0.NE), {u0}", {t}, {lo}, true);
    }
    return t;
}

std::string f2i_rounding(Lowerer& l) {
    const PtxInst& in = l.inst();
    if (in.has("rzi") || in.has("rz")) return "rzi";
    if (in.has("rmi") || in.has("rm")) return "rmi";
    if (in.has("rpi") || in.has("rp")) return "rpi";
    if (in.has("rni") || in.has("rn")) return "rni";
    l.refuse("cvt from .f32 to an integer needs a rounding modifier");
}

}  // namespace

bool lower_convert(Lowerer& l) {
    const PtxInst& in = l.inst();
    if (in.opcode != "cvt") return false;
    const std::string dt = in.type2(), st = in.type();  // cvt.dst.src
    if (dt.empty() || st.empty()) l.refuse("cvt needs a destination and a source type");
    const bool int_sat = in.has("sat") && dt != "f32";
    if (int_sat && (st == "f32" || itype(dt).empty() || itype(st).empty()))
        l.refuse("cvt .sat from ." + st + " to ." + dt + " is not supported");
    const int d = l.dst();
    int a = l.value(in.ops[1]);
    if (int_sat) a = saturate_int(l, a, dt, st);
    if (dt == "f32" && st == "f32") {
        if (in.has("rni") || in.has("rzi") || in.has("rmi") || in.has("rpi"))
            l.refuse("rounding a float to an integral float is not supported yet");
        l.emit("MOV {d0}{g}, {u0}", {d}, {a});
    } else if (dt == "f32") {
        if (itype(st).empty()) l.refuse("cvt from ." + st);
        // .rz/.rm/.rp from 32/64-bit integers are software calls (inline.cpp); from 8/16 bits every rounding is exact.
        if (st.substr(1) == "32") {
            if (st[0] == 's')
                s32_to_float(l, d, a);
            else
                u32_to_float(l, d, a);
        } else {
            l.emit("I2F.F32." + itype(st) + " {d0}{g}, {u0}", {d}, {a});  // 8/16-bit: exact
        }
    } else if (st == "f32") {
        if (itype(dt).empty() || dt.substr(1) != "32") l.refuse("cvt to ." + dt + " from .f32 is not supported yet");
        float_to_int(l, d, a, f2i_rounding(l), dt[0] == 's');
    } else {
        if (itype(dt).empty() || itype(st).empty()) l.refuse("cvt between ." + dt + " and ." + st);
        int_to_int(l, d, a, dt, int_sat ? (st[0] == 's' ? "s32" : "u32") : st);
    }
    if (in.has("sat") && !int_sat) float_saturate(l, d);  // to .f32: clamped to [0.0, 1.0]
    return true;
}

}  // namespace fgtlm::compiler
