// Read stage: operand collection from registers, shared/constant memory and immediates.
#include <algorithm>
#include <cstring>
#include <string>

#include <fgtlm/core/sm_core.hpp>
#include "bank_conflicts.hpp"

namespace fgtlm::core {

namespace {

using isa::DataType;
using isa::Opcode;
using isa::OperandKind;

bool is_float_class(Opcode op) {
    switch (op) {
        case Opcode::FADD:
        case Opcode::FMUL:
        case Opcode::FMAD:
        case Opcode::FSET:
        case Opcode::FMAX:
        case Opcode::FMIN:
        case Opcode::RRO:
        case Opcode::RCP:
        case Opcode::RSQ:
        case Opcode::LG2:
        case Opcode::SIN:
        case Opcode::COS:
        case Opcode::EX2:
        case Opcode::F2I:
        case Opcode::F2F: return true;
        default: return false;
    }
}

// Ops that apply negate/abs/invert themselves (carry semantics, saturation, bitwise not) or,
// as the RTL's FPU does, not at all: pipeline_decode forces src1_neg to 0 for FSET, I2F and
// F2I, and bit 52 (|src|) reaches the FPU only as FSET's compare-magnitudes input and F2F's |x|.
bool handles_own_modifiers(Opcode op) {
    return op == Opcode::IADD || op == Opcode::I2I || op == Opcode::I2F || op == Opcode::LOP || op == Opcode::FSET ||
           op == Opcode::F2I;
}

bool is_signed(DataType t) { return t == DataType::S8 || t == DataType::S16 || t == DataType::S32; }

std::uint32_t extend(std::uint32_t raw, DataType t) {
    switch (t) {
        case DataType::U8: return raw & 0xffu;
        case DataType::S8: return std::uint32_t(std::int32_t(std::int8_t(raw & 0xffu)));
        case DataType::U16:
        case DataType::F16: return raw & 0xffffu;
        case DataType::S16: return std::uint32_t(std::int32_t(std::int16_t(raw & 0xffffu)));
        default: return raw;
    }
}

}  // namespace

// s[..] and c[..] operands through the shared- and constant-memory ports: one word per lane
// from the port's direct window when it covers the memory (the SM's controllers grant it),
// else one b_transport per lane; the slow path's annotated delay goes to the issue record.
[[gnu::hot]] bool SmCore::read_shared_or_const(ExecContext& ctx, const isa::Operand& op, std::uint32_t* out,
                                               bool is_const) {
    // At most a word (the min tells GCC so: inlined through a unity build's ArrayMemory::read it
    // otherwise warns of a write past `raw`).
    const std::uint32_t size = std::min<std::uint32_t>(isa::Operand::size_of(op.type), 4u);
    // The RTL has no term for the bank number (c[b][off] is byte off*size); G80 has 16 banks.
    const std::uint32_t bank = is_const && !cfg_.rtl.single_constant_bank ? op.bank % kConstantBanks : 0u;
    if (bank != 0 && !bank_loaded_[bank]) {
        fail(KernelErrorKind::OutOfRangeAccess, ctx.fetch.warp_slot, 0,
             "constant bank c[" + std::to_string(bank) +
                 "] read, but no image was loaded for it (core.semantics=g80 has 16 banks; a "
                 "launch's constant image is bank 0)");
        return false;
    }
    MemoryPort& port = !is_const ? *shared_reads_ : bank == 0 ? *const_port_ : bank_mem_[bank];
    const std::uint32_t limit = !is_const ? cfg_.shared_bytes : bank == 0 ? const_size_ : bank_size_[bank];
    const std::uint32_t base = is_const ? 0 : blocks_[warps_[ctx.fetch.warp_slot].block_slot].shared_base;
    const std::uint8_t* direct =
        port.dmi.readable && port.dmi.start == 0 && port.dmi.end + 1 >= limit ? port.dmi.data : nullptr;
    // c[b][Ak+=off] reads c[b][Ak]; write-back then adds off to Ak (post_increment).
    const std::uint32_t off = base + (op.post_inc ? 0u : op.byte_offset());
    const std::uint32_t m = ctx.decode.exec_mask;
    const char* what = is_const ? "constant" : "shared";
    auto load = [&](std::uint32_t addr, std::uint32_t& v) -> bool {
        if (addr % size != 0 || std::uint64_t(addr) + size > limit)
            return unchecked_operand_read(ctx, port, addr, op, is_const, limit, v);
        std::uint32_t raw = 0;  // little-endian host
        if (direct != nullptr) {
            std::memcpy(&raw, direct + addr, size);
        } else if (port.read(addr, reinterpret_cast<std::uint8_t*>(&raw), size) != MemStatus::Ok) {
            fail(KernelErrorKind::OutOfRangeAccess, ctx.fetch.warp_slot, addr,
                 std::string("the ") + what + "-memory controller refused the operand read (TLM error response)");
            return false;
        }
        v = extend(raw, op.type);
        return true;
    };
    const PortLatencyToRecord latency{&port, ctx.writeback.rec.operand_latency_cycles};
    if (op.areg == 0) {
        std::uint32_t v = 0;
        if (!load(off, v)) return false;
        for (std::uint32_t l = 0; l < kWarpSize; ++l) out[l] = v;
        return true;
    }
    const std::uint32_t* a = regs_.areg_row(ctx.fetch.warp_slot, op.areg);
    if (!is_const && (record_issues || !observers_.empty())) {
        const std::uint8_t degree = shared_bank_conflict_degree(off, a, m);
        if (degree > ctx.writeback.rec.shared_read_conflict_degree)
            ctx.writeback.rec.shared_read_conflict_degree = degree;
    }
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        out[l] = 0;
        if (((m >> l) & 1u) && !load(off + a[l], out[l])) return false;
    }
    return true;
}

