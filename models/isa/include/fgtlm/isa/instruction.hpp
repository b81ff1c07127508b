// The decoded form of one SM_1.0 (G80) instruction.
//
// This is the contract between the ISA library (decode/encode/disassemble/assemble) and the
// execution core: decode() fills it from the machine words, encode() turns it back into
// words, the disassembler prints it in cuobjdump's style and the execution core runs it.
// It is a plain value type (no heap memory) so programs can be pre-decoded into arrays.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace fgtlm::isa {

// How the instruction is laid out in instruction memory.
enum class Form : std::uint8_t {
    Long,       // 64-bit, marker bits 32-33 != 11
    Short,      // 32-bit (bit 0 of the first word is 0): IADD32, MOV32, FMUL32, ...
    Immediate,  // 64-bit with marker 11: a 32-bit immediate in bits 34-59 : 16-21 (MVI, IADD32I, ...)
};

// Bits 32-33 of long instructions (Immediate forms have no marker of their own).
enum class Marker : std::uint8_t {
    None = 0,  // normal
    End = 1,   // last instruction of the program (invisible in cuobjdump text)
    Join = 2,  // reconvergence point for the innermost SSY (cuobjdump suffix `.S`)
};

// Semantic operation. The printed mnemonic also depends on Form (IADD / IADD32 / IADD32I,
// MOV / MOV32 / MVI, RCP / RCP32, ...): see mnemonic() in disassembler.hpp.
enum class Opcode : std::uint8_t {
    Illegal,  // unknown or malformed encoding: see Instruction::illegal_reason
    // Flow control (bit 1 set)
    BRA, CAL, RET, BAR, SSY, TRAP, KIL, BRK, PBK,
    NOP,
    // Data movement
    MOV,       // MOV, MOV32, MVI (immediate form), MOV from shared (bit 53)
    MVC,       // move from constant memory
    A2R,       // address register -> GPR
    R2A,       // GPR (shifted) -> address register
    R2G,       // GPR -> shared memory
    ADA,       // address register add immediate
    GLD,       // global load
    GST,       // global store
    P2R,       // predicate flags -> GPR   (op 0x0 sub 1)
    R2P,       // GPR -> predicate flags   (op 0x0 sub 5)
    // Integer
    IADD,      // also subtract (negate flags) and add-with-carry (carry_in_reg)
    IMUL,
    IMAD,
    ISET,
    IMAX, IMIN,
    SHL, SHR,
    LOP,       // AND / OR / XOR / PASS_B with optional ~ on sources
    // Conversions
    I2I, I2F, F2I, F2F,
    // Floating point
    FADD, FMUL, FMAD, FSET, FMAX, FMIN,
    RRO,       // range reduction before SIN/COS or EX2
    // Special function unit
    RCP, RSQ, LG2, SIN, COS, EX2,
    // Beyond the FlexGripPlus RTL (real nvcc code uses them; see models/isa/README.md)
    S2R,       // special register -> GPR (op 0x0 sub 3: %clock, %physid, %pm0-3)
    LLD,       // local-memory load  (op 0xd sub 2): per-thread memory, register spills
    LST,       // local-memory store (op 0xd sub 3)
    TEX,       // texture fetch (op 0xf sub 0)
    Count
};

// Operand / operation data types.
// U24/S24 (appended, values after F64): the 24-bit multiplies IMUL32.U24.U24 / IMUL.S24.S24,
// whose register operands are full 32-bit registers of which the low 24 bits are used.
// U64/U128 are the GLD/GST ".64"/".128" register-pair/quad accesses.
enum class DataType : std::uint8_t {
    None, U8, S8, U16, S16, U32, S32, U64, U128, F16, F32, F64, U24, S24,
};

// Integer/float comparison for ISET/FSET (bits 46-48), printed after the last source.
enum class CompareOp : std::uint8_t { FL = 0, LT = 1, EQ = 2, LE = 3, GT = 4, NE = 5, GE = 6, TR = 7 };

