#include "ptx_gen.hpp"

#include <random>
#include <sstream>
#include <vector>

namespace fgtlm::test {

namespace {

constexpr int kInts = 8, kFloats = 6, kWides = 3, kPreds = 4, kMaxDepth = 2;

class Gen {
public:
    explicit Gen(std::uint64_t seed) : rng_(seed) {}
    std::string kernel();

private:
    std::uint32_t pick(std::uint32_t n) { return std::uint32_t(rng_() % n); }
    bool chance(std::uint32_t percent) { return pick(100) < percent; }
    std::string r() { return "%r" + std::to_string(pick(kInts)); }
    std::string f() { return "%f" + std::to_string(pick(kFloats)); }
    std::string rd() { return "%rd" + std::to_string(pick(kWides)); }
    std::string p() { return "%p" + std::to_string(pick(kPreds)); }
    std::string r_or_imm();
    std::string f_or_imm();
    std::string label(const char* what) { return "$L" + std::string(what) + std::to_string(labels_++); }
    void line(const std::string& s) { out_ << "\t" << s << ";\n"; }
    std::string guard() { return (chance(50) ? "@" : "@!") + p() + " "; }

    void prologue();
    void epilogue();
    void block(int depth, int n);
    void statement(int depth);
    void int_op(const std::string& g);
    void int_ternary(const std::string& g);
    void div_op();
    void float_op(const std::string& g);
    void float_misc();
    void wide_op();
    void pred_op();
    void conversion();
    void if_else(int depth);
    void loop(int depth);
    void shared_exchange();
    void helpers();
    void helper_body(int k);
    void call(const std::string& g);