// A shared or constant operand that is misaligned or outside its memory: what the RTL's
// controller reads (rtl_memory_access.hpp) when the policy says so, else a kernel error.
bool SmCore::unchecked_operand_read(ExecContext& ctx, MemoryPort& port, std::uint32_t addr, const isa::Operand& op,
                                    bool is_const, std::uint32_t limit, std::uint32_t& v) {
    const std::uint32_t size = isa::Operand::size_of(op.type);
    const RtlSpace sp = is_const ? RtlSpace::of(cfg_.rtl.constant_address_bits, mem_ports_.rtl_shared.misaligned_bytes)
                                 : mem_ports_.rtl_shared;
    const bool misaligned = addr % size != 0, outside = std::uint64_t(addr) + size > limit;
    const char* what = is_const ? "constant" : "shared";
    if ((misaligned && !sp.misaligned_bytes) || (outside && sp.wrap_mask == 0)) {
        fail(misaligned ? KernelErrorKind::MisalignedAccess : KernelErrorKind::OutOfRangeAccess, ctx.fetch.warp_slot,
             addr,
             std::string(what) + (misaligned ? " operand not aligned to its size" : " operand outside the memory"));
        return false;
    }
    std::uint32_t raw = 0;  // little-endian host
    bool wrapped = false;
    if (!rtl_byte_access(port, addr, reinterpret_cast<std::uint8_t*>(&raw), size, false, sp.wrap_mask, wrapped)) {
        fail(KernelErrorKind::OutOfRangeAccess, ctx.fetch.warp_slot, addr,
             std::string(what) + " operand outside the memory (also with the address bits the RTL keeps)");
        return false;
    }
    const char* name = is_const ? "c[] operand" : "g[] operand";
    if (misaligned) note_rtl_event(rtl_events, RtlEventKind::Misaligned, ctx.fetch.pc, name, addr, size);
    if (wrapped)
        note_rtl_event(rtl_events, is_const ? RtlEventKind::ConstantWrap : RtlEventKind::SharedWrap, ctx.fetch.pc, name,
                       addr, size);
    v = extend(raw, op.type);
    return true;
}