// LOP operation (bits 46-47).
enum class LogicOp : std::uint8_t { AND = 0, OR = 1, XOR = 2, PASS_B = 3 };

// RRO flavour (bits 46-47): range reduction for SIN/COS or for EX2.
enum class RroKind : std::uint8_t { SinCos = 0, Ex2 = 1 };

// Rounding of FP operations and conversions (bits 49-50 for conversions; `.TRUNC` flags).
enum class Rounding : std::uint8_t { Nearest = 0, Down = 1, Up = 2, Trunc = 3 };

// Condition code of a guard (bits 39-43) or BRA/RET condition, evaluated against the
// zero/sign/carry/overflow flags of predicate register C0-C3. Names as cuobjdump prints them.
enum class Condition : std::uint8_t {
    FL = 0x00, LT = 0x01, EQ = 0x02, LE = 0x03, GT = 0x04, NE = 0x05, GE = 0x06, NUM = 0x07,
    NAN_ = 0x08, LTU = 0x09, EQU = 0x0a, LEU = 0x0b, GTU = 0x0c, NEU = 0x0d, GEU = 0x0e,
    TR = 0x0f,  // always: the guard is omitted from the text
    OFL = 0x10, CARRY = 0x11, ABOVE = 0x12, SIGN = 0x13,
    // 0x14-0x1b are undefined in the manual; 0x1c-0x1f are the negations below.
    NSF = 0x1c, BLE = 0x1d, NCF = 0x1e, NOF = 0x1f,
};

enum class OperandKind : std::uint8_t {
    None,
    Reg,        // 32-bit GPR Rn (R124 reads as zero)
    RegLo,      // low 16-bit half RnL
    RegHi,      // high 16-bit half RnH
    Shared,     // g[Ak + offset] in units of `type` size
    Const,      // c[bank][Ak + offset] in units of `type` size
    Immediate,  // value in `value`
    AddrReg,    // address register Ak (index in `reg`)
    Global,     // globalN[Rn]: segment in `bank`, address register in `reg`
    Output,     // o[0x7f]: the result is discarded (only the predicate is set)
    Predicate,  // predicate register Cn as a source/destination of P2R/R2P (index in `reg`)
    Local,      // l[Ak + offset]: per-thread local memory, `value` = byte offset, `type` = access type
    Special,    // special register SRn of S2R (`value` = n: 0 physid, 1 clock, 4-7 pm0-3)
};

struct Operand {
    OperandKind kind = OperandKind::None;
    std::uint8_t reg = 0;    // GPR number, address-register number, or predicate number
    std::uint8_t areg = 0;   // Shared/Const: address register A1-A7 added to the offset (0 = none)
    std::uint8_t bank = 0;   // Const: bank c[bank]; Global: segment (14 for global14)
    DataType type = DataType::None;  // Shared/Const/Global access type
    bool negate = false;     // -x
    bool absolute = false;   // |x|
    bool invert = false;     // ~x (LOP)
    bool post_inc = false;   // Const: c[b][Ak+=off]: read c[b][Ak], then Ak += off (bit 25)
    std::uint32_t value = 0; // Immediate: the value; Shared/Const: offset in units of the type size;
                             // Output: the field value (0x7f)

    // Byte offset of a Shared/Const operand relative to its window (before the address register).
    [[nodiscard]] constexpr std::uint32_t byte_offset() const { return value * size_of(type); }

    static constexpr std::uint32_t size_of(DataType t) {
        switch (t) {
            case DataType::U8: case DataType::S8: return 1;
            case DataType::U16: case DataType::S16: case DataType::F16: return 2;
            case DataType::U64: case DataType::F64: return 8;
            case DataType::U128: return 16;
            case DataType::None: case DataType::U32: case DataType::S32: case DataType::F32:
            case DataType::U24: case DataType::S24: return 4;
        }
        return 4;
    }
};

