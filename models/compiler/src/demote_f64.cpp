// --demote-f64 (as nvcc did for sm_1x: "Double is not supported. Demoting to float"): a PTX rewrite before inlining.
// Every .f64 register holds an f32 and every .f64 operation is its .f32 form (0d immediates rounded to nearest);
// double parameters of kernels and device functions become .f32 parameters. Doubles in memory stay IEEE doubles: a
// load (or a bit-cast mov.b64 from integer bits, which is how clang loads an unaligned double) converts the double
// to the nearest f32, a store (or a bit-cast to integer bits) widens the f32 exactly (softfloat_directed.cu,
// __fgtlm_cvt_f32_f64bits / __fgtlm_cvt_f64bits_f32, through cvt.demoted, which only this pass writes).
#include "demote_f64.hpp"

#include <algorithm>
#include <cctype>

namespace fgtlm::compiler {

namespace {

[[noreturn]] void refuse(const PtxInst& in, const std::string& why) {
    throw CompileError(in.line, "line " + std::to_string(in.line) + ": " + in.text + ": " + why);
}

class Demoter {
public:
    explicit Demoter(PtxFunction& f) : f_(f) {}
    std::uint32_t run();

private:
    bool is_double(const PtxOperand& o) const;
    bool involves_double(const PtxInst& in) const;
    std::string temp();
    PtxInst derived(const PtxInst& in, const std::string& opcode, std::vector<std::string> mods,
                    std::vector<PtxOperand> ops) const;
    void emit(PtxInst in) {  // a 0d immediate left is an f32 now
        for (PtxOperand& o : in.ops) o.from_double = false;
        out_.push_back(PtxStmt{"", std::move(in)});
    }
    void rewrite(const PtxInst& in);
    void bit_cast(const PtxInst& in);
    void memory(const PtxInst& in);
    void convert(const PtxInst& in);

