// Lowering of moves, special registers (SM_1.0 ABI: R0 = tid.x | tid.y << 16 | tid.z << 26 at
// kernel start; blockDim, gridDim and blockIdx are 16-bit words of the shared-memory block
// header g[0x1..0x7]) and barriers.
#include "lowering.hpp"

namespace fgtlm::compiler {

bool lower_compare(Lowerer& l);

bool is_special_register(const std::string& name) {
    static const char* const kNames[] = {"%tid",
                                         "%ntid",
                                         "%ctaid",
                                         "%nctaid",
                                         "%laneid",
                                         "%warpid",
                                         "%nwarpid",
                                         "%clock",
                                         "%clock64",
                                         "%smid",
                                         "%nsmid",
                                         "%gridid",
                                         "%lanemask",
                                         "%pm",
                                         "%envreg",
                                         "%globaltimer",
                                         "%dynamic_smem_size",
                                         "%total_smem_size"};
    for (const char* n : kNames)
        if (name.rfind(n, 0) == 0) return true;
    return false;
}

void emit_linear_tid(Lowerer& l, int lin);

namespace {

// A 16-bit word of the block header, zero-extended.
void header_word(Lowerer& l, int d, std::uint32_t index) {
    l.emit("I2I.U32.U16 {d0}{g}, g [0x" + std::to_string(index) + "].U16", {d}, {});
}

void lower_sreg(Lowerer& l, int d, const std::string& s) {
    if (s == "%tid.x")
        l.emit("I2I.U32.U16 {d0}{g}, R0L", {d}, {});
    else if (s == "%tid.y") {
        l.emit("SHR {d0}{g}, R0, 0x10", {d}, {});
        l.emit("LOP.AND {d0}{g}, {u0}, {u1}", {d}, {d, l.imm(0x3ff)});
    } else if (s == "%tid.z")
        l.emit("SHR {d0}{g}, R0, 0x1a", {d}, {});
    else if (s == "%ntid.x")
        header_word(l, d, 1);
    else if (s == "%ntid.y")
        header_word(l, d, 2);
    else if (s == "%ntid.z")
        header_word(l, d, 3);
    else if (s == "%nctaid.x")
        header_word(l, d, 4);
    else if (s == "%nctaid.y")
        header_word(l, d, 5);
    else if (s == "%ctaid.x")
        header_word(l, d, 6);
    else if (s == "%ctaid.y")
        header_word(l, d, 7);
    else if (s == "%ctaid.z")
        l.emit("MVI {d0}{g}, 0x0", {d}, {});
    else if (s == "%laneid" || s == "%warpid") {
        const int lin = l.temp();
        emit_linear_tid(l, lin);
        if (s == "%laneid")
            l.emit("LOP.AND {d0}{g}, {u0}, {u1}", {d}, {lin, l.imm(31)});
        else
            l.emit("SHR {d0}{g}, {u0}, 0x5", {d}, {lin});
    } else if (s == "%nctaid.z")
        l.emit("MVI {d0}{g}, 0x1", {d}, {});
    else
        l.refuse("special register " + s + " has no SM_1.0 form on this target");
}

void lower_mov(Lowerer& l) {
    const PtxInst& in = l.inst();
    if (in.ops.size() != 2) l.refuse("mov needs two operands");
    const PtxOperand& src = in.ops[1];
    const int d = l.dst();
    if (src.kind == PtxOperand::Kind::Reg && is_special_register(src.name)) return lower_sreg(l, d, src.name);
    if (src.kind == PtxOperand::Kind::Reg) {
        l.emit("MOV {d0}{g}, {u0}", {d}, {l.vreg(src.name)});
        return;
    }
    if (in.type() == "pred" && src.kind == PtxOperand::Kind::Imm) {  // PTX 1 = true = 0xffffffff here
        l.emit(src.imm != 0 ? "MVI {d0}{g}, 0xffffffff" : "MVI {d0}{g}, 0x0", {d}, {});
        return;
    }
    // An immediate or a symbol address.
    const int t = l.value(src);
    l.emit("MOV {d0}{g}, {u0}", {d}, {t});
}

}  // namespace

// linear tid = tid.x + ntid.x * (tid.y + ntid.y * tid.z), all below 2^16: 16-bit multiplies.
void emit_linear_tid(Lowerer& l, int lin) {
    const int tx = l.temp(), ty = l.temp(), tz = l.temp(), nx = l.temp(), ny = l.temp();
    lower_sreg(l, tx, "%tid.x");
    lower_sreg(l, ty, "%tid.y");
    lower_sreg(l, tz, "%tid.z");
    lower_sreg(l, nx, "%ntid.x");
    lower_sreg(l, ny, "%ntid.y");
    l.emit("IMAD.U16 {d0}, {u0L}, {u1L}, {u2}", {lin}, {ny, tz, ty});
    l.emit("IMAD.U16 {d0}, {u0L}, {u1L}, {u2}", {lin}, {nx, lin, tx});
}

void emit_local_address(Lowerer& l, int d, std::uint32_t offset) {
    const int lin = l.temp();
    emit_linear_tid(l, lin);
    const int size = l.imm(l.layout().local_bytes), base = l.imm(l.layout().local_base + offset);
    l.emit("IMAD.U16 {d0}, {u0L}, {u1L}, {u2}", {d}, {lin, size, base});
}

bool lower_special(Lowerer& l) {
    const PtxInst& in = l.inst();
    const std::string& op = in.opcode;
    if (op == "mov")
        lower_mov(l);
    else if (op == "bar" || op == "barrier") {
        if (in.ops.size() != 1 || in.ops[0].kind != PtxOperand::Kind::Imm || in.ops[0].imm != 0)
            l.refuse("only bar.sync 0 (all threads of the block) is supported");
        l.emit("BAR.ARV.WAIT b0, 0xfff", {}, {});
    } else if (op == "cvta") {  // generic == global / shared-window offset: an identity
        l.emit("MOV {d0}{g}, {u0}", {l.dst()}, {l.value(in.ops[1])});
    } else
        return lower_compare(l);
    return true;
}

}  // namespace fgtlm::compiler
