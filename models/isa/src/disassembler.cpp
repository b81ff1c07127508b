#include <fgtlm/isa/disassembler.hpp>

#include <fgtlm/isa/decoder.hpp>

#include "format_table.hpp"

#include <cstdio>
#include <vector>

namespace fgtlm::isa {
namespace {

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%x", v);
    return buf;
}

// Operation types printed as a plain `.T` suffix only when not the 32-bit unsigned default.
std::string int_suffix(DataType t) {
    if (t == DataType::U32 || t == DataType::None) return {};
    return "." + std::string(type_name(t));
}

std::string rounding_suffix(Rounding r) {
    switch (r) {
        case Rounding::Nearest: return {};
        case Rounding::Down: return ".FLOOR";
        case Rounding::Up: return ".CEIL";
        case Rounding::Trunc: return ".TRUNC";
    }
    return {};
}

// F2F rounding to an integral value (PTX cvt.rni/rmi/rpi/rzi).
std::string integral_rounding_suffix(Rounding r) {
    switch (r) {
        case Rounding::Nearest: return ".RNI";
        case Rounding::Down: return ".RMI";
        case Rounding::Up: return ".RPI";
        case Rounding::Trunc: return ".RZI";
    }
    return {};
}

// Source type of a conversion: 8-bit register sources print as the 16-bit type + .BEXT.
std::string conversion_source(DataType s) {
    if (s == DataType::U8) return ".U16.BEXT";
    if (s == DataType::S8) return ".S16.BEXT";
    return "." + std::string(type_name(s));
}

std::string mem_index(const Operand& op) {
    std::string s;
    // A0 is printed only with a post-increment (bit 25 set with no address register): the text
    // must keep the bit so that it assembles back to the same word (fuzz_isa_decode).
    if (op.areg != 0 || op.post_inc) s += "A" + std::to_string(op.areg) + (op.post_inc ? "+=" : "+");
    return s + hex(op.value);
}

std::string operand_text(const Operand& op, bool shared_dst) {
    std::string s;
    switch (op.kind) {
        case OperandKind::None: return {};
        case OperandKind::Reg: s = "R" + std::to_string(op.reg); break;
        case OperandKind::RegLo: s = "R" + std::to_string(op.reg) + "L"; break;
        case OperandKind::RegHi: s = "R" + std::to_string(op.reg) + "H"; break;
        case OperandKind::Shared:
            s = (shared_dst ? "g[" : "g [") + mem_index(op) + "]";
            if (!shared_dst && op.type != DataType::U32 && op.type != DataType::None)
                s += "." + std::string(type_name(op.type));
            break;
        case OperandKind::Const:
            s = "c[" + hex(op.bank) + "][" + mem_index(op) + "]";
            if (op.type != DataType::U32 && op.type != DataType::None) s += "." + std::string(type_name(op.type));
            break;
        case OperandKind::Immediate: s = hex(op.value); break;
        case OperandKind::AddrReg: s = "A" + std::to_string(op.reg); break;
        case OperandKind::Global: s = "global" + std::to_string(op.bank) + "[R" + std::to_string(op.reg) + "]"; break;
        case OperandKind::Output: s = "o[" + hex(op.value) + "]"; break;
        case OperandKind::Predicate: s = "C" + std::to_string(op.reg); break;
        case OperandKind::Local: s = "l[" + mem_index(op) + "]"; break;
        case OperandKind::Special: s = "SR" + std::to_string(op.value); break;
    }
    if (op.absolute) s = "|" + s + "|";
    if (op.invert) s = "~" + s;
    if (op.negate) s = "-" + s;
    return s;
}

std::string guard_text(const Instruction& in) {
    return "C" + std::to_string(in.guard_reg) + "." + std::string(condition_name(in.guard_cond));
}

// A guard is shown unless it is "always" on C0 (carry forms use the register for the carry).
bool show_guard(const Instruction& in) {
    return in.guard_cond != Condition::TR || (in.guard_reg != 0 && !in.carry_in);
}

bool is_flow_prefix(Opcode op) {
    return op == Opcode::BRA || op == Opcode::RET || op == Opcode::BRK || op == Opcode::KIL;
}

}  // namespace

std::string_view condition_name(Condition c) {
    static constexpr std::string_view kNames[32] = {
        "FL", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN", "LTU", "EQU", "LEU", "GTU", "NEU", "GEU", "TR",
        "OFL", "CARRY", "ABOVE", "SIGN", "", "", "", "", "", "", "", "", "NSF", "BLE", "NCF", "NOF"};
    const auto i = static_cast<std::size_t>(c);
    return i < 32 ? kNames[i] : std::string_view{};
}

