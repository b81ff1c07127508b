// Lowering of ld/st. Global memory: GLD/GST with the byte address in a register. Shared
// memory: the byte address goes into address register A1 (R2A), then MOV / R2G through
// g[A1+0]. Parameters: g[] words of the block header area (shared byte 16 + offset).
// .const variables live in global memory (FlexGripPlus' constant operands cannot be indexed
// by a register: models/compiler/README.md, "ABI"), so ld.const is a global load.
#include "lowering.hpp"

namespace fgtlm::compiler {

// Register holding the byte address of a memory operand plus `extra`.
int memory_address(Lowerer& l, const PtxOperand& m, std::uint32_t extra) {
    const std::uint32_t off = std::uint32_t(m.imm) + extra;
    if (m.base_is_reg) {
        const int base = l.vreg(m.name);
        if (off == 0) return base;
        const int t = l.temp();
        l.emit("IADD32I {d0}{g}, {u0}, " + hex(off), {t}, {base});
        return t;
    }
    if (m.name.empty()) return l.imm(off);
    const auto& sh = l.layout().shared;
    if (const auto s = sh.find(m.name); s != sh.end()) return l.imm(s->second + off);
    if (const auto lo = l.layout().local.find(m.name); lo != l.layout().local.end()) {
        const int t = l.temp();
        emit_local_address(l, t, lo->second + off);
        return t;
    }
    const auto& gl = l.layout().global;
    if (const auto g = gl.find(m.name); g != gl.end()) return l.imm(g->second + off);
    l.refuse("unknown variable '" + m.name + "'");
}

namespace {

std::string space_of(const PtxInst& in) {
    for (const char* s : {"global", "shared", "param", "const", "local"})
        if (in.has(s)) return s;
    return "";
}

std::uint32_t vector_width(const PtxInst& in) { return in.has("v4") ? 4 : in.has("v2") ? 2 : 1; }

std::string gsuffix(const std::string& ty, Lowerer& l) {
    const std::string bits = ty.substr(1);
    if (bits == "32") return "U32";
    if (bits == "16") return ty[0] == 's' ? "S16" : "U16";
    if (bits == "8") return ty[0] == 's' ? "S8" : "U8";
    l.refuse("memory access of type ." + ty);
}

bool wide(const PtxInst& in) { return in.type().size() == 3 && in.type().substr(1) == "64"; }

void lower_param(Lowerer& l, const PtxInst& in) {
    const PtxOperand& m = in.ops[1];
    const auto it = l.layout().params.find(m.name);
    if (it == l.layout().params.end()) l.refuse("unknown parameter '" + m.name + "'");
    const std::uint32_t byte = 16 + it->second.offset + std::uint32_t(m.imm);
    const std::string ty = in.type();
    if ((ty.substr(1) == "32" || ty.substr(1) == "64") && byte % 4 == 0) {
        l.emit("MOV {d0}{g}, g [" + hex(byte / 4) + "]", {l.dst()}, {});
        if (wide(in)) l.emit("MOV {d0}{g}, g [" + hex(byte / 4 + 1) + "]", {l.vreg_hi(l.reg_name(0))}, {});
        return;
    }
    if (ty.substr(1) != "16" || byte % 2 != 0)
        l.refuse("parameter access of type ." + ty + " at byte " + std::to_string(byte));
    const int d = l.dst();
    l.emit("MVI {d0}{g}, 0x0", {d}, {});
    l.emit("MOV.U16 {d0L}{g}, g [" + hex(byte / 2) + "].U16", {d}, {d}, true);
    if (ty[0] == 's') l.emit("I2I.S32.S16 {d0}{g}, {u0L}", {d}, {d});
}

// The registers a load writes or a store reads (a scalar load's goes through dst(), which may
// be a temporary when the address register is also the destination). A 64-bit value is two
// words, low first (lower_int64.hpp).
std::vector<int> value_regs(Lowerer& l, const PtxOperand& o, bool load) {
    const bool w = wide(l.inst());
    std::vector<int> out;
    const auto add = [&](const std::string& r) {
        out.push_back(l.vreg(r));
        if (w) out.push_back(l.vreg_hi(r));
    };
    if (load && o.kind == PtxOperand::Kind::Reg) {
        out.push_back(l.dst());
        if (w) out.push_back(l.vreg_hi(o.name));
        return out;
    }
    if (o.kind == PtxOperand::Kind::Vec)
        for (const std::string& e : o.elems) add(e);
    else if (o.kind == PtxOperand::Kind::Reg)
        add(o.name);
    else {
        out.push_back(l.value(o));
        if (w)
            out.push_back(o.kind == PtxOperand::Kind::Imm ? l.imm(std::uint32_t(std::uint64_t(o.imm) >> 32))
                                                          : l.imm(0));
    }
    return out;
}

void lower_global(Lowerer& l, const PtxInst& in, bool store) {
    const std::string ty = wide(in) ? "u32" : in.type();
    const std::string sfx = gsuffix(ty, l);
    const PtxOperand& mem = in.ops[store ? 0 : 1];
    const std::vector<int> regs = value_regs(l, in.ops[store ? 1 : 0], !store);
    if (mem.kind != PtxOperand::Kind::Mem) l.refuse("expected a [address] operand");
    const std::uint32_t size = std::uint32_t(std::stoi(ty.substr(1))) / 8;
    for (std::size_t k = 0; k < regs.size(); ++k) {
        const int a = memory_address(l, mem, std::uint32_t(k) * size);
        if (store)
            l.emit("GST." + sfx + " global14[{u0}]{g}, {u1}", {}, {a, regs[k]});
        else
            l.emit("GLD." + sfx + " {d0}{g}, global14[{u0}]", {regs[k]}, {a});
    }
}

void lower_shared(Lowerer& l, const PtxInst& in, bool store) {
    const std::string ty = wide(in) ? "u32" : in.type();
    if (ty.substr(1) == "8" || ty.substr(1) == "16") return shared_narrow(l, in, store);
    if (ty.substr(1) != "32") l.refuse("shared-memory access of type ." + ty);
    const PtxOperand& mem = in.ops[store ? 0 : 1];
    const std::vector<int> regs = value_regs(l, in.ops[store ? 1 : 0], !store);
    std::vector<int> addrs;  // all addresses first: a vector load may overwrite its base register
    for (std::size_t k = 0; k < regs.size(); ++k) addrs.push_back(memory_address(l, mem, std::uint32_t(k) * 4));
    for (std::size_t k = 0; k < regs.size(); ++k) {
        l.emit("R2A A1{g}, {u0}", {}, {addrs[k]});
        if (store)
            l.emit("R2G.U32.U32 g[A1+0x0]{g}, {u0}", {}, {regs[k]});
        else
            l.emit("MOV {d0}{g}, g[A1+0x0]", {regs[k]}, {});
    }
}

}  // namespace

bool lower_memory(Lowerer& l) {
    const PtxInst& in = l.inst();
    if (in.opcode != "ld" && in.opcode != "st") return false;
    const bool store = in.opcode == "st";
    if (in.ops.size() != 2) l.refuse("expected two operands");
    const std::string space = space_of(in);
    if (space.empty()) l.refuse("generic addressing (no state space): the space of the pointer is unknown");
    if (vector_width(in) > 1 && in.ops[store ? 1 : 0].kind != PtxOperand::Kind::Vec)
        l.refuse("a vector access needs a {...} register list");
    if (space == "param") {
        if (store) l.refuse("st.param (a call sequence) is not supported");
        lower_param(l, in);
    } else if (space == "shared" || space == "local")  // local windows live in shared memory
        lower_shared(l, in, store);
    else
        lower_global(l, in, store);
    return true;
}

}  // namespace fgtlm::compiler
