#include "codec.hpp"

#include <string_view>

namespace fgtlm::isa::detail {
namespace {

// Bit access in either direction. In encode mode every write is range-checked; in decode
// mode `fail` marks a field value the table does not define.
struct Io {
    bool enc = false;
    std::uint64_t w = 0;
    std::string err;
    int areg = -1;  // address register used by memory operands (-1 = none seen yet)
    int bank = -1;  // constant bank used by c[][] operands

    [[nodiscard]] bool ok() const { return err.empty(); }
    void fail(std::string_view m) {
        if (err.empty()) err = std::string(m);
    }
    [[nodiscard]] std::uint32_t get(int pos, int width) const {
        return static_cast<std::uint32_t>((w >> pos) & ((std::uint64_t{1} << width) - 1));
    }
    [[nodiscard]] bool bit(int pos) const { return ((w >> pos) & 1u) != 0; }
    // `what` + `suffix` names the field; the message is built only on failure (decoding a
    // word must not allocate per field: a kernel's first fetch of each word decodes it).
    void put(int pos, int width, std::uint64_t v, std::string_view what, std::string_view suffix = {}) {
        if (v >> width) {
            fail(std::string(what) + std::string(suffix) + " out of range (" + std::to_string(width) + "-bit field)");
            return;
        }
        w |= v << pos;
    }
    void set_bit(int pos, bool b) {
        if (b) w |= std::uint64_t{1} << pos;
    }
    template <class T>
    void num(int pos, int width, T& v, std::string_view what, std::string_view suffix = {}) {
        if (enc) {
            put(pos, width, static_cast<std::uint64_t>(v), what, suffix);
        } else {
            v = static_cast<T>(get(pos, width));
        }
    }
    // A flag at `pos` (-1 = this row has no such flag: encoding a set flag is an error).
    void flag(int pos, bool& b, std::string_view what, std::string_view suffix = {}) {
        if (pos < 0) {
            if (enc && b) fail(std::string(what) + std::string(suffix) + " is not available");
            return;
        }
        if (enc) {
            set_bit(pos, b);
        } else {
            b = bit(pos);
        }
    }
};

bool is16(DataType t) {
    return t == DataType::U16 || t == DataType::S16 || t == DataType::U8 || t == DataType::S8 || t == DataType::F16;
}

const char* kind_name(OperandKind k) {
    switch (k) {
        case OperandKind::None: return "a missing operand";
        case OperandKind::Reg: return "a 32-bit register";
        case OperandKind::RegLo:
        case OperandKind::RegHi: return "a 16-bit register half";
        case OperandKind::Shared: return "a shared-memory operand";
        case OperandKind::Const: return "a constant-memory operand";
        case OperandKind::Immediate: return "an immediate";
        case OperandKind::AddrReg: return "an address register";
        case OperandKind::Global: return "a global-memory operand";
        case OperandKind::Output: return "o[...]";
        case OperandKind::Predicate: return "a predicate register";
        case OperandKind::Local: return "a local-memory operand";
        case OperandKind::Special: return "a special register";
    }
    return "?";
}

void bad_kind(Io& io, std::string_view which, const Operand& op, std::string_view expected) {
    io.fail(std::string(which) + ": expected " + std::string(expected) + ", got " + kind_name(op.kind));
}

// A GPR field: 32-bit register, or (half) a 16-bit half whose field value is 2*reg + H.
void reg(Io& io, int pos, int width, Operand& op, bool half, std::string_view which) {
    if (io.enc) {
        std::uint32_t v = 0;
        if (half) {
            if (op.kind != OperandKind::RegLo && op.kind != OperandKind::RegHi) {
                bad_kind(io, which, op, "a 16-bit register half (RnL/RnH)");
                return;
            }
            v = op.reg * 2u + (op.kind == OperandKind::RegHi ? 1u : 0u);
        } else {
            if (op.kind != OperandKind::Reg) {
                bad_kind(io, which, op, "a 32-bit register");
                return;
            }
            v = op.reg;
        }
        io.put(pos, width, v, which, " register");
    } else {
        const std::uint32_t v = io.get(pos, width);
        op.kind = half ? ((v & 1u) ? OperandKind::RegHi : OperandKind::RegLo) : OperandKind::Reg;
        op.reg = static_cast<std::uint8_t>(half ? v >> 1 : v);
    }
}

// The address register shared by all memory operands of the instruction.
void mem_areg(Io& io, Operand& op) {
    if (io.enc) {
        if (io.areg >= 0 && io.areg != op.areg) {
            io.fail("all memory operands of one instruction must use the same address register");
        }
        io.areg = op.areg;
    } else {
        op.areg = static_cast<std::uint8_t>(io.areg);
    }
}

void const_bank(Io& io, Operand& op) {
    if (io.enc) {
        if (io.bank >= 0 && io.bank != op.bank) io.fail("two constant operands with different banks");
        io.bank = op.bank;
    } else {
        op.bank = static_cast<std::uint8_t>(io.get(54, 4));
    }
}

constexpr DataType kSharedTypes[4] = {DataType::U8, DataType::U16, DataType::S16, DataType::U32};

std::uint32_t code_of(std::span<const DataType> table, DataType t, Io& io, std::string_view what) {
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (table[i] == t && t != DataType::None) return static_cast<std::uint32_t>(i);
    }
    io.fail(std::string(what) + ": type not encodable");
    return 0;
}

DataType type_of(std::span<const DataType> table, std::uint32_t code, Io& io, std::string_view what) {
    if (code >= table.size() || table[code] == DataType::None) {
        io.fail(std::string(what) + ": reserved type code " + std::to_string(code));
        return DataType::None;
    }
    return table[code];
}

// Shared operand g[Ak + off].type with `off_width` offset bits at `pos` then 2 type bits.
void shared_field(Io& io, int pos, int off_width, Operand& op, std::string_view which) {
    std::uint32_t code = 0;
    if (io.enc) {
        code = code_of(kSharedTypes, op.type == DataType::None ? DataType::U32 : op.type, io, which);
    }
    io.num(pos, off_width, op.value, which, " shared offset");
    io.num(pos + off_width, 2, code, which);
    if (!io.enc) {
        op.kind = OperandKind::Shared;
        op.type = kSharedTypes[code];
    }
    mem_areg(io, op);
}

void const_field(Io& io, int pos, int width, Operand& op, std::string_view which) {
    io.num(pos, width, op.value, which, " constant offset");
    const_bank(io, op);
    mem_areg(io, op);
    if (!io.enc) {
        op.kind = OperandKind::Const;
        op.type = DataType::U32;
    }
}

// "source N" without building a string per operand (a kernel's first fetch of each word decodes it).
std::string_view source_name(int index) {
    static constexpr std::string_view kNames[] = {"source 1", "source 2", "source 3", "source 4"};
    return index >= 0 && index < 4 ? kNames[index] : std::string_view("source");
}

// Source slot S1 (bits 9-15 long, 9-14 short): a register, or in rows that allow it a
// shared-memory operand (flag bit 53 long, 24 short).
void slot_s1(Io& io, const Spec& s, Operand& op, bool half, std::string_view which) {
    const bool lng = s.form == Form::Long;
    const int flag_bit = lng ? 53 : 24;
    bool shared = io.enc ? op.kind == OperandKind::Shared : ((s.flags & kSharedS1) && io.bit(flag_bit));
    if (shared && !(s.flags & kSharedS1)) {
        io.fail(std::string(which) + " cannot be a shared-memory operand");
        return;
    }
    if (shared) {
        io.set_bit(flag_bit, true);
        shared_field(io, 9, lng ? 5 : 4, op, which);
    } else {
        reg(io, 9, lng ? 7 : 6, op, half, which);
    }
    io.flag(shared && lng && (s.flags & kPostInc) ? 25 : -1, op.post_inc, which, " post-increment (+=)");
}

// Source slot S2 (bits 16-22): a register, or in long rows that allow them a constant-memory
// operand (bit 23) or a 7-bit immediate (bit 52).
void slot_s2(Io& io, const Spec& s, Operand& op, bool half, std::string_view which) {
    if (s.form != Form::Long) {
        reg(io, 16, 6, op, half, which);
        return;
    }
    const bool is_const = io.enc ? op.kind == OperandKind::Const : ((s.flags & kConstS2) && io.bit(23));
    const bool is_imm = io.enc ? op.kind == OperandKind::Immediate : ((s.flags & kImmS2) && io.bit(52));
    if (is_const) {
        if (!(s.flags & kConstS2)) return io.fail(std::string(which) + " cannot be a constant-memory operand");
        io.set_bit(23, true);
        const_field(io, 16, 7, op, which);
    } else if (is_imm) {
        if (!(s.flags & kImmS2)) return io.fail(std::string(which) + " cannot be an immediate");
        io.set_bit(52, true);
        io.num(16, 7, op.value, which, " immediate");
        if (!io.enc) op.kind = OperandKind::Immediate;
    } else {
        reg(io, 16, 7, op, half, which);
    }
}

// Source slot S3 (bits 46-52): a register, or a constant-memory operand (bit 24).
void slot_s3(Io& io, const Spec& s, Operand& op, bool half, std::string_view which) {
    const bool is_const = io.enc ? op.kind == OperandKind::Const : ((s.flags & kConstS3) && io.bit(24));
    if (is_const) {
        if (!(s.flags & kConstS3)) return io.fail(std::string(which) + " cannot be a constant-memory operand");
        io.set_bit(24, true);
        const_field(io, 46, 7, op, which);
    } else {
        reg(io, 46, 7, op, half, which);
    }
}

// The 32-bit immediate of the immediate forms: bits 16-21 low, 34-59 high.
void slot_imm32(Io& io, Operand& op, std::string_view which) {
    if (io.enc) {
        if (op.kind != OperandKind::Immediate) return bad_kind(io, which, op, "a 32-bit immediate");
        io.put(16, 6, op.value & 0x3fu, which);
        io.put(34, 26, op.value >> 6, which);
    } else {
        op.kind = OperandKind::Immediate;
        op.value = io.get(16, 6) | (io.get(34, 26) << 6);
    }
}

// A source that is the destination register (no field of its own).
void slot_dst_as_src(Io& io, Operand& op, const Operand& dst, std::string_view which) {
    if (io.enc) {
        if (op.kind != dst.kind || op.reg != dst.reg) io.fail(std::string(which) + " must be the destination register");
    } else {
        op = dst;
    }
}

// One source operand from its slot.
void slot(Io& io, const Spec& s, Slot sl, Operand& op, bool half, const Operand& dst, int index) {
    const std::string_view which = source_name(index);
    switch (sl) {
        case Slot::None: return;
        case Slot::S1: return slot_s1(io, s, op, half, which);
        case Slot::S2: return slot_s2(io, s, op, half, which);
        case Slot::S3: return slot_s3(io, s, op, half, which);
        case Slot::Imm32: return slot_imm32(io, op, which);
        case Slot::DstAsSrc: return slot_dst_as_src(io, op, dst, which);
    }
}

// Destination register (or o[..] when bit 35 is set in long forms).
void dst_reg(Io& io, const Spec& s, Operand& op, bool half) {
    const bool lng = s.form == Form::Long;
    const bool may_output = lng && !(s.flags & kNoOutput);
    const bool output = io.enc ? op.kind == OperandKind::Output : (may_output && io.bit(35));
    if (output) {
        if (!may_output) return io.fail("the destination cannot be o[...]");
        io.set_bit(35, true);
        io.num(2, 7, op.value, "o[] index");
        if (!io.enc) op.kind = OperandKind::Output;
        return;
    }
    reg(io, 2, lng ? 7 : 6, op, half, "destination");
}

// Address register named as an operand (A2R source, ADA source): bits 26-27 (+34 long).
void areg_operand(Io& io, Operand& op, std::string_view which) {
    if (io.enc) {
        if (op.kind != OperandKind::AddrReg) return bad_kind(io, which, op, "an address register");
        if (io.areg >= 0 && io.areg != op.reg) io.fail("conflicting address registers");
        io.areg = op.reg;
    } else {
        op.kind = OperandKind::AddrReg;
        op.reg = static_cast<std::uint8_t>(io.areg);
    }
}

// Address register in the destination field (R2A, ADA).
void areg_dst(Io& io, Operand& op) {
    if (io.enc) {
        if (op.kind != OperandKind::AddrReg) return bad_kind(io, "destination", op, "an address register");
        io.put(2, 7, op.reg, "address register");
    } else {
        const std::uint32_t v = io.get(2, 7);
        if (v > 7) io.fail("address register field > 7");
        op.kind = OperandKind::AddrReg;
        op.reg = static_cast<std::uint8_t>(v);
    }
}

void immediate(Io& io, int pos, int width, Operand& op, std::string_view which) {
    if (io.enc && op.kind != OperandKind::Immediate) return bad_kind(io, which, op, "an immediate");
    io.num(pos, width, op.value, which);
    if (!io.enc) op.kind = OperandKind::Immediate;
}

// ---- types ------------------------------------------------------------------------------

struct Halves {
    bool dst = false;
    std::array<bool, 3> src{};
};

constexpr DataType kIntDst[4] = {DataType::U16, DataType::U32, DataType::S16, DataType::S32};
constexpr DataType kFloatDst[4] = {DataType::F16, DataType::F32, DataType::None, DataType::None};
constexpr DataType kIntSrc[8] = {DataType::U16, DataType::U32, DataType::U8, DataType::None,
                                 DataType::S16, DataType::S32, DataType::S8, DataType::None};
constexpr DataType kFloatSrc[8] = {DataType::F16,  DataType::F32,  DataType::None, DataType::None,
                                   DataType::None, DataType::None, DataType::None, DataType::None};

// Width flag + sign flag -> U16/S16/U32/S32 (or U16/S16/U24/S24 for multiplies).
void width_sign(Io& io, int wide_bit, int sign_bit, DataType& t, DataType narrow_u, DataType narrow_s, DataType wide_u,
                DataType wide_s) {
    bool wide = false;
    bool sign = false;
    if (io.enc) {
        const DataType v = t == DataType::None ? wide_u : t;
        if (v == narrow_u) {
        } else if (v == narrow_s) {
            sign = true;
        } else if (v == wide_u) {
            wide = true;
        } else if (v == wide_s) {
            wide = sign = true;
        } else {
            return io.fail("operation type not encodable");
        }
        if (sign && sign_bit < 0) return io.fail("signed variant not encodable");
        io.set_bit(wide_bit, wide);
        if (sign_bit >= 0) io.set_bit(sign_bit, sign);
    } else {
        wide = io.bit(wide_bit);
        sign = sign_bit >= 0 && io.bit(sign_bit);
        t = wide ? (sign ? wide_s : wide_u) : (sign ? narrow_s : narrow_u);
    }
}

// I2I/I2F/F2I/F2F: destination and source type codes (bits 58-59, 46-48), F2F's integer rounding.
void conversion_types(Io& io, const Spec& s, Instruction& in, Halves& h) {
    const bool fdst = s.types == Types::CvtI2F || s.types == Types::CvtF2F;
    const bool fsrc = s.types == Types::CvtF2I || s.types == Types::CvtF2F;
    const std::span<const DataType> dt = fdst ? std::span<const DataType>(kFloatDst) : kIntDst;
    const std::span<const DataType> st = fsrc ? std::span<const DataType>(kFloatSrc) : kIntSrc;
    std::uint32_t dcode = 0;
    std::uint32_t scode = 0;
    if (io.enc) {
        dcode = code_of(dt, in.dtype, io, "destination type");
        scode = code_of(st, in.stype, io, "source type");
    }
    if (s.flags & kRoundInt) {
        // F2F: bit 58 = F32 destination, bit 59 = round to an integral value (cvt.rni/rmi/rpi/rzi).
        io.num(58, 1, dcode, "destination type");
        io.flag(59, in.round_int, "integer rounding");
    } else {
        io.num(58, 2, dcode, "destination type");
        if (io.enc && in.round_int) io.fail("integer rounding is only available on F2F");
    }
    io.num(46, 3, scode, "source type");
    if (!io.enc) {
        in.dtype = type_of(dt, dcode, io, "destination type");
        in.stype = type_of(st, scode, io, "source type");
    }
    h.dst = is16(in.dtype);
    h.src[0] = is16(in.stype);
}

Halves types(Io& io, const Spec& s, Instruction& in) {
    Halves h;
    const bool lng = s.form == Form::Long;
    switch (s.types) {
        case Types::None: break;
        case Types::Int:
            width_sign(io, 58, 59, in.dtype, DataType::U16, DataType::S16, DataType::U32, DataType::S32);
            h.dst = h.src[0] = h.src[1] = h.src[2] = is16(in.dtype);
            break;
        case Types::ShortInt:
            width_sign(io, 15, -1, in.dtype, DataType::U16, DataType::S16, DataType::U32, DataType::S32);
            h.dst = h.src[0] = h.src[1] = h.src[2] = is16(in.dtype);
            break;
        case Types::Imul:
            width_sign(io, lng ? 48 : 22, lng ? 47 : 15, in.dtype, DataType::U16, DataType::S16, DataType::U24,
                       DataType::S24);
            in.stype = in.dtype;
            h.src[0] = h.src[1] = is16(in.dtype);
            if (s.form == Form::Immediate) {
                // nvcc's IMUL32I.S16.S16 sets bit 8 as well as bit 15 (as IMAD32I's signed bit 8),
                // IMUL32I.S24.S24 only bit 15 (tests_test8.cubin); the RTL reads bit 15 only.
                const bool sign = in.dtype == DataType::S16;
                if (io.enc)
                    io.set_bit(8, sign);
                else if (io.bit(8) != sign)
                    io.fail("IMUL32I bit 8 is set exactly for .S16");
            }
            break;
        case Types::ImadU16:
        case Types::ImadS16: {
            const DataType want = s.types == Types::ImadU16 ? DataType::U16 : DataType::S16;
            if (io.enc && in.dtype != want) io.fail("type mismatch");
            in.dtype = in.stype = want;
            h.src[0] = h.src[1] = true;
            break;
        }
        case Types::ImadS24:
        case Types::ImadU24: {
            const DataType want = s.types == Types::ImadS24 ? DataType::S24 : DataType::U24;
            if (io.enc && in.dtype != want) io.fail("type mismatch");
            in.dtype = in.stype = want;
            break;
        }
        case Types::ImadShort:
            width_sign(io, 8, -1, in.dtype, DataType::U16, DataType::None, DataType::S16, DataType::None);
            in.stype = in.dtype;
            h.src[0] = h.src[1] = true;
            break;
        case Types::Float:
            if (io.enc && in.dtype != DataType::F32 && in.dtype != DataType::None)
                io.fail("operation type must be F32");
            in.dtype = DataType::F32;
            break;
        case Types::CvtI2I:
        case Types::CvtI2F:
        case Types::CvtF2I:
        case Types::CvtF2F: conversion_types(io, s, in, h); break;
    }
    return h;
}

// ---- common fields ----------------------------------------------------------------------

// Form, flow and opcode bits, the sub-opcode and marker of long forms, the row's fixed bits.
void opcode_fields(Io& io, const Spec& s, Instruction& in) {
    if (io.enc) {
        if (in.form != s.form) io.fail("form mismatch");
        io.set_bit(0, s.form != Form::Short);
        io.set_bit(1, s.flow != 0);
        io.put(28, 4, s.op, "opcode");
        if (s.form == Form::Long) {
            // A sub-op the instruction names (decoded, or FMUL.SUB2) selects the rows of that sub-op.
            if (in.sub_op != 0 && in.sub_op != s.sub) io.fail("sub-opcode mismatch");
            io.put(61, 3, s.sub, "sub-opcode");
            io.put(32, 2, static_cast<std::uint32_t>(in.marker), "marker");
        } else if (s.form == Form::Immediate) {
            io.put(32, 2, 3, "marker");
        }
        io.w |= s.fixed_value;
    } else {
        in.form = s.form;
        in.op = s.opcode;
        in.sub_op = s.form == Form::Long ? static_cast<std::uint8_t>(io.get(61, 3)) : 0;
        in.marker = s.form == Form::Long ? static_cast<Marker>(io.get(32, 2)) : Marker::None;
        if ((io.w & s.fixed_mask) != s.fixed_value) io.fail("reserved bits set");
        in.explicit_tr = (s.flags & kExplicitTr) != 0;
    }
    if (io.enc && in.explicit_tr != ((s.flags & kExplicitTr) != 0)) io.fail("guard field C0.TR mismatch");
    if (s.form != Form::Long) {
        if (io.enc && in.marker != Marker::None) io.fail("32-bit and immediate forms have no marker (.S / end)");
    }
}

// Guard register of a row with a guard: bits 44-45, which carry forms use for .CARRYn.
void guard_register(Io& io, const Spec& s, Instruction& in) {
    if (s.flags & kCarryIn) {
        if (io.enc) {
            if (!in.carry_in) io.fail("carry form needs .CARRYn");
            if (in.is_guarded() && in.guard_reg != in.carry_in_reg) {
                io.fail("a carry-in instruction must be guarded by its carry predicate register");
            }
            io.put(44, 2, in.carry_in_reg, "carry register");
        } else {
            in.carry_in = true;
            in.carry_in_reg = in.guard_reg = static_cast<std::uint8_t>(io.get(44, 2));
        }
    } else {
        if (io.enc && in.carry_in) io.fail(".CARRY is not available");
        io.num(44, 2, in.guard_reg, "guard register");
    }
}

// Guard: bits 39-43 condition, 44-45 predicate register (long forms without kNoGuard).
void guard_fields(Io& io, const Spec& s, Instruction& in) {
    const bool has_guard = s.form == Form::Long && !(s.flags & kNoGuard);
    if (has_guard) {
        std::uint32_t cond = static_cast<std::uint32_t>(in.guard_cond);
        io.num(39, 5, cond, "guard condition");
        if (!io.enc) {
            if (cond >= 0x14 && cond <= 0x1b) io.fail("undefined guard condition");
            in.guard_cond = static_cast<Condition>(cond);
        }
        guard_register(io, s, in);
    } else if (io.enc) {
        if (in.is_guarded() || in.guard_reg != 0) io.fail("this instruction cannot be guarded");
        if (in.carry_in) io.fail(".CARRY is not available");
    } else {
        in.guard_cond = Condition::TR;
    }
}

// Set-predicate: bit 38 enable, 36-37 register (long forms without kNoSetPred).
void set_predicate_fields(Io& io, const Spec& s, Instruction& in) {
    const bool has_setp = s.form == Form::Long && !(s.flags & kNoSetPred);
    if (has_setp) {
        io.flag(38, in.set_pred, ".Cn");
        if (io.enc) {
            if (in.set_pred) io.put(36, 2, in.set_pred_reg, "set-predicate register");
        } else {
            in.set_pred_reg = static_cast<std::uint8_t>(io.get(36, 2));
        }
    } else if (io.enc && in.set_pred) {
        io.fail("this instruction cannot set a predicate (.Cn)");
    }
}

void header(Io& io, const Spec& s, Instruction& in) {
    opcode_fields(io, s, in);
    guard_fields(io, s, in);
    set_predicate_fields(io, s, in);
}

void extra(Io& io, const Spec& s, Instruction& in) {
    switch (s.extra) {
        case Extra::None: return;
        case Extra::Cmp: io.num(s.extra_pos, 3, in.cmp, "comparison"); return;
        case Extra::Lop: io.num(s.extra_pos, 2, in.lop, "logic operation"); return;
        case Extra::Round: io.num(s.extra_pos, 2, in.rounding, "rounding"); return;
        case Extra::High: io.flag(s.extra_pos, in.high, ".HI"); return;
        case Extra::Rro: {
            std::uint32_t v = static_cast<std::uint32_t>(in.rro);
            io.num(s.extra_pos, 2, v, "RRO kind");
            if (!io.enc) {
                if (v > 1) io.fail("reserved RRO kind");
                in.rro = static_cast<RroKind>(v & 1u);
            }
            return;
        }
    }
}

// FMAD without a constant operand: nvcc sometimes fills the bank field (54-57) all the same
// (0x00408780e0010205). It is kept as the second source's bank, the operand FlexGripPlus reads
// from c[bank][bits 16-22] when bit 54 is set (core semantics, operand_fields), so that the
// word re-encodes bit for bit. Other rows leave the field to their constant operands.
void spare_bank(Io& io, const Spec& s, Instruction& in) {
    bool has_const = false;
    for (std::size_t i = 0; i < in.num_src; ++i) has_const = has_const || in.src[i].kind == OperandKind::Const;
    if (in.num_src < 2 || has_const || !(s.flags & kSpareBank)) return;
    io.num(54, 4, in.src[1].bank, "constant bank of the register second source");
}

int slot_count(const Spec& s) {
    int n = 0;
    for (Slot sl : s.slots) n += sl != Slot::None ? 1 : 0;
    return n;
}

void alu(Io& io, const Spec& s, Instruction& in) {
    const Halves h = types(io, s, in);
    dst_reg(io, s, in.dst, h.dst);
    const int n = slot_count(s);
    if (io.enc && in.num_src != n) {
        io.fail("expected " + std::to_string(n) + " source operand(s), got " + std::to_string(in.num_src));
        return;
    }
    in.num_src = static_cast<std::uint8_t>(n);
    for (int i = 0; i < n; ++i) {
        Operand& op = in.src[static_cast<std::size_t>(i)];
        slot(io, s, s.slots[static_cast<std::size_t>(i)], op, h.src[static_cast<std::size_t>(i)], in.dst, i);
        const std::string_view which = source_name(i);
        if (s.slots[static_cast<std::size_t>(i)] == Slot::DstAsSrc) continue;
        if (i == 0 && (s.flags & kImpliedNeg0)) {
            if (io.enc && !op.negate) io.fail("this row negates source 1");
            op.negate = true;
        } else {
            io.flag(s.neg[static_cast<std::size_t>(i)], op.negate, which, " negation");
        }
        io.flag(s.abs[static_cast<std::size_t>(i)], op.absolute, which, " |absolute value|");
        io.flag(i < 2 ? s.inv[static_cast<std::size_t>(i)] : -1, op.invert, which, " ~inversion");
    }
    spare_bank(io, s, in);
    if ((s.flags & kNegExclusive) && io.enc && in.src[0].negate && in.src[2].negate) {
        io.fail("cannot negate both source 1 and source 3");
    }
    if (s.flags & kSat51) {
        io.flag(51, in.saturate, ".SAT");
    } else if (io.enc && in.saturate) {
        io.fail(".SAT is not available");
    }
    extra(io, s, in);
    if (io.enc && s.extra != Extra::Round && in.rounding != Rounding::Nearest) io.fail("rounding is not available");
    if (io.enc && s.extra != Extra::High && in.high) io.fail(".HI is not available");
}

constexpr DataType kGlobalTypes[8] = {DataType::U8,  DataType::S8,   DataType::U16, DataType::S16,
                                      DataType::U64, DataType::U128, DataType::U32, DataType::S32};
constexpr DataType kR2gTypes[4] = {DataType::U16, DataType::U32, DataType::U8, DataType::None};
constexpr DataType kMvcTypes[4] = {DataType::U8, DataType::U16, DataType::S16, DataType::U32};

void global_operand(Io& io, Operand& op, std::string_view which) {
    if (io.enc && op.kind != OperandKind::Global) return bad_kind(io, which, op, "globalN[Rn]");
    io.num(9, 7, op.reg, which, " address register");
    io.num(16, 6, op.bank, which, " segment");
    if (!io.enc) op.kind = OperandKind::Global;
}

void global_type(Io& io, Instruction& in, Operand& mem) {
    std::uint32_t code = 0;
    if (io.enc) code = code_of(kGlobalTypes, in.dtype, io, "global access type");
    io.num(53, 3, code, "global access type");
    if (!io.enc) in.dtype = kGlobalTypes[code];
    mem.type = in.dtype;
}

void need_srcs(Io& io, Instruction& in, int n) {
    if (io.enc && in.num_src != n) {
        io.fail("expected " + std::to_string(n) + " source operand(s), got " + std::to_string(in.num_src));
    }
    in.num_src = static_cast<std::uint8_t>(n);
}

// MVC: a constant-memory word into a register, with its access type.
void shape_mvc(Io& io, const Spec& s, Instruction& in) {
    const Halves h = types(io, s, in);
    dst_reg(io, s, in.dst, h.dst);
    need_srcs(io, in, 1);
    Operand& c = in.src[0];
    if (io.enc && c.kind != OperandKind::Const) return bad_kind(io, "source", c, "c[bank][offset]");
    std::uint32_t code = 0;
    if (io.enc) code = code_of(kMvcTypes, c.type == DataType::None ? DataType::U32 : c.type, io, "constant type");
    io.num(46, 7, code, "constant type");
    const_field(io, 9, 14, c, "source");
    io.flag((s.flags & kPostInc) ? 25 : -1, c.post_inc, "post-increment (+=)");
    if (!io.enc) c.type = type_of(kMvcTypes, code, io, "constant type");
}

// R2G: a register into shared memory (movsh).
void shape_r2g(Io& io, const Spec& s, Instruction& in) {
    // R2G.<access>.<register> g[Ak+off], Rs: access type in 53-54 (0 U16, 1 U32, 2 U8),
    // bit 58 = 32-bit source register (else a half). The offset is in units of the access.
    std::uint32_t code = 0;
    if (io.enc) code = code_of(kR2gTypes, in.dtype, io, "shared store type");
    io.num(53, 2, code, "shared store type");
    if (!io.enc) in.dtype = type_of(kR2gTypes, code, io, "shared store type");
    bool wide = in.stype == DataType::U32 || in.stype == DataType::S32;
    if (io.enc && !wide && in.stype != DataType::U16 && in.stype != DataType::S16)
        io.fail("register type must be U16 or U32");
    io.flag(58, wide, "32-bit register");
    if (!io.enc) in.stype = wide ? DataType::U32 : DataType::U16;
    Operand& d = in.dst;
    if (io.enc && d.kind != OperandKind::Shared) return bad_kind(io, "destination", d, "g[Ak+offset]");
    io.num(9, 14, d.value, "shared offset");
    mem_areg(io, d);
    io.flag((s.flags & kPostInc) ? 25 : -1, d.post_inc, "post-increment (+=)");
    if (!io.enc) {
        d.kind = OperandKind::Shared;
        d.type = in.dtype;
    } else if (d.type != DataType::None && d.type != in.dtype) {
        io.fail("shared destination type differs from the instruction type");
    }
    need_srcs(io, in, 1);
    reg(io, 46, 7, in.src[0], !wide, "source");
}

// P2R: a predicate register into a general register.
void shape_p2r(Io& io, const Spec& s, Instruction& in) {
    const Halves h = types(io, s, in);
    dst_reg(io, s, in.dst, h.dst);
    need_srcs(io, in, 1);
    Operand& p = in.src[0];
    if (io.enc && p.kind != OperandKind::Predicate) return bad_kind(io, "source", p, "a predicate register Cn");
    io.num(12, 2, p.reg, "predicate register");
    if (!io.enc) p.kind = OperandKind::Predicate;
}

// R2P: a general register into a predicate register.
void shape_r2p(Io& io, const Spec& s, Instruction& in) {
    const Halves h = types(io, s, in);
    Operand& p = in.dst;
    if (io.enc && p.kind != OperandKind::Predicate) return bad_kind(io, "destination", p, "a predicate register Cn");
    io.num(36, 2, p.reg, "predicate register");
    if (!io.enc) p.kind = OperandKind::Predicate;
    need_srcs(io, in, 1);
    slot(io, s, Slot::S1, in.src[0], h.src[0], in.dst, 0);
}

// S2R: a special register (SRn) into a general register.
void shape_s2r(Io& io, const Spec& /*s*/, Instruction& in) {
    reg(io, 2, 7, in.dst, false, "destination");
    need_srcs(io, in, 1);
    Operand& sr = in.src[0];
    if (io.enc && sr.kind != OperandKind::Special) return bad_kind(io, "source", sr, "a special register SRn");
    io.num(46, 7, sr.value, "special register");
    if (!io.enc) sr.kind = OperandKind::Special;
}

// LLD / LST: local memory l[Ak+offset], loaded or stored.
void shape_local(Io& io, const Spec& s, Instruction& in) {
    const bool load = s.shape == Shape::Lld;
    Operand& mem = load ? in.src[0] : in.dst;
    if (load) {
        dst_reg(io, s, in.dst, false);
    } else if (io.enc && mem.kind != OperandKind::Local) {
        return bad_kind(io, "destination", mem, "l[Ak+offset]");
    }
    need_srcs(io, in, 1);
    if (load && io.enc && mem.kind != OperandKind::Local) return bad_kind(io, "source", mem, "l[Ak+offset]");
    io.num(9, 14, mem.value, "local offset");
    mem_areg(io, mem);
    if (!io.enc) mem.kind = OperandKind::Local;
    if (!load) reg(io, 2, 7, in.src[0], false, "source");
    global_type(io, in, mem);
}

// TEX: texture unit, sampler, dimension and component mask.
void shape_tex(Io& io, const Spec& /*s*/, Instruction& in) {
    need_srcs(io, in, 0);
    reg(io, 2, 7, in.dst, false, "destination");
    io.num(9, 7, in.tex_unit, "texture unit");
    io.num(17, 4, in.tex_sampler, "sampler");
    io.flag(24, in.tex_int, "integer coordinates");
    std::uint32_t dim = in.tex_dim == 0 ? 0u : in.tex_dim - 1u;
    if (io.enc && (in.tex_dim < 1 || in.tex_dim > 3)) io.fail("texture dimension must be 1D, 2D or 3D");
    io.num(22, 2, dim, "texture dimension");
    if (!io.enc) {
        if (dim > 2) io.fail("reserved texture dimension");
        in.tex_dim = static_cast<std::uint8_t>(dim + 1);
    }
    std::uint32_t lo_mask = in.tex_mask & 3u;
    std::uint32_t hi_mask = (in.tex_mask >> 2) & 3u;
    if (io.enc && (in.tex_mask == 0 || in.tex_mask > 15)) io.fail("texture component mask must be 0x1-0xf");
    io.num(25, 2, lo_mask, "texture mask");
    io.num(46, 2, hi_mask, "texture mask");
    if (!io.enc) {
        in.tex_mask = static_cast<std::uint8_t>(lo_mask | (hi_mask << 2));
        if (in.tex_mask == 0) io.fail("empty texture component mask");
    }
}

// BRA/CAL/SSY/PBK: the byte address in bits 9-27.
void shape_flow_target(Io& io, const Spec& /*s*/, Instruction& in) {
    need_srcs(io, in, 0);
    io.num(9, 19, in.target, "branch target");
}

// RET/BRK/KIL/TRAP and NOP: no operands.
void shape_plain(Io& io, const Spec& /*s*/, Instruction& in) { need_srcs(io, in, 0); }

// BAR: barrier number and thread count.
void shape_bar(Io& io, const Spec& /*s*/, Instruction& in) {
    need_srcs(io, in, 0);
    io.num(21, 4, in.target, "barrier number");
    io.num(9, 12, in.bar_count, "barrier thread count");
}

// A2R: an address register into a general register.
void shape_a2r(Io& io, const Spec& /*s*/, Instruction& in) {
    reg(io, 2, 7, in.dst, false, "destination");
    need_srcs(io, in, 1);
    areg_operand(io, in.src[0], "source");
}

// R2A: a register or shared word (movsh), shifted, into an address register.
void shape_r2a(Io& io, const Spec& s, Instruction& in) {
    areg_dst(io, in.dst);
    need_srcs(io, in, 2);
    slot(io, s, Slot::S1, in.src[0], false, in.dst, 0);
    immediate(io, 16, 7, in.src[1], "shift");
}

// ADA: an address register plus an immediate offset.
void shape_ada(Io& io, const Spec& /*s*/, Instruction& in) {
    areg_dst(io, in.dst);
    need_srcs(io, in, 2);
    areg_operand(io, in.src[0], "source");
    immediate(io, 9, 14, in.src[1], "offset");
}

// GLD: a global-memory load.
void shape_gld(Io& io, const Spec& s, Instruction& in) {
    dst_reg(io, s, in.dst, false);
    need_srcs(io, in, 1);
    global_operand(io, in.src[0], "source");
    global_type(io, in, in.src[0]);
}

// GST: a global-memory store.
void shape_gst(Io& io, const Spec& /*s*/, Instruction& in) {
    global_operand(io, in.dst, "destination");
    need_srcs(io, in, 1);
    reg(io, 2, 7, in.src[0], false, "source");
    global_type(io, in, in.dst);
}

void body(Io& io, const Spec& s, Instruction& in) {
    switch (s.shape) {
        case Shape::FlowTarget: return shape_flow_target(io, s, in);
        case Shape::FlowPlain:
        case Shape::Nop: return shape_plain(io, s, in);
        case Shape::Bar: return shape_bar(io, s, in);
        case Shape::Alu: return alu(io, s, in);
        case Shape::Mvc: return shape_mvc(io, s, in);
        case Shape::A2R: return shape_a2r(io, s, in);
        case Shape::R2A: return shape_r2a(io, s, in);
        case Shape::R2G: return shape_r2g(io, s, in);
        case Shape::Ada: return shape_ada(io, s, in);
        case Shape::Gld: return shape_gld(io, s, in);
        case Shape::Gst: return shape_gst(io, s, in);
        case Shape::P2R: return shape_p2r(io, s, in);
        case Shape::R2P: return shape_r2p(io, s, in);
        case Shape::S2R: return shape_s2r(io, s, in);
        case Shape::Lld:
        case Shape::Lst: return shape_local(io, s, in);
        case Shape::Tex: return shape_tex(io, s, in);
    }
}

void finish_memory(Io& io, const Spec& s) {
    if (!io.enc) return;
    if (io.bank >= 0) io.put(54, 4, static_cast<std::uint32_t>(io.bank), "constant bank");
    if (io.areg <= 0) return;
    if (s.form == Form::Long) {
        io.put(26, 2, static_cast<std::uint32_t>(io.areg) & 3u, "address register");
        io.set_bit(34, (io.areg & 4) != 0);
    } else {
        io.put(26, 2, static_cast<std::uint32_t>(io.areg), "address register (A0-A3 in this form)");
    }
}

}  // namespace

bool decode_with(const Spec& spec, std::uint64_t word, Instruction& inst, std::string& error) {
    Io io;
    io.enc = false;
    io.w = word;
    io.areg = static_cast<int>((word >> 26) & 3u);
    if (spec.form == Form::Long && ((word >> 34) & 1u)) io.areg |= 4;
    header(io, spec, inst);
    body(io, spec, inst);
    error = io.err;
    return io.ok();
}

bool encode_with(const Spec& spec, const Instruction& inst, std::uint64_t& word, std::string& error) {
    Io io;
    io.enc = true;
    Instruction copy = inst;  // the codec takes a mutable reference in both directions
    header(io, spec, copy);
    body(io, spec, copy);
    finish_memory(io, spec);
    error = io.err;
    word = io.w;
    return io.ok();
}

}  // namespace fgtlm::isa::detail
