// Operand reads and writes (registers, immediates, symbols, special registers) and the memory
// spaces' bytes, with the bounds checks that turn a wild address into a named error.
#include "interp.hpp"

namespace fgtlm::compiler::interp {

namespace {

std::uint32_t axis(const std::array<std::uint32_t, 3>& v, char c) { return v[c == 'x' ? 0 : c == 'y' ? 1 : 2]; }

bool special(const Machine& m, const Thread& t, const std::string& name, std::uint64_t& v) {
    const std::size_t dot = name.find('.');
    const std::string base = name.substr(0, dot);
    const char c = dot == std::string::npos ? 'x' : name[dot + 1];
    const auto& L = m.launch();
    const std::uint32_t linear = t.tid[0] + L.block[0] * (t.tid[1] + L.block[1] * t.tid[2]);
    if (base == "%tid")
        v = axis(t.tid, c);
    else if (base == "%ntid")
        v = axis(L.block, c);
    else if (base == "%ctaid")
        v = axis(m.ctaid, c);
    else if (base == "%nctaid")
        v = axis(L.grid, c);
    else if (base == "%laneid")
        v = linear % 32;
    else if (base == "%warpid")
        v = linear / 32;
    else
        return false;
    return true;
}

}  // namespace

std::uint64_t Machine::read(const Thread& t, const PtxOperand& o, std::uint32_t bits) const {
    std::uint64_t v = 0;
    switch (o.kind) {
        case PtxOperand::Kind::Reg:
            if (!special(*this, t, o.name, v)) v = reg(t, o.name);
            if (o.negate) v = v == 0;
            break;
        case PtxOperand::Kind::Imm: v = std::uint64_t(o.imm); break;
        case PtxOperand::Kind::FImm: v = o.fbits; break;
        case PtxOperand::Kind::Sym: {
            PtxInst at;
            at.text = o.name;
            v = symbol_address(at, o.name);
            break;
        }
        default: v = 0;
    }
    return v & mask(bits);
}

void Machine::write(Thread& t, const PtxOperand& o, std::uint64_t v, std::uint32_t bits) const {
    t.regs[o.name] = v & mask(bits);
}

std::uint8_t* Machine::memory(Thread& t, Space s, std::uint64_t addr, std::uint32_t size, const PtxInst& in) {
    std::vector<std::uint8_t>* mem = nullptr;
    const char* what = "global";
    switch (s) {
        case Space::Global:
        case Space::Const: mem = &global_; break;
        case Space::Shared: mem = &shared_, what = "shared"; break;
        case Space::Local: mem = &t.local, what = "local"; break;
        case Space::Param: mem = &params_, what = "parameter"; break;
    }
    if (addr % size != 0) fail(in, "misaligned " + std::string(what) + " address " + std::to_string(addr));
    if (addr + size > mem->size())
        fail(in, std::string(what) + " address " + std::to_string(addr) + " is outside its " +
                     std::to_string(mem->size()) + " bytes");
    return mem->data() + addr;
}

}  // namespace fgtlm::compiler::interp
