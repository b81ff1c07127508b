// GCN SOP2 tables, mirroring seed 002 row for row.
#pragma once

#include <fgtlm/isa/gcn_scalar.hpp>

#include <cstdint>
#include <span>
#include <string_view>

namespace fgtlm::isa::gcn {

// Version-independent operation (one per mnemonic of the seed's alphabetical list).
enum class Op : std::uint8_t {
    AddU32, SubU32, AddI32, SubI32, AddcU32, SubbU32, MinI32, MinU32, MaxI32, MaxU32,
    CselectB32, CselectB64, AndB32, AndB64, OrB32, OrB64, XorB32, XorB64, Andn2B32, Andn2B64,
    Orn2B32, Orn2B64, NandB32, NandB64, NorB32, NorB64, XnorB32, XnorB64, LshlB32, LshlB64,
    LshrB32, LshrB64, AshrI32, AshrI64, BfmB32, BfmB64, MulI32, BfeU32, BfeI32, BfeU64, BfeI64,
    CbranchGFork, AbsdiffI32, RfeRestoreB64, MulHiU32, MulHiI32, Lshl1AddU32, Lshl2AddU32,
    Lshl3AddU32, Lshl4AddU32, PackLlB32B16, PackLhB32B16, PackHhB32B16,
};

// Operand widths in dwords (0 = the operand is not in the syntax; its field must be 0).
struct Mnemonic {
    std::string_view name;   // upper case, as in the seed: "S_ADD_U32"
    Op op;
    std::uint8_t sdst, ssrc0, ssrc1;
};

// One row of the seed's "List of the instructions by opcode" table ("--" = empty).
struct OpcodeRow {
    std::uint8_t opcode;
    std::string_view gcn10, gcn12, gcn14;
};

[[nodiscard]] std::span<const OpcodeRow> opcode_rows();
[[nodiscard]] std::span<const Mnemonic> mnemonics();
[[nodiscard]] const Mnemonic* find_mnemonic(std::string_view upper_name);
// The mnemonic at `opcode` (0-127) for version `v`, or nullptr ("--" or beyond the table).
[[nodiscard]] const Mnemonic* mnemonic_at(Version v, unsigned opcode);
// The opcode of `m` in version `v`, or -1 if that version lacks it.
[[nodiscard]] int opcode_of(Version v, const Mnemonic& m);

}  // namespace fgtlm::isa::gcn