    PtxFunction& f_;
    std::vector<PtxStmt> out_;
    int temps_ = 0;
    std::uint32_t first_ = 0;
};

PtxOperand reg_op(const std::string& name) {
    PtxOperand o;
    o.name = name;
    return o;
}

std::vector<std::string> with_type(std::vector<std::string> mods, const std::string& from, const std::string& to) {
    for (std::string& m : mods)
        if (m == from) m = to;
    return mods;
}

bool Demoter::is_double(const PtxOperand& o) const {
    if (o.kind == PtxOperand::Kind::FImm) return o.from_double;
    if (o.kind != PtxOperand::Kind::Reg) return false;
    for (const PtxRegDecl& d : f_.regs) {
        if (d.type != "f64") continue;
        if (d.count == 0 && o.name == d.prefix) return true;
        const std::string rest = o.name.substr(std::min(o.name.size(), d.prefix.size()));
        if (d.count != 0 && o.name.rfind(d.prefix, 0) == 0 && !rest.empty() &&
            std::all_of(rest.begin(), rest.end(), [](char ch) { return std::isdigit(unsigned(ch)) != 0; }))
            return true;
    }
    return false;
}

bool Demoter::involves_double(const PtxInst& in) const {
    if (std::find(in.mods.begin(), in.mods.end(), "f64") != in.mods.end()) return true;
    for (const PtxOperand& o : in.ops) {
        if (is_double(o)) return true;
        if (o.kind == PtxOperand::Kind::Vec)
            for (const std::string& e : o.elems)
                if (is_double(reg_op(e))) return true;
    }
    return false;
}

std::string Demoter::temp() {
    const std::string name = "%__demoted" + std::to_string(temps_++);
    f_.regs.push_back(PtxRegDecl{"b64", name, 0});
    return name;
}

PtxInst Demoter::derived(const PtxInst& in, const std::string& opcode, std::vector<std::string> mods,
                         std::vector<PtxOperand> ops) const {
    PtxInst d = in;
    d.opcode = opcode;
    d.mods = std::move(mods);
    d.ops = std::move(ops);
    return d;
}

// mov.b64 between a double and anything else is a bit-cast: the double's IEEE bits, converted.
void Demoter::bit_cast(const PtxInst& in) {
    if (in.ops.size() != 2) refuse(in, "mov needs two operands");
    const PtxOperand &d = in.ops[0], &s = in.ops[1];
    const bool dd = is_double(d), sd = is_double(s);
    if (dd && sd) return emit(derived(in, "mov", {"f32"}, in.ops));
    if (d.kind == PtxOperand::Kind::Vec && !dd && !sd) refuse(in, "a demoted double unpacked in parts");
    const std::string t = temp();
    if (dd) {  // integer bits -> double
        emit(derived(in, "mov", {"b64"}, {reg_op(t), s}));
        return emit(derived(in, "cvt", {"demoted", "f32", "f64"}, {d, reg_op(t)}));
    }
    emit(derived(in, "cvt", {"demoted", "f64", "f32"}, {reg_op(t), s}));  // double -> integer bits
    emit(derived(in, "mov", {"b64"}, {d, reg_op(t)}));
}

// ld/st of doubles: parameters are f32 now; other spaces hold IEEE doubles, converted on the way.
void Demoter::memory(const PtxInst& in) {
    const bool load = in.opcode == "ld";
    if (in.ops.size() != 2) refuse(in, "expected two operands");
    if (in.has("param"))
        return emit(derived(in, in.opcode, with_type(with_type(in.mods, "f64", "f32"), "b64", "f32"), in.ops));
    const PtxOperand& value = in.ops[load ? 0 : 1];
    std::vector<std::string> names = value.kind == PtxOperand::Kind::Vec ? value.elems : std::vector<std::string>{};
    if (value.kind != PtxOperand::Kind::Vec) names.push_back(value.kind == PtxOperand::Kind::Reg ? value.name : "");
    std::vector<std::string> temps;
    PtxOperand bits = value;
    for (std::size_t k = 0; k < names.size(); ++k) {
        const PtxOperand v = value.kind == PtxOperand::Kind::Vec ? reg_op(names[k]) : value;
        if (!is_double(v)) refuse(in, "a double access mixing doubles and other values");
        temps.push_back(temp());
        if (!load) emit(derived(in, "cvt", {"demoted", "f64", "f32"}, {reg_op(temps.back()), v}));
    }
    if (value.kind == PtxOperand::Kind::Vec)
        bits.elems = temps;
    else
        bits = reg_op(temps[0]);
    std::vector<PtxOperand> ops = in.ops;
    ops[load ? 0 : 1] = bits;
    emit(derived(in, in.opcode, with_type(in.mods, "f64", "b64"), ops));
    if (load)
        for (std::size_t k = 0; k < names.size(); ++k)
            emit(derived(in, "cvt", {"demoted", "f32", "f64"}, {reg_op(names[k]), reg_op(temps[k])}));
}

// cvt: between f32 and a demoted double a move; f64 -> f64 rounding to an integral value stays (in f32); integer
// conversions take the f32 form.
void Demoter::convert(const PtxInst& in) {
    const std::string dt = in.type2(), st = in.type();
    if ((dt == "f64" && (st == "f32" || st == "f64")) || (dt == "f32" && st == "f64")) {
        const bool integral = in.has("rni") || in.has("rzi") || in.has("rmi") || in.has("rpi");
        if (!(dt == "f64" && st == "f64" && integral)) return emit(derived(in, "mov", {"f32"}, in.ops));
    }
    emit(derived(in, "cvt", with_type(in.mods, "f64", "f32"), in.ops));
}

void Demoter::rewrite(const PtxInst& in) {
    if (!involves_double(in)) return emit(in);
    if (first_ == 0) first_ = in.line;
    const std::string& op = in.opcode;
    if (op == "mov" && !in.has("f64")) return bit_cast(in);
    if (op == "ld" || op == "st") return memory(in);
    if (op == "cvt") return convert(in);
    if (!in.has("f64")) refuse(in, "a demoted double (--demote-f64) used as 64 integer bits");
    emit(derived(in, op, with_type(in.mods, "f64", "f32"), in.ops));
}

// Double parameters become f32 ones; the offsets follow (4-byte aligned).
void demote_params(std::vector<PtxParam>& params) {
    std::uint32_t offset = 0;
    for (PtxParam& p : params) {
        if (p.type == "f64") p.type = "f32", p.size = 4;
        const std::uint32_t align = std::min<std::uint32_t>(p.size, 4);
        offset = (offset + align - 1) / align * align;
        p.offset = offset;
        offset += p.size;
    }
}

std::uint32_t Demoter::run() {
    const std::vector<PtxStmt> body = std::move(f_.body);
    for (const PtxStmt& s : body) {
        if (s.label.empty())
            rewrite(s.inst);
        else
            out_.push_back(s);
    }
    f_.body = std::move(out_);
    for (PtxRegDecl& d : f_.regs)
        if (d.type == "f64") d.type = "f32";
    const auto has_double = [](const std::vector<PtxParam>& v) {
        return std::any_of(v.begin(), v.end(), [](const PtxParam& p) { return p.type == "f64"; });
    };
    if (first_ == 0 && (has_double(f_.params) || has_double(f_.results))) first_ = f_.line;
    demote_params(f_.params);
    demote_params(f_.results);
    return first_;
}

}  // namespace

std::uint32_t demote_f64(PtxModule& m) {
    std::uint32_t first = 0;
    for (PtxFunction& f : m.functions) {
        const std::uint32_t line = Demoter(f).run();
        if (line != 0 && (first == 0 || line < first)) first = line;
    }
    return first;
}

}  // namespace fgtlm::compiler
