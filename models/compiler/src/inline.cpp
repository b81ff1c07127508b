// Inlining of call/ret. Each inlined instance n renames the callee's registers (%r1 ->
// %i<n>.r1: a name no PTX register can have), labels and function-scope variables. A call sequence's parameters become
// registers ("slots", one per call-site parameter and byte offset): `st.param [param0+4], %r`
// is a mov into slot %s<tag>.param0.4, and the callee's `ld.param [f_param_0+4]` a mov out of
// it (retval likewise, the other way). `ret` in a callee is a branch to the end of its body.
#include "inline.hpp"

#include "lowering.hpp"
#include "ptx_parser.hpp"
#include "softfloat_ptx.hpp"

#include <algorithm>
#include <map>

namespace fgtlm::compiler {

namespace {

constexpr std::size_t kMaxDepth = 64;

struct Frame {
    int tag = 0;         // 0: the kernel itself
    int caller_tag = 0;  // the tag whose slots hold this instance's parameters and results
    std::map<std::string, std::string> params, results;  // callee name -> call-site name
    std::string end_label;
    // Inside a software function (softfloat): the line and text of the user's instruction it computes, which every
    // instruction of its body takes (line map, messages); 0 elsewhere.
    std::uint32_t site_line = 0;
    std::string site_text;
};

class Inliner {
public:
    Inliner(const PtxModule& m, const CompileOptions& o, PtxFunction& out, std::vector<std::string>* subs = nullptr)
        : mod_(m), opts_(o), out_(out), subs_(subs) {}
    void expand(const PtxFunction& f, const Frame& fr);
    void expand_inst(const PtxFunction& f, const Frame& fr, const PtxInst& in);
    void subroutine_entry(const std::string& callee);

private:
    [[noreturn]] void refuse(const PtxInst& in, const std::string& why) const {
        throw CompileError(in.line, opts_.file + ":" + std::to_string(in.line) + ": " + in.text + ": " + why);
    }
    std::string reg(const Frame& fr, const std::string& r) const {
        return fr.tag == 0 || r.empty() || is_special_register(r) ? r
                                                                  : "%i" + std::to_string(fr.tag) + "." + r.substr(1);
    }
    std::string label(const Frame& fr, const std::string& l) const {
        return fr.tag == 0 ? l : "$i" + std::to_string(fr.tag) + "." + l;
    }
    std::string var(const Frame& fr, const std::string& v) const {
        return fr.tag == 0 ? v : "__i" + std::to_string(fr.tag) + "." + v;
    }
    static std::string slot(int tag, const std::string& name, std::int64_t off) {
        return "%s" + std::to_string(tag) + "." + name + "." + std::to_string(off);
    }
    PtxInst renamed(const PtxFunction& f, const Frame& fr, PtxInst in) const;
    void param_access(const PtxFunction& f, const Frame& fr, const PtxInst& in);
    void call(const Frame& fr, const PtxInst& in);
    void call_subroutine(const Frame& fr, const PtxInst& in, const std::string& callee);
    bool software_float(const PtxFunction& f, const Frame& fr, const PtxInst& in);
    PtxInst slot_move(const PtxInst& in, const std::string& slot, const PtxOperand& val, bool store);
    void push(PtxInst in) {
        PtxStmt s;
        s.inst = std::move(in);
        out_.body.push_back(std::move(s));
    }