std::string_view type_name(DataType t) {
    switch (t) {
        case DataType::None: return {};
        case DataType::U8: return "U8";
        case DataType::S8: return "S8";
        case DataType::U16: return "U16";
        case DataType::S16: return "S16";
        case DataType::U32: return "U32";
        case DataType::S32: return "S32";
        case DataType::U64: return "64";
        case DataType::U128: return "128";
        case DataType::F16: return "F16";
        case DataType::F32: return "F32";
        case DataType::F64: return "F64";
        case DataType::U24: return "U24";
        case DataType::S24: return "S24";
    }
    return {};
}

std::string_view compare_name(CompareOp c) {
    static constexpr std::string_view kNames[8] = {"FL", "LT", "EQ", "LE", "GT", "NE", "GE", "TR"};
    return kNames[static_cast<std::size_t>(c) & 7u];
}

std::string_view logic_name(LogicOp l) {
    static constexpr std::string_view kNames[4] = {"AND", "OR", "XOR", "PASS_B"};
    return kNames[static_cast<std::size_t>(l) & 3u];
}

std::string mnemonic(const Instruction& in) {
    if (in.is_illegal()) return ".illegal";
    std::string m(detail::base_name(in.op, in.form));
    if (in.is_join()) m += ".S";
    switch (in.op) {
        case Opcode::IADD: case Opcode::ISET: case Opcode::IMAX: case Opcode::IMIN: case Opcode::SHL:
        case Opcode::SHR: case Opcode::MOV: case Opcode::MVC:
            m += int_suffix(in.dtype);
            break;
        case Opcode::LOP:
            m += "." + std::string(logic_name(in.lop)) + int_suffix(in.dtype);
            break;
        case Opcode::IMUL:
            if (in.high) m += ".HI";
            m += "." + std::string(type_name(in.dtype)) + "." + std::string(type_name(in.dtype));
            break;
        case Opcode::IMAD:
            m += "." + std::string(type_name(in.dtype));
            break;
        case Opcode::I2I: case Opcode::I2F: case Opcode::F2I: case Opcode::F2F:
            m += "." + std::string(type_name(in.dtype)) + conversion_source(in.stype);
            m += in.round_int ? integral_rounding_suffix(in.rounding) : rounding_suffix(in.rounding);
            if (in.saturate) m += ".SAT";
            break;
        case Opcode::FADD: case Opcode::FMUL:
            if (in.op == Opcode::FMUL && in.form == Form::Long && in.sub_op == 2) m += ".SUB2";
            m += rounding_suffix(in.rounding);
            break;
        case Opcode::GLD: case Opcode::GST: case Opcode::LLD: case Opcode::LST:
            m += "." + std::string(type_name(in.dtype));
            break;
        case Opcode::P2R: case Opcode::R2P:
            m += int_suffix(in.dtype);
            break;
        case Opcode::TEX:
            m += "." + std::to_string(in.tex_dim) + "D";
            if (in.tex_int) m += ".I";
            break;
        case Opcode::R2G:
            m += "." + std::string(type_name(in.dtype)) + "." + std::string(type_name(in.stype));
            break;
        default: break;
    }
    if (in.carry_in) m += ".CARRY" + std::to_string(in.carry_in_reg);
    if (in.set_pred) m += ".C" + std::to_string(in.set_pred_reg);
    return m;
}

