// The interpreter's driver: variable layout, blocks and threads (each thread runs to its next
// bar.sync, then the next thread), control flow, operand and memory access.
#include "interp.hpp"

#include "../src/ptx_parser.hpp"

#include <algorithm>
#include <cstring>

namespace fgtlm::compiler::interp {

std::uint32_t type_bits(const std::string& type) { return type == "pred" ? 1 : 8 * ptx_type_size(type); }
std::uint64_t mask(std::uint32_t bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }
std::int64_t sext(std::uint64_t v, std::uint32_t bits) {
    if (bits >= 64 || bits == 0) return std::int64_t(v);
    const std::uint64_t m = 1ull << (bits - 1);
    return std::int64_t(((v & mask(bits)) ^ m) - m);
}

Machine::Machine(const PtxModule& m, const PtxFunction& f, const InterpLaunch& l, std::vector<std::uint8_t>& g,
                 std::string file)
    : mod_(m), fn_(f), launch_(l), global_(g), file_(std::move(file)) {
    for (const PtxFunction& g : m.functions)
        for (std::size_t i = 0; i < g.body.size(); ++i)
            if (!g.body[i].label.empty()) labels_[&g][g.body[i].label] = i;
    if (l.params.size() != f.params.size())
        throw InterpError(file_ + ": kernel " + f.name + " takes " + std::to_string(f.params.size()) +
                          " parameters, got " + std::to_string(l.params.size()));
    for (std::size_t k = 0; k < f.params.size(); ++k) {
        const PtxParam& p = f.params[k];
        params_.resize(std::max<std::size_t>(params_.size(), p.offset + p.size), 0);
        std::memcpy(params_.data() + p.offset, &l.params[k], std::min<std::size_t>(p.size, 8));
        vars_[p.name] = {Space::Param, p.offset};
    }
    layout_variables();
}

void Machine::layout_variables() {
    const auto place = [this](const PtxVar& v, std::uint32_t& size, Space s) {
        const std::uint32_t a = std::max<std::uint32_t>(v.align, 4);
        size = (size + a - 1) / a * a;
        vars_[v.name] = {s, size};
        size += v.is_extern ? launch_.dynamic_shared : v.size;
    };
    std::vector<const PtxVar*> all;
    for (const PtxVar& v : mod_.vars) all.push_back(&v);
    for (const PtxFunction& g : mod_.functions)  // the kernel's and its callees' (each its own place)
        if (&g == &fn_ || !g.is_entry)
            for (const PtxVar& v : g.vars) all.push_back(&v);
    for (const PtxVar* v : all) {
        if (v->space == "shared" && !v->is_extern) place(*v, shared_size_, Space::Shared);
        if (v->space == "local") place(*v, local_size_, Space::Local);
        if (v->space == "global" || v->space == "const") {
            const auto s = launch_.symbols.find(v->name);
            if (s == launch_.symbols.end())
                throw InterpError(file_ + ":" + std::to_string(v->line) + ": ." + v->space + " " + v->name +
                                  ": no global address given for it");
            vars_[v->name] = {v->space == "global" ? Space::Global : Space::Const, s->second};
        }
    }
    for (const PtxVar* v : all)  // extern arrays after the static data
        if (v->space == "shared" && v->is_extern) place(*v, shared_size_, Space::Shared);
}

void Machine::fail(const PtxInst& in, const std::string& why) const {
    throw InterpError(file_ + ":" + std::to_string(in.line) + ": " + in.text + ": " + why);
}

void Machine::run() {
    for (ctaid[2] = 0; ctaid[2] < launch_.grid[2]; ++ctaid[2])
        for (ctaid[1] = 0; ctaid[1] < launch_.grid[1]; ++ctaid[1])
            for (ctaid[0] = 0; ctaid[0] < launch_.grid[0]; ++ctaid[0]) run_block();
}

void Machine::run_block() {
    shared_.assign(shared_size_, 0);
    std::vector<Thread> threads;
    for (std::uint32_t z = 0; z < launch_.block[2]; ++z)
        for (std::uint32_t y = 0; y < launch_.block[1]; ++y)
            for (std::uint32_t x = 0; x < launch_.block[0]; ++x) {
                Thread t;
                t.tid = {x, y, z};
                t.local.assign(local_size_, 0);
                threads.push_back(std::move(t));
            }
    steps_ = 0;
    for (bool running = true; running;) {  // one pass per barrier phase
        running = false;
        for (Thread& t : threads) {
            while (step(t)) {
            }
            running = running || !t.done;
        }
    }
}

bool Machine::step(Thread& t) {
    if (t.done) return false;
    const PtxFunction& f = running(t);
    if (t.pc >= f.body.size()) return ret(t);
    const PtxStmt& s = f.body[t.pc++];
    if (!s.label.empty()) return true;
    const PtxInst& in = s.inst;
    if (++steps_ > launch_.max_steps)
        fail(in, "more than " + std::to_string(launch_.max_steps) + " instructions in one block: an endless loop?");
    if (!in.guard.empty() && ((reg(t, in.guard) != 0) == in.guard_negated)) return true;
    if (in.opcode == "bra") {
        const auto& labels = labels_[&f];
        const auto l = in.ops.empty() ? labels.end() : labels.find(in.ops[0].name);
        if (l == labels.end()) fail(in, "no such label");
        t.pc = l->second;
        return true;
    }
    if (in.opcode == "call") return call(t, in), true;
    if (in.opcode == "ret") return ret(t);
    if (in.opcode == "exit") return !(t.done = true);
    if (in.opcode == "bar" || in.opcode == "barrier") return false;
    if (in.opcode == "membar") return true;
    execute(t, in);
    return true;
}

void Machine::execute(Thread& t, const PtxInst& in) {
    for (const std::string& m : in.mods)
        if (m == "f64") fail(in, "double precision (.f64) is not executed");
    for (const PtxOperand& o : in.ops)
        if (o.from_double) fail(in, "a double immediate is not executed");
    if (exec_memory(*this, t, in) || exec_compare(*this, t, in) || exec_convert(*this, t, in) ||
        exec_float(*this, t, in) || exec_bits(*this, t, in) || exec_int(*this, t, in))
        return;
    fail(in, "not executed by the PTX interpreter");
}

std::uint64_t Machine::reg(const Thread& t, const std::string& name) const {
    const auto r = t.regs.find(name);
    return r == t.regs.end() ? 0 : r->second;
}

std::uint64_t Machine::symbol_address(const PtxInst& in, const std::string& name) const {
    const auto v = vars_.find(name);
    if (v == vars_.end()) fail(in, "unknown symbol " + name);
    return v->second.second;
}

}  // namespace fgtlm::compiler::interp
