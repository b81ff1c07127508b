// 8/16-bit ld/st of shared memory (and of .local windows, which live there). Loads read the
// aligned 32-bit word holding the value and shift it out, on both targets. Stores: on
// `--target g80` R2G.U8/R2G.U16 write the bytes; the FlexGripPlus RTL has no byte store (top
// README, "RTL semantics"), so `--target flexgrip` merges the value into its word and writes the
// word back, in one step per byte position (4 for bytes, 2 for halves) with only the lanes of
// that position enabled: lanes of one warp that write different bytes of one word never
// overwrite each other's bytes. A guard on such a store is refused (the steps use C0).
#include "lower_int64.hpp"

namespace fgtlm::compiler {

namespace {

// The value's register form: zero- or sign-extended to 32 bits as its type says.
int extend_narrow(Lowerer& l, int v, std::uint32_t bits, bool sgn) {
    const int up = op_imm(l, "SHL", v, 32 - bits);
    return op_imm(l, sgn ? "SHR.S32" : "SHR", up, 32 - bits);
}

int load_narrow(Lowerer& l, int addr, std::uint32_t bits, bool sgn) {
    const int word = l.temp();
    l.emit("R2A A1{g}, {u0}", {}, {op3(l, "LOP.AND", addr, l.imm(0xfffffffcu))});
    l.emit("MOV {d0}{g}, g[A1+0x0]", {word}, {});
    const int shift = op_imm(l, "SHL", op3(l, "LOP.AND", addr, l.imm(3)), 3);
    return extend_narrow(l, op3(l, "SHR", word, shift), bits, sgn);
}

void store_narrow_g80(Lowerer& l, int addr, int v, std::uint32_t bits) {
    l.emit("R2A A1{g}, {u0}", {}, {addr});
    l.emit(std::string(bits == 8 ? "R2G.U8.U16" : "R2G.U16.U16") + " g[A1+0x0]{g}, {u0L}", {}, {v});
}

void store_narrow_merged(Lowerer& l, int addr, int v, std::uint32_t bits) {
    const std::uint32_t ones = bits == 8 ? 0xffu : 0xffffu;
    l.emit("R2A A1{g}, {u0}", {}, {op3(l, "LOP.AND", addr, l.imm(0xfffffffcu))});
    const int pos = op3(l, "LOP.AND", addr, l.imm(bits == 8 ? 3u : 2u));
    const int shift = op_imm(l, "SHL", pos, 3);
    const int mask = op3(l, "SHL", l.imm(ones), shift);
    const int placed = op3(l, "SHL", op3(l, "LOP.AND", v, l.imm(ones)), shift);
    for (std::uint32_t step = 0; step < 4; step += bits / 8) {
        l.emit("ISET.U32.C0 o[0x7f], {u0}, {u1}, EQ", {}, {pos, step == 0 ? l.imm(0) : l.imm(step)});
        const int word = l.temp();
        l.emit("MOV {d0}{g}, g[A1+0x0]", {word}, {});
        l.emit("R2G.U32.U32 g[A1+0x0] (C0.NE), {u0}", {}, {select_mask(l, mask, placed, word)});
    }
}

}  // namespace

void shared_narrow(Lowerer& l, const PtxInst& in, bool store) {
    const std::string ty = in.type();
    const std::uint32_t bits = ty.substr(1) == "8" ? 8 : 16;
    const PtxOperand &mem = in.ops[store ? 0 : 1], &val = in.ops[store ? 1 : 0];
    std::vector<int> regs;
    if (val.kind == PtxOperand::Kind::Vec)
        for (const std::string& e : val.elems) regs.push_back(l.vreg(e));
    else
        regs.push_back(store ? (val.kind == PtxOperand::Kind::Reg ? l.vreg(val.name) : l.value(val)) : l.dst());
    std::vector<int> addrs;  // all addresses first: a vector load may overwrite its base register
    for (std::size_t k = 0; k < regs.size(); ++k) addrs.push_back(memory_address(l, mem, std::uint32_t(k) * bits / 8));
    for (std::size_t k = 0; k < regs.size(); ++k) {
        if (!store)
            l.emit("MOV {d0}{g}, {u0}", {regs[k]}, {load_narrow(l, addrs[k], bits, ty[0] == 's')});
        else if (l.options().target == Target::G80)
            store_narrow_g80(l, addrs[k], regs[k], bits);
        else
            store_narrow_merged(l, addrs[k], regs[k], bits);
    }
}

}  // namespace fgtlm::compiler