// Why a word did not decode (Opcode::Illegal). The text is produced on demand.
enum class IllegalReason : std::uint8_t {
    None,
    UnknownOpcode,      // primary/sub-opcode combination not in the table
    UnsupportedForm,    // known opcode, but not in this form (e.g. long-only op in a short word)
    ReservedField,      // a field holds a value the hardware does not define
    Truncated,          // a 64-bit instruction whose second word is past the end of the program
    Misaligned,         // a 64-bit instruction at an address that is not 8-byte aligned
    UnitStalls,         // not from isa::decode: the core's RTL policy found a word FlexGripPlus
                        // sends to a unit that never finishes it (a flow opcode its branch unit
                        // lacks: core.rtl.unknown_flow_stalls; an MVC of no type: unknown_words)
};

struct Instruction {
    std::uint32_t address = 0;   // byte address of the first word
    std::uint32_t lo = 0;        // bits 0-31
    std::uint32_t hi = 0;        // bits 32-63 (0 for Short)
    Form form = Form::Long;
    Marker marker = Marker::None;
    Opcode op = Opcode::Illegal;
    std::uint8_t sub_op = 0;     // bits 61-63 as encoded (long forms)
    IllegalReason illegal_reason = IllegalReason::None;

    // Guard: execute only in threads whose predicate register `guard_reg` satisfies `guard_cond`.
    std::uint8_t guard_reg = 0;
    Condition guard_cond = Condition::TR;

    // Set-predicate: write zero/sign/carry/overflow of the result into C[set_pred_reg] (`.Cn`).
    bool set_pred = false;
    std::uint8_t set_pred_reg = 0;

    // IADD.CARRYn: add the carry flag of Cn (op 0x3 with bit 22).
    bool carry_in = false;
    std::uint8_t carry_in_reg = 0;

    Operand dst;
    std::array<Operand, 3> src{};
    std::uint8_t num_src = 0;

    DataType dtype = DataType::None;  // operation / destination type (.U16, .S32, .F32, I2I.U32...)
    DataType stype = DataType::None;  // source type of conversions (I2I.U32.S32 -> S32)
    Rounding rounding = Rounding::Nearest;
    bool saturate = false;
    bool high = false;                // IMAD.HI / IMUL.HI: upper half of the product
    CompareOp cmp = CompareOp::FL;    // ISET/FSET
    LogicOp lop = LogicOp::AND;       // LOP
    RroKind rro = RroKind::SinCos;    // RRO
    std::uint32_t target = 0;         // BRA/CAL/SSY: target byte address; BAR: barrier id
    std::uint32_t bar_count = 0;      // BAR: thread count field (0xfff = all)
    bool round_int = false;           // F2F: round to an integral value (.RNI/.RMI/.RPI/.RZI, bit 59)
    bool explicit_tr = false;         // SSY/CAL/BAR/...: guard field holds C0.TR instead of 0
    // TEX: coordinates are read from R[dst], R[dst+1], ... (tex_dim of them) and the enabled
    // components of the texel (tex_mask bit 0 = x .. bit 3 = w) written to consecutive
    // registers from R[dst] on.
    std::uint8_t tex_unit = 0;        // texture (bits 9-15)
    std::uint8_t tex_sampler = 0;     // sampler (bits 17-20)
    std::uint8_t tex_dim = 0;         // 1, 2 or 3 coordinates (bits 22-23 = dim - 1)
    std::uint8_t tex_mask = 0;        // component mask: bits 25-26 = x,y; bits 46-47 = z,w
    bool tex_int = false;             // bit 24: integer texel coordinates (tex1Dfetch; nouveau's TXF)

    [[nodiscard]] constexpr bool is_long() const { return form != Form::Short; }
    [[nodiscard]] constexpr std::uint32_t size_bytes() const { return is_long() ? 8u : 4u; }
    [[nodiscard]] constexpr bool is_illegal() const { return op == Opcode::Illegal; }
    [[nodiscard]] constexpr bool is_end() const { return marker == Marker::End; }
    [[nodiscard]] constexpr bool is_join() const { return marker == Marker::Join; }
    [[nodiscard]] constexpr bool is_guarded() const { return guard_cond != Condition::TR; }
};

}  // namespace fgtlm::isa
