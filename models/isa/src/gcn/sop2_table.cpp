// The rows below are seed 002's tables: the opcode table (one row per opcode, the mnemonic
// in GCN 1.0/1.1, 1.2 and 1.4) and the operand widths from each instruction's "Syntax"
// line (SDST(2) = 64-bit). tests/isa/gcn checks both against the seed text.
#include "sop2_table.hpp"

#include <array>

namespace fgtlm::isa::gcn {
namespace {

constexpr std::array<OpcodeRow, 53> kOpcodes{{
    {0x00, "S_ADD_U32", "S_ADD_U32", "S_ADD_U32"},
    {0x01, "S_SUB_U32", "S_SUB_U32", "S_SUB_U32"},
    {0x02, "S_ADD_I32", "S_ADD_I32", "S_ADD_I32"},
    {0x03, "S_SUB_I32", "S_SUB_I32", "S_SUB_I32"},
    {0x04, "S_ADDC_U32", "S_ADDC_U32", "S_ADDC_U32"},
    {0x05, "S_SUBB_U32", "S_SUBB_U32", "S_SUBB_U32"},
    {0x06, "S_MIN_I32", "S_MIN_I32", "S_MIN_I32"},
    {0x07, "S_MIN_U32", "S_MIN_U32", "S_MIN_U32"},
    {0x08, "S_MAX_I32", "S_MAX_I32", "S_MAX_I32"},
    {0x09, "S_MAX_U32", "S_MAX_U32", "S_MAX_U32"},
    {0x0a, "S_CSELECT_B32", "S_CSELECT_B32", "S_CSELECT_B32"},
    {0x0b, "S_CSELECT_B64", "S_CSELECT_B64", "S_CSELECT_B64"},
    {0x0c, "--", "S_AND_B32", "S_AND_B32"},
    {0x0d, "--", "S_AND_B64", "S_AND_B64"},
    {0x0e, "S_AND_B32", "S_OR_B32", "S_OR_B32"},
    {0x0f, "S_AND_B64", "S_OR_B64", "S_OR_B64"},
    {0x10, "S_OR_B32", "S_XOR_B32", "S_XOR_B32"},
    {0x11, "S_OR_B64", "S_XOR_B64", "S_XOR_B64"},
    {0x12, "S_XOR_B32", "S_ANDN2_B32", "S_ANDN2_B32"},
    {0x13, "S_XOR_B64", "S_ANDN2_B64", "S_ANDN2_B64"},
    {0x14, "S_ANDN2_B32", "S_ORN2_B32", "S_ORN2_B32"},
    {0x15, "S_ANDN2_B64", "S_ORN2_B64", "S_ORN2_B64"},
    {0x16, "S_ORN2_B32", "S_NAND_B32", "S_NAND_B32"},
    {0x17, "S_ORN2_B64", "S_NAND_B64", "S_NAND_B64"},
    {0x18, "S_NAND_B32", "S_NOR_B32", "S_NOR_B32"},
    {0x19, "S_NAND_B64", "S_NOR_B64", "S_NOR_B64"},
    {0x1a, "S_NOR_B32", "S_XNOR_B32", "S_XNOR_B32"},
    {0x1b, "S_NOR_B64", "S_XNOR_B64", "S_XNOR_B64"},
    {0x1c, "S_XNOR_B32", "S_LSHL_B32", "S_LSHL_B32"},
    {0x1d, "S_XNOR_B64", "S_LSHL_B64", "S_LSHL_B64"},
    {0x1e, "S_LSHL_B32", "S_LSHR_B32", "S_LSHR_B32"},
    {0x1f, "S_LSHL_B64", "S_LSHR_B64", "S_LSHR_B64"},
    {0x20, "S_LSHR_B32", "S_ASHR_I32", "S_ASHR_I32"},
    {0x21, "S_LSHR_B64", "S_ASHR_I64", "S_ASHR_I64"},
    {0x22, "S_ASHR_I32", "S_BFM_B32", "S_BFM_B32"},
    {0x23, "S_ASHR_I64", "S_BFM_B64", "S_BFM_B64"},
    {0x24, "S_BFM_B32", "S_MUL_I32", "S_MUL_I32"},
    {0x25, "S_BFM_B64", "S_BFE_U32", "S_BFE_U32"},
    {0x26, "S_MUL_I32", "S_BFE_I32", "S_BFE_I32"},
    {0x27, "S_BFE_U32", "S_BFE_U64", "S_BFE_U64"},
    {0x28, "S_BFE_I32", "S_BFE_I64", "S_BFE_I64"},
    {0x29, "S_BFE_U64", "S_CBRANCH_G_FORK", "S_CBRANCH_G_FORK"},
    {0x2a, "S_BFE_I64", "S_ABSDIFF_I32", "S_ABSDIFF_I32"},
    {0x2b, "S_CBRANCH_G_FORK", "S_RFE_RESTORE_B64", "S_RFE_RESTORE_B64"},
    {0x2c, "S_ABSDIFF_I32", "--", "S_MUL_HI_U32"},
    {0x2d, "--", "--", "S_MUL_HI_I32"},
    {0x2e, "--", "--", "S_LSHL1_ADD_U32"},
    {0x2f, "--", "--", "S_LSHL2_ADD_U32"},
    {0x30, "--", "--", "S_LSHL3_ADD_U32"},
    {0x31, "--", "--", "S_LSHL4_ADD_U32"},
    {0x32, "--", "--", "S_PACK_LL_B32_B16"},
    {0x33, "--", "--", "S_PACK_LH_B32_B16"},
    {0x34, "--", "--", "S_PACK_HH_B32_B16"},
}};

// Widths from the "Syntax:" line of each entry. Deviations from the literal syntax line:
// S_BFE_I64 (its syntax line has no "(2)" but its description and operation are 64-bit, as
// S_BFE_U64), S_CSELECT_B64 (its syntax line says S_CSELECT_B32 SDST(2), ...).
constexpr std::array<Mnemonic, 53> kMnemonics{{
    {"S_ABSDIFF_I32", Op::AbsdiffI32, 1, 1, 1},
    {"S_ADDC_U32", Op::AddcU32, 1, 1, 1},
    {"S_ADD_I32", Op::AddI32, 1, 1, 1},
    {"S_ADD_U32", Op::AddU32, 1, 1, 1},
    {"S_AND_B32", Op::AndB32, 1, 1, 1},
    {"S_AND_B64", Op::AndB64, 2, 2, 2},
    {"S_ANDN2_B32", Op::Andn2B32, 1, 1, 1},
    {"S_ANDN2_B64", Op::Andn2B64, 2, 2, 2},
    {"S_ASHR_I32", Op::AshrI32, 1, 1, 1},
    {"S_ASHR_I64", Op::AshrI64, 2, 2, 1},
    {"S_BFE_I32", Op::BfeI32, 1, 1, 1},
    {"S_BFE_I64", Op::BfeI64, 2, 2, 1},
    {"S_BFE_U32", Op::BfeU32, 1, 1, 1},
    {"S_BFE_U64", Op::BfeU64, 2, 2, 1},
    {"S_BFM_B32", Op::BfmB32, 1, 1, 1},
    {"S_BFM_B64", Op::BfmB64, 2, 1, 1},
    {"S_CBRANCH_G_FORK", Op::CbranchGFork, 0, 2, 2},
    {"S_CSELECT_B32", Op::CselectB32, 1, 1, 1},
    {"S_CSELECT_B64", Op::CselectB64, 2, 2, 2},
    {"S_LSHL_B32", Op::LshlB32, 1, 1, 1},
    {"S_LSHL_B64", Op::LshlB64, 2, 2, 1},
    {"S_LSHL1_ADD_U32", Op::Lshl1AddU32, 1, 1, 1},
    {"S_LSHL2_ADD_U32", Op::Lshl2AddU32, 1, 1, 1},
    {"S_LSHL3_ADD_U32", Op::Lshl3AddU32, 1, 1, 1},
    {"S_LSHL4_ADD_U32", Op::Lshl4AddU32, 1, 1, 1},
    {"S_LSHR_B32", Op::LshrB32, 1, 1, 1},
    {"S_LSHR_B64", Op::LshrB64, 2, 2, 1},
    {"S_MAX_I32", Op::MaxI32, 1, 1, 1},
    {"S_MAX_U32", Op::MaxU32, 1, 1, 1},
    {"S_MIN_I32", Op::MinI32, 1, 1, 1},
    {"S_MIN_U32", Op::MinU32, 1, 1, 1},
    {"S_MUL_HI_I32", Op::MulHiI32, 1, 1, 1},
    {"S_MUL_HI_U32", Op::MulHiU32, 1, 1, 1},
    {"S_MUL_I32", Op::MulI32, 1, 1, 1},
    {"S_NAND_B32", Op::NandB32, 1, 1, 1},
    {"S_NAND_B64", Op::NandB64, 2, 2, 2},
    {"S_NOR_B32", Op::NorB32, 1, 1, 1},
    {"S_NOR_B64", Op::NorB64, 2, 2, 2},
    {"S_OR_B32", Op::OrB32, 1, 1, 1},
    {"S_OR_B64", Op::OrB64, 2, 2, 2},
    {"S_ORN2_B32", Op::Orn2B32, 1, 1, 1},
    {"S_ORN2_B64", Op::Orn2B64, 2, 2, 2},
    {"S_PACK_HH_B32_B16", Op::PackHhB32B16, 1, 1, 1},
    {"S_PACK_LH_B32_B16", Op::PackLhB32B16, 1, 1, 1},
    {"S_PACK_LL_B32_B16", Op::PackLlB32B16, 1, 1, 1},
    {"S_RFE_RESTORE_B64", Op::RfeRestoreB64, 2, 1, 0},
    {"S_SUBB_U32", Op::SubbU32, 1, 1, 1},
    {"S_SUB_I32", Op::SubI32, 1, 1, 1},
    {"S_SUB_U32", Op::SubU32, 1, 1, 1},
    {"S_XNOR_B32", Op::XnorB32, 1, 1, 1},
    {"S_XNOR_B64", Op::XnorB64, 2, 2, 2},
    {"S_XOR_B32", Op::XorB32, 1, 1, 1},
    {"S_XOR_B64", Op::XorB64, 2, 2, 2},
}};

std::string_view column(const OpcodeRow& r, Version v) {
    switch (v) {
        case Version::Gcn10: return r.gcn10;
        case Version::Gcn12: return r.gcn12;
        case Version::Gcn14: return r.gcn14;
    }
    return "--";
}

}  // namespace

std::span<const OpcodeRow> opcode_rows() { return kOpcodes; }
std::span<const Mnemonic> mnemonics() { return kMnemonics; }

const Mnemonic* find_mnemonic(std::string_view upper_name) {
    for (const Mnemonic& m : kMnemonics) {
        if (m.name == upper_name) return &m;
    }
    return nullptr;
}

const Mnemonic* mnemonic_at(Version v, unsigned opcode) {
    if (opcode >= kOpcodes.size()) return nullptr;
    return find_mnemonic(column(kOpcodes[opcode], v));   // "--" finds nothing
}

int opcode_of(Version v, const Mnemonic& m) {
    for (const OpcodeRow& r : kOpcodes) {
        if (column(r, v) == m.name) return r.opcode;
    }
    return -1;
}

}  // namespace fgtlm::isa::gcn