[[gnu::hot]] const std::uint32_t* SmCore::read_operand(ExecContext& ctx, const isa::Operand& op, std::uint32_t* buf,
                                                       bool signed16) {
    switch (op.kind) {
        case OperandKind::Reg:
            if (op.reg == 124) return zeros_;
            return reg_row(ctx.fetch.warp_slot, op.reg);
        case OperandKind::RegLo:
        case OperandKind::RegHi: {
            if (half_reads_zero(op)) return zeros_;
            const std::uint32_t* row = reg_row(ctx.fetch.warp_slot, op.reg);
            const unsigned sh = op.kind == OperandKind::RegHi ? 16u : 0u;
            if (signed16) {
                for (std::uint32_t l = 0; l < kWarpSize; ++l)
                    buf[l] = std::uint32_t(std::int32_t(std::int16_t(row[l] >> sh)));
            } else {
                for (std::uint32_t l = 0; l < kWarpSize; ++l) buf[l] = (row[l] >> sh) & 0xffffu;
            }
            return buf;
        }
        case OperandKind::Shared: return read_shared_or_const(ctx, op, buf, false) ? buf : nullptr;
        case OperandKind::Const: return read_shared_or_const(ctx, op, buf, true) ? buf : nullptr;
        case OperandKind::Immediate:
            for (std::uint32_t l = 0; l < kWarpSize; ++l) buf[l] = op.value;
            return buf;
        case OperandKind::AddrReg:
            if (op.reg == 0) return zeros_;
            return regs_.areg_row(ctx.fetch.warp_slot, op.reg);
        case OperandKind::Predicate: {
            const std::uint8_t* f = regs_.pred_row(ctx.fetch.warp_slot, op.reg);
            for (std::uint32_t l = 0; l < kWarpSize; ++l) buf[l] = f[l];
            return buf;
        }
        case OperandKind::Global:  // the address register of GLD/GST
            if (op.reg == 124) return zeros_;
            return reg_row(ctx.fetch.warp_slot, op.reg);
        case OperandKind::Output:
        case OperandKind::None:
        case OperandKind::Local:    // LLD/LST address their memory themselves (units/memory_function_local.cpp)
        case OperandKind::Special:  // S2R reads its register in execute
            return zeros_;
    }
    return zeros_;
}

[[gnu::hot]] bool SmCore::read(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    ctx.read.carry_flags = in.carry_in ? regs_.pred_row(ctx.fetch.warp_slot, in.carry_in_reg) : nullptr;
    if (in.op == Opcode::TEX) return read_texture_coordinates(ctx);
    if (ctx.decode.exec_mask == 0) {
        for (auto& s : ctx.read.src) s = zeros_;
        return true;
    }
    const std::uint32_t* raw[3] = {zeros_, zeros_, zeros_};  // before negate/abs (the RTL latch's view)
    for (std::uint32_t i = 0; i < 3; ++i) {
        if (i >= in.num_src) {
            ctx.read.src[i] = zeros_;
            continue;
        }
        const isa::Operand& op = in.src[i];
        if (op.kind == OperandKind::Reg && !op.negate && !op.absolute) {  // the common case, no copy
            ctx.read.src[i] = raw[i] = op.reg == 124 ? zeros_ : reg_row(ctx.fetch.warp_slot, op.reg);
            continue;
        }
        const bool sig = (in.op == Opcode::I2I || in.op == Opcode::I2F) ? is_signed(in.stype) : is_signed(in.dtype);
        const std::uint32_t* p = read_operand(ctx, op, ctx.read.buf[i], sig);
        if (p == nullptr) return false;
        raw[i] = p;
        if (!handles_own_modifiers(in.op) && (op.negate || op.absolute)) {
            std::uint32_t* b = ctx.read.buf[i];
            if (is_float_class(in.op)) {
                const std::uint32_t clear = op.absolute ? 0x7fffffffu : 0xffffffffu;
                const std::uint32_t flip = op.negate ? 0x80000000u : 0u;
                for (std::uint32_t l = 0; l < kWarpSize; ++l) b[l] = (p[l] & clear) ^ flip;
            } else {
                for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                    std::int32_t v = std::int32_t(p[l]);
                    if (op.absolute && v < 0) v = std::int32_t(0u - std::uint32_t(v));
                    b[l] = op.negate ? 0u - std::uint32_t(v) : std::uint32_t(v);
                }
            }
            p = b;
        }
        ctx.read.src[i] = p;
    }
    if (cfg_.rtl.operand_latches) {
        rtl_src2_latch(ctx, raw);
        rtl_r2p_latches(ctx, raw);
    }
    if (track_undefined_) {
        std::uint32_t t = 0;
        for (std::uint32_t i = 0; i < in.num_src; ++i) t |= operand_taint(ctx, in.src[i]);
        ctx.read.taint = t;
    }
    return true;
}

