// call/ret of .func: a frame per call. The caller's registers, position and named parameter blocks are saved; the
// callee starts with no registers and its parameters' bytes copied from the call-site blocks the caller stored
// (st.param [param0+k]); at ret the callee's result blocks are copied into the call's result names (ld.param
// [retval0+k] then reads them). Recursion works here (the compiler refuses it); depth is capped.
#include "interp.hpp"

#include <cstring>

namespace fgtlm::compiler::interp {

namespace {

constexpr std::size_t kMaxCallDepth = 64;

const PtxFunction* find_function(const PtxModule& m, const std::string& name) {
    for (const PtxFunction& f : m.functions)
        if (!f.is_entry && f.name == name && !f.body.empty()) return &f;
    return nullptr;
}

}  // namespace

// call[.uni] [(results),] name[, (arguments)]
void Machine::call(Thread& t, const PtxInst& in) {
    std::size_t i = 0;
    std::vector<std::string> rets, args;
    if (in.ops.size() > 1 && in.ops[0].kind == PtxOperand::Kind::Vec) rets = in.ops[i++].elems;
    if (i >= in.ops.size() || in.ops[i].kind != PtxOperand::Kind::Sym) fail(in, "indirect calls are not executed");
    const PtxFunction* g = find_function(mod_, in.ops[i++].name);
    if (i < in.ops.size() && in.ops[i].kind == PtxOperand::Kind::Vec) args = in.ops[i++].elems;
    if (g == nullptr) fail(in, "the callee has no body in this file");
    if (i < in.ops.size()) fail(in, "calls with a prototype are not executed");
    if (g->params.size() != args.size() || g->results.size() != rets.size())
        fail(in, "the call's parameter count does not match " + g->name);
    if (t.stack.size() >= kMaxCallDepth) fail(in, "calls nested deeper than " + std::to_string(kMaxCallDepth));
    ParamBlocks callee;
    for (std::size_t k = 0; k < args.size(); ++k) {
        const auto a = t.params.find(args[k]);
        if (a == t.params.end()) fail(in, "argument " + args[k] + " was never stored");
        callee[g->params[k].name] = a->second;
    }
    t.stack.push_back(Frame{t.fn, t.pc, std::move(t.regs), std::move(t.params), std::move(rets)});
    t.regs.clear();
    t.params = std::move(callee);
    t.fn = g;
    t.pc = 0;
}

bool Machine::ret(Thread& t) {
    if (t.stack.empty()) return !(t.done = true);
    const PtxFunction& g = *t.fn;
    ParamBlocks results;
    for (std::size_t k = 0; k < g.results.size(); ++k) {
        const auto r = t.params.find(g.results[k].name);  // a result never stored: an empty block, reads fail
        results[t.stack.back().results[k]] = r != t.params.end() ? r->second : std::vector<std::uint8_t>{};
    }
    Frame f = std::move(t.stack.back());
    t.stack.pop_back();
    t.fn = f.fn, t.pc = f.pc, t.regs = std::move(f.regs), t.params = std::move(f.params);
    for (auto& [name, bytes] : results) t.params[name] = std::move(bytes);
    return true;
}

std::uint8_t* Machine::frame_param(Thread& t, const PtxInst& in, const std::string& name, std::uint64_t offset,
                                   std::uint32_t size, bool store) const {
    const auto v = vars_.find(name);
    if (t.stack.empty() && v != vars_.end() && v->second.first == Space::Param) return nullptr;  // kernel's
    auto& block = t.params[name];
    if (offset + size > block.size()) {
        if (!store) fail(in, "reads parameter bytes of " + name + " that were never stored");
        block.resize(offset + size, 0);
    }
    return block.data() + offset;
}

}  // namespace fgtlm::compiler::interp