std::string disassemble(const Instruction& in) {
    if (in.is_illegal()) {
        char buf[48];
        if (in.form == Form::Short || in.illegal_reason == IllegalReason::Truncated) {
            std::snprintf(buf, sizeof buf, ".illegal 0x%08x", in.lo);
        } else {
            std::snprintf(buf, sizeof buf, ".illegal 0x%08x%08x", in.hi, in.lo);
        }
        return buf;
    }
    std::string t = mnemonic(in);
    std::vector<std::string> ops;
    switch (in.op) {
        case Opcode::BRA: case Opcode::CAL: case Opcode::SSY: case Opcode::PBK:
        case Opcode::RET: case Opcode::BRK: case Opcode::KIL:
            if (is_flow_prefix(in.op) && show_guard(in)) ops.push_back(guard_text(in));
            // A guard field of C0.TR on SSY/CAL/PBK (explicit_tr) is not printed, as cuobjdump
            // prints it: `SSY 0x148`; listings keep it in the encoding comment (assembler.cpp).
            if (in.op == Opcode::BRA || in.op == Opcode::CAL || in.op == Opcode::SSY || in.op == Opcode::PBK) {
                ops.push_back(hex(in.target));
            }
            break;
        case Opcode::BAR:
            ops.push_back("b" + std::to_string(in.target));
            ops.push_back(hex(in.bar_count));
            break;
        case Opcode::NOP: case Opcode::TRAP:
            break;
        case Opcode::TEX: {
            std::string first = operand_text(in.dst, false);
            if (show_guard(in)) first += " (" + guard_text(in) + ")";
            ops.push_back(first);
            ops.push_back(hex(in.tex_unit));
            ops.push_back(hex(in.tex_sampler));
            ops.push_back(hex(in.tex_mask));
            break;
        }
        default: {
            std::string first = operand_text(in.dst, in.op == Opcode::R2G);
            if (show_guard(in)) first += " (" + guard_text(in) + ")";
            ops.push_back(first);
            for (int i = 0; i < in.num_src; ++i) {
                const Operand& op = in.src[static_cast<std::size_t>(i)];
                if (in.op == Opcode::R2A && i == 1 && op.value == 0) continue;  // no shift
                if (op.kind == OperandKind::Immediate && in.op == Opcode::FADD && in.form == Form::Immediate &&
                    (op.value & 0x80000000u)) {
                    ops.push_back("-" + hex(0u - op.value));  // cuobjdump prints FADD32I immediates signed
                    continue;
                }
                ops.push_back(operand_text(op, false));
            }
            if (in.op == Opcode::ISET || in.op == Opcode::FSET) ops.emplace_back(compare_name(in.cmp));
            if (in.op == Opcode::RRO) ops.emplace_back(in.rro == RroKind::SinCos ? "SIN" : "EX2");
            break;
        }
    }
    for (std::size_t i = 0; i < ops.size(); ++i) t += (i == 0 ? " " : ", ") + ops[i];
    return t;
}

namespace {

// One listing line. `mark_end`: the end-of-program marker sits on an instruction that is not
// the last one (nvcc does this, e.g. a NOP before spill code); cuobjdump prints nothing for
// it, so the text gets `.END` after the mnemonic to assemble back to the same words.
std::string line_of(const Instruction& in, bool mark_end) {
    char addr[32];
    std::snprintf(addr, sizeof addr, "        /*%04x*/        ", in.address);
    std::string line = addr;
    std::string text = disassemble(in, mark_end) + ";";
    if (text.size() < 35) text.append(35 - text.size(), ' ');
    else text += ' ';
    line += text;
    char enc[96];
    if (in.is_illegal()) {
        std::snprintf(enc, sizeof enc, "/* %s */", to_string(in.illegal_reason));
    } else if (in.form == Form::Short) {
        std::snprintf(enc, sizeof enc, "/* 0x%08x */", in.lo);
    } else {
        std::snprintf(enc, sizeof enc, "/* 0x%08x%08x */", in.hi, in.lo);
    }
    return line + enc;
}

}  // namespace

std::string listing_line(const Instruction& in) { return line_of(in, false); }
std::string listing_line(const Instruction& in, bool mark_end) { return line_of(in, mark_end); }

std::string disassemble(const Instruction& in, bool mark_end) {
    std::string text = disassemble(in);
    if (mark_end && !in.is_illegal()) {
        const std::size_t sp = text.find(' ');
        text.insert(sp == std::string::npos ? text.size() : sp, ".END");
    }
    return text;
}

// `.END` is needed on every end-marked instruction as soon as one of them is not the last
// (the assembler then places no implicit marker on the last instruction).
bool needs_end_mark(std::span<const Instruction> program, std::size_t i) {
    if (!program[i].is_end() || program[i].is_illegal()) return false;
    if (i + 1 < program.size()) return true;
    for (std::size_t k = 0; k + 1 < program.size(); ++k) {
        if (program[k].is_end() && !program[k].is_illegal()) return true;
    }
    return false;
}

std::string listing(std::span<const Instruction> program) {
    std::string out;
    for (std::size_t i = 0; i < program.size(); ++i) {
        const Instruction& in = program[i];
        out += line_of(in, needs_end_mark(program, i));
        out += '\n';
    }
    return out;
}

}  // namespace fgtlm::isa