// Loads or uses the read stage's second-operand latch (semantics.hpp). A load keeps the
// values of the instruction's last pass (threads 32 - sp_lanes .. 31), the pass
// read_source_ops.vhd finished last; a use replaces src[1] of every thread by them.
[[gnu::hot]] void SmCore::rtl_src2_latch(ExecContext& ctx, const std::uint32_t* const raw[3]) {
    switch (Src2Latch(ctx.fetch.form.rtl.src2)) {
        case Src2Latch::Keep: return;
        case Src2Latch::Use:  // a copy: the latch may be reloaded before this instruction executes
            latch_row(ctx.read.buf[1], src2_latch_);
            ctx.read.src[1] = ctx.read.buf[1];
            return;
        case Src2Latch::Load: load_latch(src2_latch_, src2_latch_values(ctx, raw)); return;
    }
}

// What read_source_ops (SRC_NUM = 2) loads: the second source as read, MVI's immediate (its
// only source), R2G's addr_in (src2_i: pipeline_decode.vhd has no case for it, 0) or, when an
// address register is named, a register-file read at that address (R0).
const std::uint32_t* SmCore::src2_latch_values(const ExecContext& ctx, const std::uint32_t* const raw[3]) {
    const isa::Instruction& in = *ctx.fetch.inst;
    if (in.op == Opcode::MOV) return raw[0];
    if (in.op == Opcode::R2G) return in.dst.areg == 0 ? zeros_ : reg_row(ctx.fetch.warp_slot, 0);
    return raw[1];
}

// A latch holds the values of the instruction's last pass (threads 32 - sp_lanes .. 31):
// lane l reads what thread last + l % lanes read. The lane counts FlexGripPlus builds (8, 16,
// 32: powers of two) take a mask, not a division per lane.
void SmCore::latch_row(std::uint32_t* out, const std::uint32_t* latch) const {
    const std::uint32_t lanes = latch_lanes_;
    if ((lanes & (lanes - 1)) == 0) {
        const std::uint32_t mask = lanes - 1;
        for (std::uint32_t l = 0; l < kWarpSize; ++l) out[l] = latch[l & mask];
        return;
    }
    for (std::uint32_t l = 0; l < kWarpSize; ++l) out[l] = latch[l % lanes];
}

// What R2P reads (rtl_alu_latch.hpp): the third-operand latch, loaded by the instructions
// pipeline_decode.vhd gives a typed third source (IMAD's, FMAD's, R2G's stored register), and
// the execute stage's ALU latch. An R2P executes on R0 (src[0], apply_semantics), the second-
// and third-operand latches (src[1], src[2]) and the ALU latch as it stands.
[[gnu::hot]] void SmCore::rtl_r2p_latches(ExecContext& ctx, const std::uint32_t* const raw[3]) {
    const isa::Instruction& in = *ctx.fetch.inst;
    if (in.op == Opcode::R2P) {
        latch_row(ctx.read.buf[1], src2_latch_);
        latch_row(ctx.read.buf[2], src3_latch_);
        ctx.read.src[1] = ctx.read.buf[1];
        ctx.read.src[2] = ctx.read.buf[2];
        ctx.read.alu_latch = alu_latch_;
        return;
    }
    const RtlLatchEffects& e = ctx.fetch.form.rtl;
    if (e.src3 != Src3Latch::Keep) load_latch(src3_latch_, raw[e.src3 == Src3Latch::FromThirdSource ? 2 : 0]);
    e.alu.apply(alu_latch_);
}

}  // namespace fgtlm::core
