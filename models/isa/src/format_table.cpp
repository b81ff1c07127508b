#include "format_table.hpp"

namespace fgtlm::isa::detail {
namespace {

constexpr std::int8_t N = -1;
constexpr std::uint64_t bit(int b) { return std::uint64_t{1} << b; }
constexpr std::uint64_t field(int pos, int width, std::uint64_t v) { return v << pos; }
constexpr std::uint64_t mask(int pos, int width) { return ((std::uint64_t{1} << width) - 1) << pos; }

using S = Slot;
constexpr std::array<S, 3> kNone{S::None, S::None, S::None};
constexpr std::array<S, 3> kA{S::S1, S::None, S::None};
constexpr std::array<S, 3> kAB{S::S1, S::S2, S::None};
constexpr std::array<S, 3> kAC{S::S1, S::S3, S::None};
constexpr std::array<S, 3> kABC{S::S1, S::S2, S::S3};
constexpr std::array<S, 3> kAI{S::S1, S::Imm32, S::None};
constexpr std::array<S, 3> kAID{S::S1, S::Imm32, S::DstAsSrc};
constexpr std::array<S, 3> kABD{S::S1, S::S2, S::DstAsSrc};
constexpr std::array<S, 3> kI{S::Imm32, S::None, S::None};

constexpr std::array<std::int8_t, 3> kNo3{N, N, N};
constexpr std::array<std::int8_t, 2> kNo2{N, N};

constexpr std::uint32_t kFlow = kNoSetPred | kNoOutput;
constexpr std::uint32_t kAluMem = kSharedS1;

// One row per instruction form, read as one record: rows stay on one line even past the
// 120-column limit (clang-format off), so that columns line up and a diff shows one form.
// clang-format off
constexpr Spec kSpecs[] = {
    // ---- Flow control (bit 1 = 1), long, sub-op 0 -----------------------------------------
    {"KIL",  Opcode::KIL,  Form::Long, 1, 0x0, 0, Shape::FlowPlain,  Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kGuardPrefix, 0, 0},
    {"BRA",  Opcode::BRA,  Form::Long, 1, 0x1, 0, Shape::FlowTarget, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kGuardPrefix, 0, 0},
    {"CAL.NOINC", Opcode::CAL, Form::Long, 1, 0x2, 0, Shape::FlowTarget, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kNoGuard, 0, 0},
    {"RET",  Opcode::RET,  Form::Long, 1, 0x3, 0, Shape::FlowPlain,  Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kGuardPrefix, 0, 0},
    {"PBK",  Opcode::PBK,  Form::Long, 1, 0x4, 0, Shape::FlowTarget, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kNoGuard, 0, 0},
    {"BRK",  Opcode::BRK,  Form::Long, 1, 0x5, 0, Shape::FlowPlain,  Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kGuardPrefix, 0, 0},
    // BAR.ARV.WAIT: count 9-20, barrier 21-24, bits 25-26 = 11 (ARV.WAIT, the only mode seen).
    {"BAR.ARV.WAIT", Opcode::BAR, Form::Long, 1, 0x8, 0, Shape::Bar, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kNoGuard, mask(25, 2), field(25, 2, 3)},
    {"TRAP", Opcode::TRAP, Form::Long, 1, 0x9, 0, Shape::FlowPlain,  Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kNoGuard, 0, 0},
    {"SSY",  Opcode::SSY,  Form::Long, 1, 0xa, 0, Shape::FlowTarget, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kNoGuard, 0, 0},
    // The same rows with the guard field holding C0.TR (nvcc also emits SSY as 0x00000780a....).
    // The hardware ignores the field; the text is cuobjdump's `SSY 0x148`, and a listing line's
    // encoding comment (or `SSY C0.TR, 0x148`) selects these rows when assembling.
    {"SSY",  Opcode::SSY,  Form::Long, 1, 0xa, 0, Shape::FlowTarget, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kNoGuard | kExplicitTr | kGuardPrefix, mask(39, 7), field(39, 5, 0xf)},
    {"CAL.NOINC", Opcode::CAL, Form::Long, 1, 0x2, 0, Shape::FlowTarget, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kNoGuard | kExplicitTr | kGuardPrefix, mask(39, 7), field(39, 5, 0xf)},
    {"PBK",  Opcode::PBK,  Form::Long, 1, 0x4, 0, Shape::FlowTarget, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kFlow | kNoGuard | kExplicitTr | kGuardPrefix, mask(39, 7), field(39, 5, 0xf)},

    // ---- Long forms (bit 1 = 0) -------------------------------------------------------------
    // P2R: predicate flags -> register (nv50 `mov $r, $c`: predicate in bits 12-13; bit 58 = 32-bit).
    {"P2R", Opcode::P2R, Form::Long, 0, 0x0, 1, Shape::P2R, Types::Int, kNone, kNo3, kNo3, kNo2, Extra::None, N, kNoOutput | kNoSetPred, 0, 0},
    {"A2R", Opcode::A2R, Form::Long, 0, 0x0, 2, Shape::A2R, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kNoOutput, 0, 0},
    // S2R: special register (bits 46-52) -> register: 0 physid, 1 clock, 4-7 pm0-3 (nv50 numbering).
    {"S2R", Opcode::S2R, Form::Long, 0, 0x0, 3, Shape::S2R, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kNoOutput, 0, 0},
    // R2P: register (or shared word) -> predicate flags of the set-predicate register (bit 38 set).
    {"R2P", Opcode::R2P, Form::Long, 0, 0x0, 5, Shape::R2P, Types::Int, kA, kNo3, kNo3, kNo2, Extra::None, N, kNoOutput | kNoSetPred | kSharedS1, bit(38), bit(38)},
    {"R2A", Opcode::R2A, Form::Long, 0, 0x0, 6, Shape::R2A, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kNoOutput | kSharedS1, 0, 0},
    // R2G: value register in bits 46-52, bit 53 always set in the evidence.
    // R2G: bits 53-54 = access type (0 U16, 1 U32, 2 U8), bit 58 = 32-bit source register.
    // Bit 25: post-increment of the address register, g[Ak+=off] (nvcc: 0xe040078006000201).
    {"R2G", Opcode::R2G, Form::Long, 0, 0x0, 7, Shape::R2G, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kNoOutput | kPostInc, 0, 0},
    // MOV: bits 46-52 hold 0x0f in every encoding (a component mask in decuda's reading).
    {"MOV", Opcode::MOV, Form::Long, 0, 0x1, 0, Shape::Alu, Types::Int, kA, kNo3, kNo3, kNo2, Extra::None, N, kAluMem, mask(46, 7), field(46, 7, 0x0f)},
    {"MVC", Opcode::MVC, Form::Long, 0, 0x1, 1, Shape::Mvc, Types::Int, kNone, kNo3, kNo3, kNo2, Extra::None, N, kPostInc, 0, 0},
    // IADD: op 0x2 (bit 22 = -src2); op 0x3 with bit 22 clear = -src1, set = .CARRYn.
    {"IADD", Opcode::IADD, Form::Long, 0, 0x2, 0, Shape::Alu, Types::Int, kAC, {N, 22, N}, kNo3, kNo2, Extra::None, N, kAluMem | kConstS3, 0, 0},
    {"IADD", Opcode::IADD, Form::Long, 0, 0x3, 0, Shape::Alu, Types::Int, kAC, kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kConstS3 | kImpliedNeg0, bit(22), 0},
    {"IADD", Opcode::IADD, Form::Long, 0, 0x3, 0, Shape::Alu, Types::Int, kAC, kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kConstS3 | kCarryIn, bit(22), bit(22)},
    {"ISET", Opcode::ISET, Form::Long, 0, 0x3, 3, Shape::Alu, Types::Int, kAB, kNo3, kNo3, kNo2, Extra::Cmp, 46, kAluMem | kConstS2, 0, 0},
    {"IMAX", Opcode::IMAX, Form::Long, 0, 0x3, 4, Shape::Alu, Types::Int, kAB, kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2, 0, 0},
    {"IMIN", Opcode::IMIN, Form::Long, 0, 0x3, 5, Shape::Alu, Types::Int, kAB, kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2, 0, 0},
    {"SHL",  Opcode::SHL,  Form::Long, 0, 0x3, 6, Shape::Alu, Types::Int, kAB, kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2 | kImmS2, 0, 0},
    {"SHR",  Opcode::SHR,  Form::Long, 0, 0x3, 7, Shape::Alu, Types::Int, kAB, kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2 | kImmS2, 0, 0},
    // IMUL long: bit 48 = 24-bit (full registers), bit 47 = signed (RTL pipeline_decode), bit 46 = .HI.
    {"IMUL", Opcode::IMUL, Form::Long, 0, 0x4, 0, Shape::Alu, Types::Imul, kAB, kNo3, kNo3, kNo2, Extra::High, 46, kAluMem | kConstS2, 0, 0},
    // IMAD: bit 58 = -src1, bit 59 = -src3 (seed reading, unconfirmed); both = carry-in form.
    {"IMAD", Opcode::IMAD, Form::Long, 0, 0x6, 0, Shape::Alu, Types::ImadU16, kABC, {58, N, 59}, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2 | kConstS3 | kNegExclusive, 0, 0},
    {"IMAD", Opcode::IMAD, Form::Long, 0, 0x6, 1, Shape::Alu, Types::ImadS16, kABC, {58, N, 59}, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2 | kConstS3 | kNegExclusive, 0, 0},
    {"IMAD", Opcode::IMAD, Form::Long, 0, 0x6, 0, Shape::Alu, Types::ImadU16, kABC, kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2 | kConstS3 | kCarryIn, mask(58, 2), mask(58, 2)},
    // IMAD sub 4: S24 sources (decuda mad24.lo.s32; nvcc emits it with constant operands).
    {"IMAD", Opcode::IMAD, Form::Long, 0, 0x6, 4, Shape::Alu, Types::ImadS24, kABC, {58, N, 59}, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2 | kConstS3 | kNegExclusive, 0, 0},
    // IMAD sub 3: U24 sources (decuda mad24.lo.u32; OPCODES.md: sub-ops 3-7 are the 24-bit
    // variants, 4 = S24). nvcc: `IMAD.U24 R0, R0, c[0x1][0x4], R2` = 0x6040878060840001.
    {"IMAD", Opcode::IMAD, Form::Long, 0, 0x6, 3, Shape::Alu, Types::ImadU24, kABC, {58, N, 59}, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2 | kConstS3 | kNegExclusive, 0, 0},
    {"IMAD", Opcode::IMAD, Form::Long, 0, 0x6, 1, Shape::Alu, Types::ImadS16, kABC, kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2 | kConstS3 | kCarryIn, mask(58, 2), mask(58, 2)},
    {"RCP", Opcode::RCP, Form::Long, 0, 0x9, 0, Shape::Alu, Types::Float, kA, kNo3, kNo3, kNo2, Extra::None, N, 0, 0, 0},
    {"RSQ", Opcode::RSQ, Form::Long, 0, 0x9, 2, Shape::Alu, Types::Float, kA, kNo3, kNo3, kNo2, Extra::None, N, 0, 0, 0},
    {"LG2", Opcode::LG2, Form::Long, 0, 0x9, 3, Shape::Alu, Types::Float, kA, kNo3, kNo3, kNo2, Extra::None, N, 0, 0, 0},
    {"SIN", Opcode::SIN, Form::Long, 0, 0x9, 4, Shape::Alu, Types::Float, kA, kNo3, kNo3, kNo2, Extra::None, N, 0, 0, 0},
    {"COS", Opcode::COS, Form::Long, 0, 0x9, 5, Shape::Alu, Types::Float, kA, kNo3, kNo3, kNo2, Extra::None, N, 0, 0, 0},
    {"EX2", Opcode::EX2, Form::Long, 0, 0x9, 6, Shape::Alu, Types::Float, kA, kNo3, kNo3, kNo2, Extra::None, N, 0, 0, 0},
    // Conversions: 46-48 source type, 49-50 rounding, 51 saturate, 52 |src|, 58-59 destination type.
    // I2I from shared: bit 25 = g[Ak+=off] (nvcc: 0x08218780a6000209).
    {"I2I", Opcode::I2I, Form::Long, 0, 0xa, 0, Shape::Alu, Types::CvtI2I, kA, kNo3, {52, N, N}, kNo2, Extra::None, N, kAluMem | kSat51 | kPostInc, 0, 0},
    {"I2I", Opcode::I2I, Form::Long, 0, 0xa, 1, Shape::Alu, Types::CvtI2I, kA, kNo3, {52, N, N}, kNo2, Extra::None, N, kAluMem | kSat51 | kImpliedNeg0 | kPostInc, 0, 0},
    {"I2F", Opcode::I2F, Form::Long, 0, 0xa, 2, Shape::Alu, Types::CvtI2F, kA, kNo3, {52, N, N}, kNo2, Extra::Round, 49, kAluMem | kSat51, 0, 0},
    {"F2I", Opcode::F2I, Form::Long, 0, 0xa, 4, Shape::Alu, Types::CvtF2I, kA, kNo3, {52, N, N}, kNo2, Extra::Round, 49, kAluMem | kSat51, 0, 0},
    {"F2F", Opcode::F2F, Form::Long, 0, 0xa, 6, Shape::Alu, Types::CvtF2F, kA, kNo3, {52, N, N}, kNo2, Extra::Round, 49, kAluMem | kSat51 | kRoundInt, 0, 0},
    {"F2F", Opcode::F2F, Form::Long, 0, 0xa, 7, Shape::Alu, Types::CvtF2F, kA, kNo3, {52, N, N}, kNo2, Extra::Round, 49, kAluMem | kSat51 | kImpliedNeg0 | kRoundInt, 0, 0},
    // FADD: rounding in the unused S2 field (16-17); bit 58 = -src1, bit 59 = -src2.
    {"FADD", Opcode::FADD, Form::Long, 0, 0xb, 0, Shape::Alu, Types::Float, kAC, {58, 59, N}, kNo3, kNo2, Extra::Round, 16, kAluMem | kConstS3, 0, 0},
    {"FSET", Opcode::FSET, Form::Long, 0, 0xb, 3, Shape::Alu, Types::Float, kAB, kNo3, {52, N, N}, kNo2, Extra::Cmp, 46, kAluMem | kConstS2, 0, 0},
    {"FMAX", Opcode::FMAX, Form::Long, 0, 0xb, 4, Shape::Alu, Types::Float, kAB, kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2, 0, 0},
    {"FMIN", Opcode::FMIN, Form::Long, 0, 0xb, 5, Shape::Alu, Types::Float, kAB, kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2, 0, 0},
    {"RRO",  Opcode::RRO,  Form::Long, 0, 0xb, 6, Shape::Alu, Types::Float, kA, kNo3, kNo3, kNo2, Extra::Rro, 46, kAluMem, 0, 0},
    {"FMUL", Opcode::FMUL, Form::Long, 0, 0xc, 0, Shape::Alu, Types::Float, kAB, {58, 59, N}, kNo3, kNo2, Extra::Round, 46, kAluMem | kConstS2, 0, 0},
    // FMUL sub-op 2 (nvcc: 0x40000780c0020201), printed FMUL.SUB2: decuda and nouveau give it no
    // meaning; the model reads it as FMUL under g80, FlexGripPlus decodes no ALU opcode for it.
    {"FMUL", Opcode::FMUL, Form::Long, 0, 0xc, 2, Shape::Alu, Types::Float, kAB, {58, 59, N}, kNo3, kNo2, Extra::Round, 46, kAluMem | kConstS2, 0, 0},
    // LOP: operation 46-47, ~src1 bit 48, ~src2 bit 49.
    {"LOP", Opcode::LOP, Form::Long, 0, 0xd, 0, Shape::Alu, Types::Int, kAB, kNo3, kNo3, {48, 49}, Extra::Lop, 46, kAluMem | kConstS2, 0, 0},
    {"ADA", Opcode::ADA, Form::Long, 0, 0xd, 1, Shape::Ada, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kNoOutput, 0, 0},
    // Local memory (per thread): byte offset 9-22, address register 26-27/34, type 53-55 as GLD.
    {"LLD", Opcode::LLD, Form::Long, 0, 0xd, 2, Shape::Lld, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, 0, 0, 0},
    {"LST", Opcode::LST, Form::Long, 0, 0xd, 3, Shape::Lst, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kNoOutput | kNoSetPred, 0, 0},
    {"GLD", Opcode::GLD, Form::Long, 0, 0xd, 4, Shape::Gld, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, 0, 0, 0},
    {"GST", Opcode::GST, Form::Long, 0, 0xd, 5, Shape::Gst, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kNoOutput, 0, 0},
    // nvcc leaves a bank in 54-57 of some FMADs without a constant operand (codec.cpp spare_bank).
    {"FMAD", Opcode::FMAD, Form::Long, 0, 0xe, 0, Shape::Alu, Types::Float, kABC, {58, N, 59}, kNo3, kNo2, Extra::None, N, kAluMem | kConstS2 | kConstS3 | kSpareBank, 0, 0},
    // TEX (nv50 layout): unit 9-15, sampler 17-20, integer coordinates 24, dim-1 22-23, mask 25-26 + 46-47;
    // bit 34 set by nvcc.
    {"TEX", Opcode::TEX, Form::Long, 0, 0xf, 0, Shape::Tex, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kNoOutput | kNoSetPred, bit(34), bit(34)},
    {"NOP", Opcode::NOP, Form::Long, 0, 0xf, 7, Shape::Nop, Types::None, kNone, kNo3, kNo3, kNo2, Extra::None, N, kNoGuard | kNoSetPred | kNoOutput, 0, 0},

    // ---- Short (32-bit) forms: 6-bit register fields, flags in bits 8/15/22 -----------------
    {"MOV32",   Opcode::MOV,  Form::Short, 0, 0x1, 0, Shape::Alu, Types::ShortInt,  kA,   kNo3, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
    {"IADD32",  Opcode::IADD, Form::Short, 0, 0x2, 0, Shape::Alu, Types::ShortInt,  kAB,  {N, 22, N}, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
    {"IADD32",  Opcode::IADD, Form::Short, 0, 0x3, 0, Shape::Alu, Types::ShortInt,  kAB,  kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kImpliedNeg0, 0, 0},
    {"IMUL32",  Opcode::IMUL, Form::Short, 0, 0x4, 0, Shape::Alu, Types::Imul,      kAB,  kNo3, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
    {"IMAD32",  Opcode::IMAD, Form::Short, 0, 0x6, 0, Shape::Alu, Types::ImadShort, kABD, kNo3, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
    {"RCP32",   Opcode::RCP,  Form::Short, 0, 0x9, 0, Shape::Alu, Types::Float,     kA,   kNo3, kNo3, kNo2, Extra::None, N, 0, 0, 0},
    {"FADD32",  Opcode::FADD, Form::Short, 0, 0xb, 0, Shape::Alu, Types::Float,     kAB,  {15, 22, N}, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
    {"FMUL32",  Opcode::FMUL, Form::Short, 0, 0xc, 0, Shape::Alu, Types::Float,     kAB,  {15, 22, N}, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
    {"FMAD32",  Opcode::FMAD, Form::Short, 0, 0xe, 0, Shape::Alu, Types::Float,     kABD, {15, N, N}, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},

    // ---- Immediate forms (marker 11): 32-bit immediate in bits 34-59 : 16-21 ----------------
    {"MVI",     Opcode::MOV,  Form::Immediate, 0, 0x1, 0, Shape::Alu, Types::ShortInt,  kI,   kNo3, kNo3, kNo2, Extra::None, N, 0, 0, 0},
    {"IADD32I", Opcode::IADD, Form::Immediate, 0, 0x2, 0, Shape::Alu, Types::ShortInt,  kAI,  kNo3, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
    {"IADD32I", Opcode::IADD, Form::Immediate, 0, 0x3, 0, Shape::Alu, Types::ShortInt,  kAI,  kNo3, kNo3, kNo2, Extra::None, N, kAluMem | kImpliedNeg0, 0, 0},
    {"IMUL32I", Opcode::IMUL, Form::Immediate, 0, 0x4, 0, Shape::Alu, Types::Imul,      kAI,  kNo3, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
    {"IMAD32I", Opcode::IMAD, Form::Immediate, 0, 0x6, 0, Shape::Alu, Types::ImadShort, kAID, kNo3, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
    {"FADD32I", Opcode::FADD, Form::Immediate, 0, 0xb, 0, Shape::Alu, Types::Float,     kAI,  {15, N, N}, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
    {"FMUL32I", Opcode::FMUL, Form::Immediate, 0, 0xc, 0, Shape::Alu, Types::Float,     kAI,  {15, N, N}, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
    {"FMAD32I", Opcode::FMAD, Form::Immediate, 0, 0xe, 0, Shape::Alu, Types::Float,     kAID, {15, N, N}, kNo3, kNo2, Extra::None, N, kAluMem, 0, 0},
};
// clang-format on

}  // namespace

std::span<const Spec> spec_table() { return kSpecs; }

SpecKey key_of(std::uint32_t lo, std::uint32_t hi) {
    SpecKey k{};
    if ((lo & 1u) == 0) {
        k.form = Form::Short;
    } else if ((hi & 3u) == 3u) {
        k.form = Form::Immediate;
    } else {
        k.form = Form::Long;
        k.sub = static_cast<std::uint8_t>(hi >> 29);
    }
    k.flow = static_cast<std::uint8_t>((lo >> 1) & 1u);
    k.op = static_cast<std::uint8_t>(lo >> 28);
    return k;
}

std::string_view base_name(Opcode op, Form form) {
    std::string_view any_form;
    for (const Spec& s : kSpecs) {
        if (s.opcode == op && s.form == form) return s.name;
        if (s.opcode == op && any_form.empty()) any_form = s.name;
    }
    // An instruction in a form the table lacks (a word the RTL reads as an I2I of its own
    // length, core's rtl_unknown_words.cpp) keeps its operation's name.
    return any_form;
}

}  // namespace fgtlm::isa::detail