    const PtxModule& mod_;
    const CompileOptions& opts_;
    PtxFunction& out_;
    std::vector<std::string> stack_;
    std::map<std::string, bool> stored_;  // slots written so far
    int counter_ = 0;
    std::vector<std::string>* subs_;  // float_subroutines: the software functions called
};

bool is_local_var(const PtxFunction& f, const std::string& name) {
    for (const PtxVar& v : f.vars)
        if (v.name == name) return true;
    return false;
}

PtxInst Inliner::renamed(const PtxFunction& f, const Frame& fr, PtxInst in) const {
    if (!in.guard.empty()) in.guard = reg(fr, in.guard);
    for (PtxOperand& o : in.ops) {
        if (o.kind == PtxOperand::Kind::Reg || (o.kind == PtxOperand::Kind::Mem && o.base_is_reg))
            o.name = reg(fr, o.name);
        else if (o.kind == PtxOperand::Kind::Vec)
            for (std::string& e : o.elems) e = reg(fr, e);
        else if ((o.kind == PtxOperand::Kind::Sym || o.kind == PtxOperand::Kind::Mem) && in.opcode == "bra")
            o.name = label(fr, o.name);
        else if ((o.kind == PtxOperand::Kind::Sym || o.kind == PtxOperand::Kind::Mem) && is_local_var(f, o.name))
            o.name = var(fr, o.name);
    }
    return in;
}

PtxOperand reg_operand(const std::string& name) {
    PtxOperand o;
    o.name = name;
    return o;
}

// A store into a slot is a mov; a load from it a mov (32/64-bit) or a cvt that extends the
// narrow value as the load's type says.
PtxInst Inliner::slot_move(const PtxInst& in, const std::string& slot, const PtxOperand& val, bool store) {
    PtxInst m;
    m.line = in.line;
    m.text = in.text;
    m.guard = in.guard;
    m.guard_negated = in.guard_negated;
    const std::string t = in.type();
    const std::uint32_t size = ptx_type_size(t);
    m.opcode = "mov";
    m.mods = {size == 8 ? "b64" : "b32"};
    if (store) {
        stored_[slot] = true;
        m.ops = {reg_operand(slot), val};
        return m;
    }
    if (!stored_.count(slot)) refuse(in, "reads call parameter bytes the caller did not store as such (" + slot + ")");
    m.ops = {val, reg_operand(slot)};
    if (size <= 4 && t[0] != 'f') {  // the load's type extends the value (also into a 64-bit register)
        m.opcode = "cvt";
        m.mods = {t[0] == 's' ? "s32" : "u32", t[0] == 's' ? t : "u" + t.substr(1)};
    }
    return m;
}

void Inliner::param_access(const PtxFunction& f, const Frame& fr, const PtxInst& raw) {
    const bool store = raw.opcode == "st";
    const PtxInst in = renamed(f, fr, raw);
    if (in.ops.size() != 2 || in.ops[store ? 0 : 1].kind != PtxOperand::Kind::Mem)
        refuse(in, "expected [param], value");
    const PtxOperand &mem = in.ops[store ? 0 : 1], &val = in.ops[store ? 1 : 0];
    int tag = fr.tag;
    std::string name = mem.name;
    if (const auto p = fr.params.find(name); p != fr.params.end()) {
        if (store) refuse(in, "a store into the function's own parameter");
        tag = fr.caller_tag, name = p->second;
    } else if (const auto r = fr.results.find(name); r != fr.results.end()) {
        tag = fr.caller_tag, name = r->second;
    } else if (fr.tag == 0 && !store) {
        for (const PtxParam& q : f.params)
            if (q.name == name) return push(in);  // the kernel's own parameter
    }
    const std::uint32_t size = ptx_type_size(in.type());
    if (size == 0) refuse(in, "unknown parameter type");
    const std::vector<std::string> elems = val.kind == PtxOperand::Kind::Vec ? val.elems : std::vector<std::string>{};
    if (elems.empty()) return push(slot_move(in, slot(tag, name, mem.imm), val, store));
    for (std::size_t k = 0; k < elems.size(); ++k)
        push(slot_move(in, slot(tag, name, mem.imm + std::int64_t(k * size)), reg_operand(elems[k]), store));
}

PtxInst branch_to(const PtxInst& at, const std::string& target) {
    PtxInst b;
    b.line = at.line;
    b.text = at.text;
    b.opcode = "bra";
    PtxOperand t;
    t.kind = PtxOperand::Kind::Sym;
    t.name = target;
    b.ops = {t};
    return b;
}

// The software float functions (softfloat_ptx.cpp), parsed once: round to nearest, and the directed roundings.
const PtxModule& softfloat_module() {
    static const PtxModule m = parse_ptx(kSoftfloatPtx);
    return m;
}
const PtxModule& softfloat_directed_module() {
    static const PtxModule m = parse_ptx(kSoftfloatDirectedPtx);
    return m;
}

const PtxFunction* find_body(const PtxModule& m, const std::string& name) {
    const PtxFunction* found = nullptr;
    for (const PtxModule* mod : {&m, &softfloat_module(), &softfloat_directed_module()})
        for (const PtxFunction& g : mod->functions)
            if (!g.is_entry && g.name == name && (found == nullptr || !g.body.empty())) found = &g;
    return found;
}

PtxOperand vec_operand(std::vector<std::string> elems) {
    PtxOperand o;
    o.kind = PtxOperand::Kind::Vec;
    o.elems = std::move(elems);
    return o;
}

PtxInst mov_b32(const PtxInst& at, PtxOperand d, PtxOperand s, bool wide = false) {
    PtxInst m;
    m.line = at.line;
    m.text = at.text;
    m.opcode = "mov";
    m.mods = {wide ? "b64" : "b32"};
    m.ops = {std::move(d), std::move(s)};
    return m;
}

// "rz", "rm" or "rp" for a directed rounding modifier, else "".
std::string directed_rounding(const PtxInst& in) {
    for (const char* m : {"rz", "rm", "rp"})
        if (in.has(m)) return m;
    return "";
}

// The software function for a cvt between f32 and an integer, or "": f32 -> s32/u32/s64/u64 with .rni/.rzi/.rmi/
// .rpi (PTX clamps out-of-range values and gives 0 for NaN; F2I alone does neither), f32 -> f32 rounded to an
// integral value, s64/u64 -> f32 (.rn) and s32/u32/s64/u64 -> f32 rounded .rz/.rm/.rp (8/16-bit sources are exact).
std::string software_convert(const PtxInst& in) {
    const std::string dt = in.type2(), st = in.type();
    if (in.has("demoted")) {  // --demote-f64 (demote_f64.cpp): a double's bits <-> the f32 a demoted register holds
        if (dt == "f32" && st == "f64") return "__fgtlm_cvt_f32_f64bits";
        if (dt == "f64" && st == "f32") return "__fgtlm_cvt_f64bits_f32";
    }
    if (st == "f32" && (dt == "f32" || dt == "s32" || dt == "u32" || dt == "s64" || dt == "u64"))
        for (const char* mode : {"rni", "rzi", "rmi", "rpi"})
            if (in.has(mode))
                return std::string("__fgtlm_cvt_") + mode + (in.has("ftz") ? "_ftz" : "") + "_" + dt + "_f32";
    if (dt == "f32" && (st == "s64" || st == "u64") && in.has("rn")) return "__fgtlm_cvt_rn_f32_" + st;
    const std::string dir = directed_rounding(in);
    if (dt == "f32" && !dir.empty() && (st == "s32" || st == "u32" || st == "s64" || st == "u64"))
        return "__fgtlm_cvt_" + dir + "_f32_" + st;
    return "";
}

// The software function that computes `in`, or "" when the FPU/SFU lowering does: div.rn, rcp.rn, sqrt.rn and
// fma.rn/mad.rn .f32 (no .ftz) and the conversions above always; add/sub/mul.f32 (round to nearest, .ftz too) through
// a wrapper that takes the FPU for operands in its IEEE domain (softfloat.cu); add/sub/mul/fma/mad .rz/.rm/.rp (.ftz
// too) always in software (softfloat_directed.cu). Nothing inside the software functions themselves (`f`): their
// add/sub/mul and inline cvt are those FPU fast paths.
std::string software_function(const PtxFunction& f, const PtxInst& in) {
    if (f.name.rfind("__fgtlm_", 0) == 0 || in.has("fpu")) return "";  // "fpu": --f32 fpu (fpu_f32.cpp)
    const std::string& op = in.opcode;
    if (op == "cvt") return software_convert(in);
    if (in.type() != "f32") return "";
    const std::string dir = directed_rounding(in), ftz = in.has("ftz") ? "_ftz" : "";
    if (!dir.empty() && (op == "add" || op == "sub" || op == "mul" || op == "fma" || op == "mad"))
        return "__fgtlm_" + (op == "mad" ? std::string("fma") : op) + "_" + dir + ftz + "_f32";
    if (op == "add" || op == "sub" || op == "mul") return "__fgtlm_" + op + ftz + "_f32";
    if (!in.has("rn")) return "";
    if (op == "div" || op == "rcp") return "__fgtlm_div_rn_f32";
    if (op == "sqrt") return "__fgtlm_sqrt_rn_f32";
    if (op == "fma" || op == "mad") return "__fgtlm_fma_rn_f32";
    return "";
}

// An f32 instruction computed by a software function (software_function): a call, inlined like any call, and the
// result moved (and saturated) under the instruction's guard. Returns false for every other instruction.
bool Inliner::software_float(const PtxFunction& f, const Frame& fr, const PtxInst& in) {
    const std::string callee = software_function(f, in);
    if (callee.empty()) return false;
    const bool rcp = in.opcode == "rcp", fma = in.opcode == "fma" || in.opcode == "mad",
               arith = callee.find("_rn_") == std::string::npos;  // add/sub/mul and the directed roundings
    if (!arith && (in.has("ftz") || in.has("sat"))) refuse(in, ".rn with .ftz or .sat is not supported");
    const bool unary = rcp || in.opcode == "sqrt" || in.opcode == "cvt";
    if (in.ops.size() != (fma ? 4u : unary ? 2u : 3u)) refuse(in, "wrong operand count");
    const PtxInst r = renamed(f, fr, in);
    std::vector<PtxOperand> args(r.ops.begin() + 1, r.ops.end());
    if (rcp) {
        PtxOperand one;
        one.kind = PtxOperand::Kind::FImm;
        one.fbits = 0x3f800000u;
        args.insert(args.begin(), one);
    }
    PtxInst c = in;
    c.opcode = "call";
    c.mods = {"uni"};
    c.ops = {vec_operand({"__sf_ret"}), PtxOperand{}, vec_operand({})};
    c.ops[1].kind = PtxOperand::Kind::Sym;
    c.ops[1].name = callee;
    for (std::size_t k = 0; k < args.size(); ++k) {
        const std::string name = "__sf_arg" + std::to_string(k);
        stored_[slot(fr.tag, name, 0)] = true;
        push(mov_b32(in, reg_operand(slot(fr.tag, name, 0)), args[k], ptx_type_size(in.type()) == 8));
        c.ops[2].elems.push_back(name);
    }
    if (opts_.float_subroutines)
        call_subroutine(fr, c, callee);
    else
        call(fr, c);
    const bool wide_result = in.opcode == "cvt" && ptx_type_size(in.type2()) == 8;
    PtxInst result = mov_b32(in, r.ops[0], reg_operand(slot(fr.tag, "__sf_ret", 0)), wide_result);
    result.guard = r.guard;
    result.guard_negated = r.guard_negated;
    if (in.has("sat") && (in.opcode == "cvt" ? in.type2() : in.type()) == "f32") {  // clamp to [0, 1] as cvt.sat does
        result.opcode = "cvt";
        result.mods = {"sat", "f32", "f32"};
    }
    push(result);
    return true;
}

// call[.uni] [(results),] name[, (arguments)]
void Inliner::call(const Frame& fr, const PtxInst& in) {
    std::size_t i = 0;
    const PtxOperand* rets = nullptr;
    const PtxOperand* args = nullptr;
    if (in.ops.size() > 1 && in.ops[0].kind == PtxOperand::Kind::Vec) rets = &in.ops[i++];
    if (i >= in.ops.size() || in.ops[i].kind != PtxOperand::Kind::Sym)
        refuse(in, "indirect calls (through a register) are not supported");
    const std::string name = in.ops[i++].name;
    if (i < in.ops.size() && in.ops[i].kind == PtxOperand::Kind::Vec) args = &in.ops[i++];
    if (i < in.ops.size()) refuse(in, "a call with a prototype (an indirect call) is not supported");
    const PtxFunction* g = find_body(mod_, name);
    if (g == nullptr || g->body.empty()) refuse(in, "function " + name + " has no body in this file");
    if (std::find(stack_.begin(), stack_.end(), name) != stack_.end())
        refuse(in,
               "recursive call of " + name + ": calls are inlined (SM_1.0 has no call stack), so recursion is refused");
    if (stack_.size() >= kMaxDepth) refuse(in, "calls nested deeper than " + std::to_string(kMaxDepth));
    if (g->params.size() != (args ? args->elems.size() : 0) || g->results.size() != (rets ? rets->elems.size() : 0))
        refuse(in, "the call's parameter count does not match " + name);
    Frame nf;
    nf.tag = ++counter_;
    nf.caller_tag = fr.tag;
    nf.end_label = "$i" + std::to_string(nf.tag) + ".end";
    nf.site_line = fr.site_line, nf.site_text = fr.site_text;
    if (nf.site_line == 0 && name.rfind("__fgtlm_", 0) == 0) nf.site_line = in.line, nf.site_text = in.text;
    for (std::size_t k = 0; k < g->params.size(); ++k) nf.params[g->params[k].name] = args->elems[k];
    for (std::size_t k = 0; k < g->results.size(); ++k) nf.results[g->results[k].name] = rets->elems[k];
    for (PtxRegDecl d : g->regs) out_.regs.push_back((d.prefix = reg(nf, d.prefix), d));
    for (PtxVar v : g->vars) out_.vars.push_back((v.name = var(nf, v.name), v));
    if (!in.guard.empty()) {  // a guarded call: branch around the body
        PtxInst skip = branch_to(in, nf.end_label);
        skip.guard = reg(fr, in.guard);
        skip.guard_negated = !in.guard_negated;
        push(skip);
    }
    stack_.push_back(name);
    expand(*g, nf);
    stack_.pop_back();
    PtxStmt end;
    end.label = nf.end_label;
    out_.body.push_back(end);
}

// A software float function called as a subroutine: `call.sub (result words), callee, (argument words)` over the
// call-site slots (lowered to moves into the subroutine's registers and a CAL), skipped under a false guard as an
// inlined call is.
void Inliner::call_subroutine(const Frame& fr, const PtxInst& in, const std::string& callee) {
    const SubroutineWords w = subroutine_words(mod_, callee, fr.tag);
    PtxInst c = in;
    c.mods = {"sub"};
    c.guard.clear();
    c.guard_negated = false;
    c.ops = {vec_operand(w.result), in.ops[1], vec_operand(w.args)};
    const std::string end = "$sub" + std::to_string(++counter_) + ".end";
    if (!in.guard.empty()) {
        PtxInst skip = branch_to(in, end);
        skip.guard = reg(fr, in.guard);
        skip.guard_negated = !in.guard_negated;
        push(skip);
    }
    push(c);
    PtxStmt l;
    l.label = end;
    out_.body.push_back(l);
    if (subs_ && std::find(subs_->begin(), subs_->end(), callee) == subs_->end()) subs_->push_back(callee);
}

// The body of subroutine `callee`: its call from a frame of tag 0 whose argument slots hold the arguments.
void Inliner::subroutine_entry(const std::string& callee) {
    const PtxFunction* g = find_body(mod_, callee);
    PtxInst c;
    c.opcode = "call";
    c.mods = {"uni"};
    c.text = "call.uni " + callee;
    PtxOperand name;
    name.kind = PtxOperand::Kind::Sym;
    name.name = callee;
    std::vector<std::string> args;
    for (std::size_t k = 0; k < g->params.size(); ++k) {
        args.push_back("__sf_arg" + std::to_string(k));
        stored_[slot(0, args.back(), 0)] = true;
    }
    c.ops = {vec_operand({"__sf_ret"}), name, vec_operand(args)};
    call(Frame{}, c);
}

void Inliner::expand(const PtxFunction& f, const Frame& fr) {
    for (const PtxStmt& s : f.body) {
        if (!s.label.empty()) {
            PtxStmt l;
            l.label = label(fr, s.label);
            out_.body.push_back(l);
            continue;
        }
        const PtxInst& in = s.inst;
        const std::size_t first = out_.body.size();
        expand_inst(f, fr, in);
        if (fr.site_line == 0) continue;
        for (std::size_t k = first; k < out_.body.size(); ++k)
            if (out_.body[k].label.empty())
                out_.body[k].inst.line = fr.site_line, out_.body[k].inst.text = fr.site_text;
    }
}

void Inliner::expand_inst(const PtxFunction& f, const Frame& fr, const PtxInst& in) {
    if (in.opcode == "call") {
        call(fr, in);
    } else if (software_float(f, fr, in)) {
    } else if ((in.opcode == "ld" || in.opcode == "st") && in.has("param")) {
        param_access(f, fr, in);
    } else if (in.opcode == "ret" && fr.tag != 0) {  // the end of the inlined body
        PtxInst b = branch_to(in, fr.end_label);
        b.guard = reg(fr, in.guard);
        b.guard_negated = in.guard_negated;
        push(b);
    } else {
        push(renamed(f, fr, in));
    }
}

}  // namespace

PtxFunction inline_calls(const PtxModule& m, const PtxFunction& entry, const CompileOptions& opts,
                         std::vector<std::string>* subroutines) {
    PtxFunction out = entry;
    out.body.clear();
    Inliner inl(m, opts, out, subroutines);
    inl.expand(entry, Frame{});
    return out;
}

PtxFunction subroutine_body(const PtxModule& m, const std::string& callee, const CompileOptions& opts) {
    PtxFunction out;
    out.name = callee;
    CompileOptions inlined = opts;
    inlined.float_subroutines = false;
    Inliner inl(m, inlined, out);
    inl.subroutine_entry(callee);
    return out;
}

SubroutineWords subroutine_words(const PtxModule& m, const std::string& callee, int tag) {
    const PtxFunction* g = find_body(m, callee);
    if (g == nullptr || g->results.size() != 1)
        throw CompileError(0, "internal error: software function " + callee + " not found or not one result");
    SubroutineWords w;
    auto words = [&](std::vector<std::string>& out, const std::string& name, const PtxParam& p) {
        const std::string s = "%s" + std::to_string(tag) + "." + name + ".0";
        out.push_back(s);
        if (p.size == 8) out.push_back(s + ".hi");
    };
    for (std::size_t k = 0; k < g->params.size(); ++k) words(w.args, "__sf_arg" + std::to_string(k), g->params[k]);
    words(w.result, "__sf_ret", g->results[0]);
    return w;
}

}  // namespace fgtlm::compiler
