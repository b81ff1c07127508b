// The compiler driver: lays out symbols (parameters and __shared__ data in the block's shared
// window, .global/.const data in global memory at the data base), then runs the passes for
// every .entry: lowering -> structurisation -> register allocation -> emission.
#include <fgtlm/compiler/module.hpp>

#include "emit.hpp"
#include "demote_f64.hpp"
#include "fpu_f32.hpp"
#include "peephole.hpp"
#include "inline.hpp"
#include "lowering.hpp"
#include "regalloc.hpp"
#include "structurize.hpp"

namespace fgtlm::compiler {

namespace {

std::uint32_t align_up(std::uint32_t x, std::uint32_t a) { return a == 0 ? x : (x + a - 1) / a * a; }

void place_data(const PtxModule& p, Module& m, SymbolLayout& layout, const CompileOptions& opts) {
    for (const PtxVar& v : p.vars) {
        if (v.space == "shared") continue;
        if (v.is_extern)
            throw CompileError(v.line, opts.file + ":" + std::to_string(v.line) + ": extern ." + v.space +
                                           " variable " + v.name + " is not defined in this file");
        const std::uint32_t off = align_up(std::uint32_t(m.data.size()), std::max<std::uint32_t>(v.align, 4));
        m.data.resize(off, 0);
        m.data.insert(m.data.end(), v.init.begin(), v.init.end());
        m.data.resize(off + v.size, 0);
        layout.global[v.name] = m.data_base + off;
        m.symbols.push_back({v.name, v.space, m.data_base + off, v.size});
    }
}

// Shared window: 16-byte header, parameters, then static __shared__ data, then extern arrays.
void place_shared(const PtxModule& p, const PtxFunction& f, SymbolLayout& layout, KernelCode& k,
                  std::uint32_t spill_slots) {
    std::uint32_t param_bytes = 0;
    for (const PtxParam& q : f.params) {
        layout.params[q.name] = q;
        k.params.push_back({q.name, q.type, q.offset, q.size});
        param_bytes = std::max(param_bytes, q.offset + q.size);
    }
    std::uint32_t at = align_up(16 + param_bytes, 16);
    k.static_shared_base = at;
    std::vector<const PtxVar*> dynamic;
    auto add = [&](const PtxVar& v) {
        if (v.space != "shared") return;
        if (v.is_extern || v.size == 0) return dynamic.push_back(&v);
        at = align_up(at, std::max<std::uint32_t>(v.align, 4));
        layout.shared[v.name] = at;
        at += v.size;
    };
    for (const PtxVar& v : p.vars) add(v);
    for (const PtxVar& v : f.vars) add(v);
    at = align_up(at, 16);
    k.dynamic_shared_base = at;
    k.local_shared_base = at;
    for (const PtxVar* v : dynamic) layout.shared[v->name] = at;
    for (const PtxVar& v : f.vars) {
        if (v.space != "local") continue;
        k.local_bytes = align_up(k.local_bytes, std::max<std::uint32_t>(v.align, 4));
        layout.local[v.name] = k.local_bytes;
        k.local_bytes = align_up(k.local_bytes + v.size, 4);
    }
    layout.spill_offset = k.local_bytes;  // spill slots after the local arrays (spill.cpp)
    layout.spill_slots = spill_slots;
    k.local_bytes += 4 * spill_slots;
    layout.local_bytes = k.local_bytes;
    layout.local_base = at;
    if (k.local_bytes != 0 && !dynamic.empty())
        throw CompileError(f.line, "kernel " + f.name +
                                       ": local arrays or spilled registers together with extern __shared__ arrays are "
                                       "not supported yet (both live at the end of the shared window)");
    k.shared_bytes = at - 16;
}

constexpr std::size_t kInstructionMemoryWords = 64 * 1024 / 4;

// A software float function compiled once (float_subroutines): lowered, structured and allocated onto R1.. with
// no spilling (the kernel's values live above it), its blocks renamed apart from the kernel's.
struct Subroutine {
    MFunction mf;
    std::vector<int> order;
    Allocation a;
};

Subroutine compile_subroutine(const PtxModule& p, const std::string& name, std::size_t index,
                              const SymbolLayout& global, const CompileOptions& opts, SubroutineAbi& abi) {
    const PtxFunction body = subroutine_body(p, name, opts);
    const SubroutineWords w = subroutine_words(p, name, 0);
    SymbolLayout layout = global;
    layout.spill_slots = 0;
    Lowerer low(body, layout, opts);
    Subroutine s{low.run(), {}, {}};
    s.mf.name = name;
    s.mf.label_prefix = "SUB" + std::to_string(index) + "_";
    for (MBlock& b : s.mf.blocks) b.name = s.mf.label_prefix + b.name;
    for (const std::string& r : w.result) s.mf.live_out.push_back(low.find_vreg(r));
    s.order = structurize(s.mf);
    s.a = allocate_registers(s.mf, s.order, int(opts.max_regs), std::vector<bool>(std::size_t(s.mf.num_vregs), false));
    if (!s.a.spill.empty())
        throw CompileError(0, "software float subroutine " + name + " needs more than --max-regs registers");
    // Nothing is saved around a CAL: the kernel's registers lie above these, and the function must not touch memory,
    // address registers (the spill base A2/A3) or barriers.
    for (const MBlock& b : s.mf.blocks)
        for (const MInst& m : b.insts)
            for (const char* x : {"g[", "g [", "global", "R2A", "A2R", "BAR", "CAL"})
                if (m.text.find(x) != std::string::npos)
                    throw CompileError(0, "internal error: software float subroutine " + name + " uses " + x);
    abi.label = s.mf.blocks[std::size_t(s.order.front())].name;
    const auto phys = [&](int v) { return v < 0 ? -1 : s.a.phys[std::size_t(v)]; };
    for (const std::string& r : w.args) abi.args.push_back(phys(low.find_vreg(r)));
    for (const std::string& r : w.result) abi.result.push_back(phys(low.find_vreg(r)));
    return s;
}

// One attempt with `spill_slots` slots reserved in the local window; `needed` returns how
// many the allocation used (more than reserved: the caller compiles again with that many).
// `subs` (float_subroutines) follow the kernel in the code; the kernel's registers start above theirs.
KernelCode compile_attempt(const PtxModule& p, const PtxFunction& f, const SymbolLayout& global,
                           const CompileOptions& opts, std::uint32_t spill_slots, std::uint32_t& needed,
                           const std::vector<Subroutine>& subs) {
    KernelCode k;
    k.name = f.name;
    SymbolLayout layout = global;
    place_shared(p, f, layout, k, spill_slots);
    Lowerer low(f, layout, opts);
    MFunction mf = low.run();
    peephole(mf);
    const std::vector<int> order = structurize(mf);
    int slots = 0, first_reg = 1;
    for (const Subroutine& s : subs) first_reg = std::max(first_reg, s.a.regs_used);
    const Allocation a = allocate_with_spills(mf, order, int(opts.max_regs), slots, first_reg);
    needed = std::uint32_t(slots);
    if (needed > spill_slots) return k;
    k.regs = std::uint32_t(std::max(a.regs_used, first_reg));
    std::vector<EmitPart> parts{EmitPart{&mf, &order, &a}};
    for (const Subroutine& s : subs) parts.push_back(EmitPart{&s.mf, &s.order, &s.a});
    emit_program(parts, k);
    return k;
}

KernelCode compile_kernel_as(const PtxModule& p, const PtxFunction& entry, const SymbolLayout& base,
                             const CompileOptions& opts) {
    std::vector<std::string> names;
    const PtxFunction f = inline_calls(p, entry, opts, &names);
    SymbolLayout global = base;
    std::vector<Subroutine> subs;
    for (std::size_t i = 0; i < names.size(); ++i)
        subs.push_back(compile_subroutine(p, names[i], i, base, opts, global.subroutines[names[i]]));
    for (const PtxVar& v : f.vars)
        if (v.space != "shared" && v.space != "local")
            throw CompileError(v.line, opts.file + ":" + std::to_string(v.line) + ": ." + v.space + " variable " +
                                           v.name + " in a function is not supported yet");
    // Spilling needs the spill base set at the entry, so a kernel that spills is compiled again
    // with the slots reserved (the new code may spill a little differently: a few rounds).
    std::uint32_t reserved = 0, needed = 0;
    for (int attempt = 0; attempt < 4; ++attempt) {
        KernelCode k = compile_attempt(p, f, global, opts, reserved, needed, subs);
        if (needed <= reserved) return k;
        reserved = needed;
    }
    throw CompileError(f.line, opts.file + ": kernel " + f.name + ": the number of spill slots does not settle");
}

// Inlined software float functions unless asked otherwise; a kernel whose inlined code does not fit the
// instruction memory is compiled again with them as shared subroutines.
// Only on --target g80: FlexGripPlus' branch unit keeps one `limit_ret` for all warps (branch_exec_unit.vhd), set when
// a warp ends with RET on an empty stack, so a subroutine's RET in another warp then ends that warp
// (docs/cosim-results.md, "CAL/RET across warps").
KernelCode compile_kernel(const PtxModule& p, const PtxFunction& entry, const SymbolLayout& global,
                          const CompileOptions& opts) {
    if (opts.float_subroutines && opts.target != Target::G80)
        throw CompileError(0,
                           "--float-subroutines needs --target g80: on FlexGripPlus a warp that ends makes the next "
                           "subroutine RET of another warp end that warp too (docs/cosim-results.md)");
    KernelCode k = compile_kernel_as(p, entry, global, opts);
    if (opts.float_subroutines || opts.target != Target::G80 || k.code.size() <= kInstructionMemoryWords) return k;
    CompileOptions shared = opts;
    shared.float_subroutines = true;
    try {
        KernelCode s = compile_kernel_as(p, entry, global, shared);
        return s.code.size() < k.code.size() ? s : k;
    } catch (const CompileError&) {
        return k;  // e.g. a subroutine needs more than --max-regs: the inlined code, too big (fgtlm run says so)
    }
}

// Every error names the file: the parser's ("line 7: ...") and the passes' that know only the
// kernel ("k: needs more than 64 registers") get the file (and line) in front, as the
// lowering's own ("file:7: ...") have.
CompileError with_file(const CompileError& e, const std::string& file) {
    std::string what = e.what();
    if (what.rfind(file + ":", 0) == 0) return e;
    const std::string tag = "line " + std::to_string(e.line()) + ": ";
    if (what.rfind(tag, 0) == 0) what.erase(0, tag.size());
    return CompileError(e.line(), file + (e.line() ? ":" + std::to_string(e.line()) : std::string()) + ": " + what);
}

Module compile_module(const std::string& ptx, const CompileOptions& opts);

}  // namespace

Module compile_ptx(const std::string& ptx, const CompileOptions& opts) {
    try {
        return compile_module(ptx, opts);
    } catch (const CompileError& e) {
        throw with_file(e, opts.file);
    }
}

namespace {

Module compile_module(const std::string& ptx, const CompileOptions& opts) {
    PtxModule p = parse_ptx(ptx);
    Module m;
    if (opts.demote_f64)
        if (const std::uint32_t line = demote_f64(p); line != 0)
            m.warnings.push_back(
                opts.file + ":" + std::to_string(line) +
                ": warning: double precision demoted to f32 (--demote-f64): .f64 values and arithmetic "
                "are single precision; doubles in memory are rounded to f32 when loaded");
    if (opts.fpu_f32) mark_fpu_f32(p);
    m.target = opts.target;
    m.address_size = p.address_size;
    m.data_base = opts.data_base;
    SymbolLayout layout;
    layout.address_size = p.address_size;
    place_data(p, m, layout, opts);
    for (const PtxFunction& f : p.functions) {
        if (!f.is_entry) continue;  // .func bodies are inlined where they are called
        try {
            m.kernels.push_back(compile_kernel(p, f, layout, opts));
        } catch (const CompileError& e) {
            const std::string what = e.what();
            if (what.find(f.name) != std::string::npos) throw;
            throw CompileError(e.line(), what + " (in kernel " + f.name + ")");
        }
    }
    if (m.kernels.empty()) throw CompileError(0, opts.file + ": no .entry kernel in the PTX");
    return m;
}

}  // namespace

}  // namespace fgtlm::compiler
