#include <fgtlm/stats/opcode_names.hpp>

#include <array>

namespace fgtlm::stats {
namespace {

constexpr std::array<const char*, std::size_t(isa::Opcode::Count)> kNames{
    "ILLEGAL", "BRA", "CAL", "RET", "BAR", "SSY", "TRAP", "KIL", "BRK", "PBK", "NOP",
    "MOV", "MVC", "A2R", "R2A", "R2G", "ADA", "GLD", "GST", "P2R", "R2P",
    "IADD", "IMUL", "IMAD", "ISET", "IMAX", "IMIN", "SHL", "SHR", "LOP",
    "I2I", "I2F", "F2I", "F2F",
    "FADD", "FMUL", "FMAD", "FSET", "FMAX", "FMIN", "RRO",
    "RCP", "RSQ", "LG2", "SIN", "COS", "EX2",
    "S2R", "LLD", "LST", "TEX",
};
// The table must follow the enum (isa/instruction.hpp): these anchor points catch a drift.
static_assert(std::size_t(isa::Opcode::TEX) + 1 == std::size_t(isa::Opcode::Count));
static_assert(std::size_t(isa::Opcode::IADD) == 21);
static_assert(std::size_t(isa::Opcode::FADD) == 34);

}  // namespace

const char* opcode_name(isa::Opcode op) {
    const auto i = std::size_t(op);
    return i < kNames.size() ? kNames[i] : "?";
}

}  // namespace fgtlm::stats