    std::mt19937_64 rng_;
    std::ostringstream out_;
    int labels_ = 0;
};

std::string Gen::r_or_imm() {
    if (!chance(25)) return r();
    const std::int64_t small[] = {0, 1, 2, 3, 7, 31, 32, 33, -1, -2, 255, 65535, 0x7fffffff, -2147483647 - 1};
    return chance(50) ? std::to_string(small[pick(14)]) : std::to_string(std::int32_t(rng_()));
}

std::string Gen::f_or_imm() {
    if (!chance(20)) return f();
    const char* special[] = {"0f00000000", "0f80000000", "0f3F800000", "0fBF800000", "0f7F800000",
                             "0f00000001", "0f00800000", "0f7F7FFFFF", "0f40490FDB", "0f3E800000"};
    return special[pick(10)];
}

void Gen::int_op(const std::string& g) {
    const char* bin[] = {"add.s32", "sub.s32",      "mul.lo.s32",   "mul.hi.s32", "mul.hi.u32", "and.b32", "or.b32",
                         "xor.b32", "min.s32",      "min.u32",      "max.s32",    "max.u32",    "shl.b32", "shr.u32",
                         "shr.s32", "mul24.lo.u32", "mul24.lo.s32", "add.u32",    "mul.lo.u32"};
    const char* un[] = {"not.b32", "neg.s32", "abs.s32", "popc.b32", "clz.b32", "brev.b32", "cnot.b32", "mov.b32"};
    if (chance(70)) {
        line(g + bin[pick(19)] + " " + r() + ", " + r() + ", " + r_or_imm());
    } else {
        line(g + un[pick(8)] + " " + r() + ", " + r());
    }
}

void Gen::int_ternary(const std::string& g) {
    switch (pick(6)) {
        case 0: line(g + "mad.lo.s32 " + r() + ", " + r() + ", " + r_or_imm() + ", " + r()); break;
        case 1: line(g + "mad24.lo.u32 " + r() + ", " + r() + ", " + r() + ", " + r_or_imm()); break;
        case 2:
            line(g + (chance(50) ? "bfe.u32 " : "bfe.s32 ") + r() + ", " + r() + ", " +
                 (chance(50) ? r() : std::to_string(pick(40))) + ", " + std::to_string(pick(34)));
            break;
        case 3:
            line(g + "bfi.b32 " + r() + ", " + r() + ", " + r() + ", " + std::to_string(pick(34)) + ", " + r());
            break;
        case 4:
            line(g + "prmt.b32 " + r() + ", " + r() + ", " + r() + ", " +
                 (chance(50) ? r() : std::to_string(pick(65536))));
            break;
        default: line(g + "selp.b32 " + r() + ", " + r_or_imm() + ", " + r() + ", " + p()); break;
    }
}

// Division with a divisor PTX defines a result for: odd (never 0) and, for signed forms, positive.
void Gen::div_op() {
    const bool sign = chance(50);
    line("or.b32 %t0, " + r() + ", 1");
    if (sign) line("and.b32 %t0, %t0, 2147483647");
    const std::string op = chance(50) ? "div" : "rem";
    line(op + (sign ? ".s32 " : ".u32 ") + r() + ", " + r() + ", %t0");
}

void Gen::float_op(const std::string& g) {
    const char* bin[] = {"add.f32", "sub.f32",     "mul.f32",     "add.rn.f32", "mul.rn.f32",  "sub.rn.f32", "min.f32",
                         "max.f32", "add.ftz.f32", "mul.ftz.f32", "div.rn.f32", "add.sat.f32", "mul.sat.f32"};
    const char* un[] = {"abs.f32", "neg.f32", "sqrt.rn.f32", "rcp.rn.f32", "mov.f32"};
    const char* op3[] = {"add", "sub", "mul", "fma"};
    const char* dir[] = {"rz", "rm", "rp"};
    const std::uint32_t k = pick(12);
    if (k < 6)
        line(g + bin[pick(13)] + " " + f() + ", " + f() + ", " + f_or_imm());
    else if (k < 8)
        line(g + un[pick(5)] + " " + f() + ", " + f());
    else if (k < 9)
        line(g + "fma.rn.f32 " + f() + ", " + f() + ", " + f_or_imm() + ", " + f());
    else if (k < 11) {  // directed roundings, .ftz and .sat sometimes
        const std::string op = op3[pick(4)];
        const std::string mods =
            "." + std::string(dir[pick(3)]) + (chance(25) ? ".ftz" : "") + (chance(10) ? ".sat" : "");
        line(g + op + mods + ".f32 " + f() + ", " + f() + ", " + f_or_imm() + (op == "fma" ? ", " + f() : ""));
    } else
        line(g + "selp.f32 " + f() + ", " + f() + ", " + f_or_imm() + ", " + p());
}

void Gen::float_misc() {
    const char* cmp[] = {"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
    const char* cls[] = {"finite", "infinite", "number", "notanumber", "normal", "subnormal"};
    switch (pick(4)) {
        case 0: line("setp." + std::string(cmp[pick(14)]) + ".f32 " + p() + ", " + f() + ", " + f_or_imm()); break;
        case 1: line("testp." + std::string(cls[pick(6)]) + ".f32 " + p() + ", " + f()); break;
        case 2: line("mov.b32 " + f() + ", " + r()); break;
        default: line("mov.b32 " + r() + ", " + f()); break;
    }
}

void Gen::wide_op() {
    const char* bin[] = {"add.s64", "sub.s64", "mul.lo.s64", "and.b64", "or.b64", "xor.b64", "min.s64", "max.u64"};
    switch (pick(11)) {
        case 0:
        case 1: line(std::string(bin[pick(8)]) + " " + rd() + ", " + rd() + ", " + rd()); break;
        case 2:
            line(std::string(chance(50)   ? "shl.b64 "
                             : chance(50) ? "shr.u64 "
                                          : "shr.s64 ") +
                 rd() + ", " + rd() + ", " + r_or_imm());
            break;
        case 3:
            line(std::string(chance(50) ? "mul.wide.u32 " : "mul.wide.s32 ") + rd() + ", " + r() + ", " + r());
            break;
        case 4: line(std::string(chance(50) ? "cvt.u64.u32 " : "cvt.s64.s32 ") + rd() + ", " + r()); break;
        case 5: line("cvt.u32.u64 " + r() + ", " + rd()); break;
        case 6:
            line(std::string(chance(50) ? "mov.b64 {" + r() + ", " + r() + "}, " : "popc.b64 " + r() + ", ") + rd());
            break;
        case 7:
            line("or.b64 %dt0, " + rd() + ", 1");
            line(std::string(chance(50) ? "div.u64 " : "rem.u64 ") + rd() + ", " + rd() + ", %dt0");
            break;
        case 8: line(std::string(chance(50) ? "mul.hi.u64 " : "mul.hi.s64 ") + rd() + ", " + rd() + ", " + rd()); break;
        case 9: line("mad.hi.u64 " + rd() + ", " + rd() + ", " + rd() + ", " + rd()); break;
        default:
            line("bfi.b64 " + rd() + ", " + rd() + ", " + rd() + ", " + (chance(50) ? r() : std::to_string(pick(70))) +
                 ", " + (chance(50) ? r() : std::to_string(pick(70))));
            break;
    }
}

void Gen::pred_op() {
    const char* cmp[] = {"eq", "ne", "lt", "le", "gt", "ge"};
    const char* ucmp[] = {"lo", "ls", "hi", "hs"};
    switch (pick(5)) {
        case 0: line("setp." + std::string(cmp[pick(6)]) + ".s32 " + p() + ", " + r() + ", " + r_or_imm()); break;
        case 1: line("setp." + std::string(ucmp[pick(4)]) + ".u32 " + p() + ", " + r() + ", " + r_or_imm()); break;
        case 2:
            line("setp." + std::string(cmp[pick(6)]) +
                 (chance(50)   ? ".and"
                  : chance(50) ? ".or"
                               : ".xor") +
                 ".s32 " + p() + ", " + r() + ", " + r() + ", " + (chance(50) ? "!" : "") + p());
            break;
        case 3:
            line("setp." + std::string(cmp[pick(6)]) + (chance(50) ? ".u64 " : ".s64 ") + p() + ", " + rd() + ", " +
                 rd());
            break;
        default:
            line(std::string(chance(30) ? "not.pred " + p() + ", "
                                        : (chance(50) ? "and.pred " : "xor.pred ") + p() + ", " + p() + ", ") +
                 p());
            break;
    }
}

void Gen::conversion() {
    const char* rnd[] = {"rn", "rz", "rm", "rp"};
    switch (pick(6)) {
        case 0: line(std::string(chance(50) ? "cvt.rn.f32.s32 " : "cvt.rn.f32.u32 ") + f() + ", " + r()); break;
        case 5:  // integer -> f32 in every rounding mode, 32- and 64-bit sources
            if (chance(50))
                line("cvt." + std::string(rnd[pick(4)]) + (chance(50) ? ".f32.s32 " : ".f32.u32 ") + f() + ", " + r());
            else
                line("cvt." + std::string(rnd[pick(4)]) + (chance(50) ? ".f32.s64 " : ".f32.u64 ") + f() + ", " + rd());
            break;
        case 1: {  // float -> integer inside the destination's range (PTX clamps outside it)
            const char* rnd[] = {"rni", "rzi", "rmi", "rpi"};
            line("min.f32 %ft0, " + f() + ", 0f4E000000");  // 2^29
            line("max.f32 %ft0, %ft0, 0fCE000000");
            line("cvt." + std::string(rnd[pick(4)]) + ".s32.f32 " + r() + ", %ft0");
            break;
        }
        case 2: {
            const char* t[] = {"cvt.s32.s8 ", "cvt.u32.u8 ", "cvt.s32.s16 ", "cvt.u32.u16 "};
            line(std::string(t[pick(4)]) + r() + ", " + r());
            break;
        }
        case 3:
            line(std::string(chance(50) ? "set.lt.u32.s32 " : "set.ne.u32.u32 ") + r() + ", " + r() + ", " + r());
            break;
        default: line("cvt.rni.f32.f32 " + f() + ", " + f()); break;
    }
}

void Gen::if_else(int depth) {
    const std::string q = "%q" + std::to_string(depth), other = label("else"), end = label("end");
    line("setp.lt.u32 " + q + ", " + r() + ", " + r());
    line("@" + q + " bra " + other);
    block(depth + 1, 1 + int(pick(4)));
    line("bra.uni " + end);
    out_ << other << ":\n";
    block(depth + 1, 1 + int(pick(4)));
    out_ << end << ":\n";
}

// A rotated loop of 1..4 trips chosen by the thread's data, sometimes with a divergent break.
void Gen::loop(int depth) {
    const std::string c = "%c" + std::to_string(depth), q = "%q" + std::to_string(depth);
    const std::string top = label("loop"), end = label("exit");
    line("and.b32 " + c + ", " + r() + ", 3");
    line("add.u32 " + c + ", " + c + ", 1");
    out_ << top << ":\n";
    block(depth + 1, 1 + int(pick(4)));
    if (chance(40)) line("@" + p() + " bra " + end);
    line("sub.u32 " + c + ", " + c + ", 1");
    line("setp.ne.u32 " + q + ", " + c + ", 0");
    line("@" + q + " bra " + top);
    out_ << end << ":\n";
}

// Every thread stores a word to shared memory; after bar.sync each reads its neighbour's.
void Gen::shared_exchange() {
    line("mov.u32 %t3, sh");
    line("shl.b32 %t1, %tx, 2");
    line("add.u32 %t1, %t1, %t3");
    line("st.shared.u32 [%t1], " + r());
    line("bar.sync 0");
    line("add.u32 %t2, %tx, 1");
    line("rem.u32 %t2, %t2, %nx");
    line("shl.b32 %t2, %t2, 2");
    line("add.u32 %t2, %t2, %t3");
    line("ld.shared.u32 " + r() + ", [%t2]");
    line("bar.sync 0");
}

// Device functions the kernel calls (call.uni, clang's call sequence): an integer one with a branch, an f32 one and one
// of a 64-bit value, their bodies random straight-line code over their own registers.
void Gen::helper_body(int k) {
    const char* iops[] = {"add.s32", "xor.b32", "mul.lo.u32", "shl.b32", "min.s32", "sub.s32", "mul.hi.u32"};
    const char* fops[] = {"add.f32", "mul.rn.f32", "sub.rz.f32", "max.f32", "mul.rp.f32", "add.rm.f32"};
    const std::uint32_t n = 2 + pick(4);
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::string a = std::to_string(pick(3)), b = std::to_string(pick(3)), d = std::to_string(pick(3));
        if (k == 1)
            line(std::string(fops[pick(6)]) + " %hf" + d + ", %hf" + a + ", %hf" + b);
        else
            line(std::string(iops[pick(7)]) + " %h" + d + ", %h" + a + ", %h" + b);
    }
}

void Gen::helpers() {
    out_ << ".func (.param .b32 fz_r) fz_int(.param .b32 fz_a, .param .b32 fz_b)\n{\n"
         << "\t.reg .b32 %h<3>;\n\t.reg .pred %hp;\n";
    line("ld.param.b32 %h0, [fz_a]");
    line("ld.param.b32 %h1, [fz_b]");
    line("mov.b32 %h2, 7");
    helper_body(0);
    line("setp.lt.u32 %hp, %h0, %h1");
    line("@%hp bra $Lfz_skip");
    helper_body(0);
    out_ << "$Lfz_skip:\n";
    line("st.param.b32 [fz_r], %h2");
    line("ret");
    out_ << "}\n\n.func (.param .f32 fz_fr) fz_float(.param .f32 fz_x, .param .f32 fz_y)\n{\n"
         << "\t.reg .f32 %hf<3>;\n";
    line("ld.param.f32 %hf0, [fz_x]");
    line("ld.param.f32 %hf1, [fz_y]");
    line("mov.f32 %hf2, 0f3F800000");
    helper_body(1);
    line("st.param.f32 [fz_fr], %hf2");
    line("ret");
    out_ << "}\n\n.func (.param .b64 fz_wr) fz_wide(.param .b64 fz_w)\n{\n\t.reg .b64 %hw<2>;\n";
    line("ld.param.b64 %hw0, [fz_w]");
    line(std::string(chance(50) ? "mul.lo.s64" : "xor.b64") + " %hw1, %hw0, %hw0");
    line("add.s64 %hw1, %hw1, " + std::to_string(pick(1000)));
    line("st.param.b64 [fz_wr], %hw1");
    line("ret");
    out_ << "}\n\n";
}

// A call sequence as clang writes it: the arguments stored, call.uni, the result loaded (a guarded call: all three
// under the guard, so a skipped call leaves the destination as it was).
void Gen::call(const std::string& g) {
    out_ << "\t{\n";
    switch (pick(3)) {
        case 0:
            line(".param .b32 param0");
            line(".param .b32 param1");
            line(".param .b32 retval0");
            line(g + "st.param.b32 [param0+0], " + r());
            line(g + "st.param.b32 [param1+0], " + r());
            line(g + "call.uni (retval0), fz_int, (param0, param1)");
            line(g + "ld.param.b32 " + r() + ", [retval0+0]");
            break;
        case 1:
            line(".param .f32 param0");
            line(".param .f32 param1");
            line(".param .f32 retval0");
            line(g + "st.param.f32 [param0+0], " + f());
            line(g + "st.param.f32 [param1+0], " + f());
            line(g + "call.uni (retval0), fz_float, (param0, param1)");
            line(g + "ld.param.f32 " + f() + ", [retval0+0]");
            break;
        default:
            line(".param .b64 param0");
            line(".param .b64 retval0");
            line(g + "st.param.b64 [param0+0], " + rd());
            line(g + "call.uni (retval0), fz_wide, (param0)");
            line(g + "ld.param.b64 " + rd() + ", [retval0+0]");
            break;
    }
    out_ << "\t}\n";
}

void Gen::prologue() {
    out_ << ".version 7.0\n.target sm_30\n.address_size 32\n\n";
    helpers();
    out_ << ".visible .entry fuzz(.param .u32 in, .param .u32 out)\n{\n"
         << "\t.reg .pred %p<" << kPreds << ">;\n\t.reg .pred %q<" << kMaxDepth + 1 << ">;\n"
         << "\t.reg .b32 %r<" << kInts << ">;\n\t.reg .b32 %t<4>;\n\t.reg .b32 %c<" << kMaxDepth + 1 << ">;\n"
         << "\t.reg .b32 %in;\n\t.reg .b32 %out;\n\t.reg .b32 %tx;\n\t.reg .b32 %nx;\n\t.reg .b32 %gid;\n"
         << "\t.reg .f32 %f<" << kFloats << ">;\n\t.reg .f32 %ft0;\n\t.reg .b64 %rd<" << kWides << ">;\n"
         << "\t.reg .b64 %dt0;\n\t.shared .align 4 .b8 sh[384];\n\n";
    line("ld.param.u32 %in, [in]");
    line("ld.param.u32 %out, [out]");
    line("mov.u32 %tx, %tid.x");
    line("mov.u32 %nx, %ntid.x");
    line("mov.u32 %t0, %ctaid.x");
    line("mad.lo.u32 %gid, %t0, %nx, %tx");
    line("shl.b32 %t0, %gid, 5");
    line("add.u32 %in, %in, %t0");
    for (int k = 0; k < kInts; ++k)
        line("ld.global.u32 %r" + std::to_string(k) + ", [%in+" + std::to_string(4 * k) + "]");
    for (int k = 0; k < kFloats; ++k)
        line(std::string(chance(60) ? "mov.b32 %f" : "cvt.rn.f32.s32 %f") + std::to_string(k) + ", %r" +
             std::to_string(k));
    for (int k = 0; k < kWides; ++k)
        line("mov.b64 %rd" + std::to_string(k) + ", {%r" + std::to_string(k) + ", %r" + std::to_string(k + 3) + "}");
    for (int k = 0; k < kPreds; ++k)
        line("setp.lt.u32 %p" + std::to_string(k) + ", %r" + std::to_string(k + 4) + ", %r" + std::to_string(k));
}

void Gen::epilogue() {
    line("mul.lo.u32 %t0, %gid, " + std::to_string(kFuzzOutBytes));
    line("add.u32 %out, %out, %t0");
    for (int k = 0; k < kInts; ++k) line("st.global.u32 [%out+" + std::to_string(4 * k) + "], %r" + std::to_string(k));
    for (int k = 0; k < kFloats; ++k)
        line("st.global.f32 [%out+" + std::to_string(4 * (kInts + k)) + "], %f" + std::to_string(k));
    for (int k = 0; k < kWides; ++k)
        line("st.global.u64 [%out+" + std::to_string(4 * (kInts + kFloats) + 8 * k) + "], %rd" + std::to_string(k));
    line("ret");
    out_ << "}\n";
}

void Gen::statement(int depth) {
    const std::uint32_t k = pick(100);
    if (k < 22)
        int_op("");
    else if (k < 30)
        int_ternary("");
    else if (k < 34)
        div_op();
    else if (k < 50)
        float_op("");
    else if (k < 55)
        float_misc();
    else if (k < 63)
        wide_op();
    else if (k < 70)
        pred_op();
    else if (k < 76)
        conversion();
    else if (k < 80)
        int_op(guard());
    else if (k < 82)
        call(chance(20) ? guard() : "");
    else if (k < 86)
        float_op(guard());
    else if (k < 91 && depth < kMaxDepth)
        if_else(depth);
    else if (k < 95 && depth < kMaxDepth)
        loop(depth);
    else if (k < 98 && depth == 0)
        shared_exchange();
    else
        int_ternary(guard());
}

void Gen::block(int depth, int n) {
    for (int i = 0; i < n; ++i) statement(depth);
}

std::string Gen::kernel() {
    prologue();
    out_ << "\t// body\n";
    block(0, 10 + int(pick(30)));
    out_ << "\t// end of body\n";
    epilogue();
    return out_.str();
}

}  // namespace

std::string random_ptx_kernel(std::uint64_t seed) { return Gen(seed).kernel(); }

}  // namespace fgtlm::test
