// The SM_1.0 encoding table: one row per (opcode space, primary opcode, sub-opcode, form)
// with the operand layout and the positions of its modifier bits.
//
// Encodings are data: decode, encode, disassemble and assemble all walk this table, so a
// new family or a corrected bit position is a one-line change here. Bit positions are in
// the 64-bit instruction (0-31 = first word `lo`, 32-63 = second word `hi`); -1 = none.
// See models/isa/README.md and tests/data/isa/OPCODES.md for the evidence per row.
#pragma once

#include <fgtlm/isa/instruction.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace fgtlm::isa::detail {

// The geometry of the operands; the field positions of each geometry live in codec.cpp.
enum class Shape : std::uint8_t {
    FlowTarget,  // BRA/CAL/SSY/PBK: byte address in bits 9-27
    FlowPlain,   // RET/BRK/KIL/TRAP: no operands
    Bar,         // BAR.ARV.WAIT bN, count
    Nop,         // NOP: no operands, no guard
    Alu,         // dst + up to three sources taken from the slots below
    Mvc,         // dst, c[bank][Ak+offset].type
    A2R,         // Rd, Ak
    R2A,         // Ak, Rs[, shift]
    R2G,         // g[Ak+offset], Rs
    Ada,         // Ad, As, imm
    Gld,         // Rd, globalN[Ra]
    Gst,         // globalN[Ra], Rs
    P2R,         // Rd(.U16 half or 32-bit), Cn (predicate in bits 12-13)
    R2P,         // Cn (set-predicate field 36-37, bit 38 set), Rs / g[..]
    S2R,         // Rd, SRn (special register number in bits 46-52)
    Lld,         // Rd, l[Ak+off] (byte offset 9-22, type 53-55)
    Lst,         // l[Ak+off], Rs (data register in 2-8)
    Tex,         // TEX.nD Rd, unit, sampler, mask
};

// Where a source operand comes from.
enum class Slot : std::uint8_t {
    None,
    S1,         // long: reg 9-15 or shared (bit 53); short/imm: reg 9-14 or shared (bit 24)
    S2,         // long: reg 16-22, const (bit 23) or 7-bit immediate (bit 52); short: reg 16-21
    S3,         // long: reg 46-52 or const (bit 24)
    Imm32,      // immediate form: bits 34-59 : 16-21
    DstAsSrc,   // the destination register read as a source (IMAD32I Rd, Ra, imm, Rd)
};

// How the operation / operand types are encoded.
enum class Types : std::uint8_t {
    None,        // no type (flow control, address registers)
    Int,         // long: bit 58 = 32-bit (else 16-bit halves), bit 59 = signed
    ShortInt,    // short/imm: bit 15 = 32-bit (else 16-bit halves), unsigned
    Imul,        // long: bit 58 = 24-bit (full regs), bit 59 = signed; short/imm: bit 22 / bit 15
    ImadU16,     // long IMAD sub 0: U16 sources, 32-bit addend and result
    ImadS16,     // long IMAD sub 1: S16
    ImadShort,   // short/imm IMAD32(I): bit 8 = signed
    ImadS24,     // long IMAD sub 4: signed 24-bit sources (full registers), 32-bit addend/result
    ImadU24,     // long IMAD sub 3: unsigned 24-bit sources (decuda mad24.lo.u32)
    Float,       // F32
    CvtI2I,      // bits 58-59 destination int type, 46-48 source int type
    CvtI2F,      // bits 58-59 destination float type, 46-48 source int type
    CvtF2I,      // bits 58-59 destination int type, 46-48 source float type
    CvtF2F,      // bits 58-59 destination float type, 46-48 source float type
};

// An opcode-specific field printed as a modifier or trailing operand.
enum class Extra : std::uint8_t { None, Cmp, Lop, Rro, Round, High };

enum SpecFlag : std::uint32_t {
    kNoGuard = 1u << 0,       // guard field 39-45 must be 0 (SSY, CAL, BAR, NOP, TRAP)
    kNoSetPred = 1u << 1,     // bits 35-38 unused
    kGuardPrefix = 1u << 2,   // guard printed as `Cn.COND` first operand (BRA, RET)
    kSharedS1 = 1u << 3,      // S1 may be a shared-memory operand
    kConstS2 = 1u << 4,       // S2 may be c[bank][off] (bit 23)
    kConstS3 = 1u << 5,       // S3 may be c[bank][off] (bit 24)
    kImmS2 = 1u << 6,         // S2 may be a 7-bit immediate (bit 52): shifts
    kImpliedNeg0 = 1u << 7,   // this sub-op negates source 0 (I2I sub 1, F2F sub 7, IADD op 3)
    kCarryIn = 1u << 8,       // carry-in form: carry from C[guard register field] (.CARRYn)
    kNegExclusive = 1u << 9,  // neg bits must not both be set (IMAD: both = carry form)
    kSat51 = 1u << 10,        // bit 51 = saturate (conversions)
    kNoOutput = 1u << 11,     // destination cannot be o[0x7f]
    kExplicitTr = 1u << 12,   // guard field 39-45 must hold C0.TR (0xf) instead of 0 (SSY 0x780)
    kPostInc = 1u << 13,      // MVC, R2G, I2I from shared: bit 25 = post-increment the address register
    kRoundInt = 1u << 14,     // F2F: bit 59 = round to an integral value
    kSpareBank = 1u << 15,    // FMAD: bank bits 54-57 may be set without a constant operand
};

struct Spec {
    std::string_view name;   // base mnemonic as cuobjdump prints it
    Opcode opcode;
    Form form;
    std::uint8_t flow;       // bit 1
    std::uint8_t op;         // bits 28-31
    std::uint8_t sub;        // bits 61-63 (long forms), 0 otherwise
    Shape shape;
    Types types;
    std::array<Slot, 3> slots;
    std::array<std::int8_t, 3> neg;   // negate bit per source
    std::array<std::int8_t, 3> abs;   // |x| bit per source
    std::array<std::int8_t, 2> inv;   // ~x bit per source (LOP)
    Extra extra;
    std::int8_t extra_pos;            // first bit of the extra field
    std::uint32_t flags;
    std::uint64_t fixed_mask;         // bits with a required value (beyond opcode/sub/form bits)
    std::uint64_t fixed_value;
};

std::span<const Spec> spec_table();

// Every row whose opcode/sub/form bits match the words, in table order.
struct SpecKey {
    Form form;
    std::uint8_t flow, op, sub;
};
SpecKey key_of(std::uint32_t lo, std::uint32_t hi);

// Printed base mnemonic for a decoded instruction ("IADD32I", "CAL.NOINC").
std::string_view base_name(Opcode op, Form form);

}  // namespace fgtlm::isa::detail
