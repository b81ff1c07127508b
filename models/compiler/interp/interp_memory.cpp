// ld/st of every state space (scalars and .v2/.v4, 8 to 64 bits), cvta (generic addresses equal
// the space's own here) and mov of a symbol's address.
#include "interp.hpp"

#include <cstring>

namespace fgtlm::compiler::interp {

namespace {

Space space_of(Machine& m, const PtxInst& in) {
    if (in.has("global")) return Space::Global;
    if (in.has("shared")) return Space::Shared;
    if (in.has("local")) return Space::Local;
    if (in.has("param")) return Space::Param;
    if (in.has("const")) return Space::Const;
    m.fail(in, "generic (space-less) addresses are not executed");
}

std::uint64_t address(Machine& m, const Thread& t, const PtxInst& in, const PtxOperand& a) {
    if (a.kind != PtxOperand::Kind::Mem) m.fail(in, "expected an address [..]");
    std::uint64_t base = 0;
    if (a.base_is_reg)
        base = m.read(t, reg_named(a.name), 64);
    else if (!a.name.empty())
        base = m.symbol_address(in, a.name);
    return base + std::uint64_t(a.imm);
}

void load_store(Machine& m, Thread& t, const PtxInst& in) {
    const bool store = in.opcode == "st";
    const std::string type = in.type();
    const std::uint32_t bits = type_bits(type), size = bits / 8;
    const PtxOperand& val = in.ops.at(store ? 1 : 0);
    std::vector<std::string> regs = val.kind == PtxOperand::Kind::Vec ? val.elems : std::vector<std::string>{};
    const PtxOperand& a = in.ops.at(store ? 0 : 1);
    const Space s = space_of(m, in);
    if (store && s == Space::Const) m.fail(in, "a store into the constant space");
    const bool named_param = s == Space::Param && a.kind == PtxOperand::Kind::Mem && !a.base_is_reg && !a.name.empty();
    for (std::size_t k = 0; k < std::max<std::size_t>(regs.size(), 1); ++k) {
        PtxOperand r = val;
        if (!regs.empty()) r = reg_named(regs[k]);
        // A call's or a device function's parameter block (interp_call.cpp), else the kernel's parameters.
        std::uint8_t* p = named_param ? m.frame_param(t, in, a.name, std::uint64_t(a.imm) + k * size, size, store)
                                      : nullptr;
        if (p == nullptr) p = m.memory(t, s, address(m, t, in, a) + k * size, size, in);
        std::uint64_t v = 0;
        if (store) {
            v = m.read(t, r, bits);
            std::memcpy(p, &v, size);
        } else {
            std::memcpy(&v, p, size);
            m.write(t, r, type[0] == 's' ? std::uint64_t(sext(v, bits)) : v, 64);
        }
    }
}

}  // namespace

bool exec_memory(Machine& m, Thread& t, const PtxInst& in) {
    if (in.opcode == "ld" || in.opcode == "st") {
        if (in.ops.size() != 2) m.fail(in, "expected two operands");
        load_store(m, t, in);
        return true;
    }
    if (in.opcode == "cvta") {
        m.write(t, in.ops.at(0), m.read(t, in.ops.at(1), 64), type_bits(in.type()));
        return true;
    }
    return false;
}

}  // namespace fgtlm::compiler::interp
