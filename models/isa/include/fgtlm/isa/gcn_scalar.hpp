// AMD GCN SOP2 scalar ALU: executes SOP2 programs (seed 002) on a scalar register state.
// Plain C++, no SystemC. Decoding is the same table the `gcn*` disassemblers use.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace fgtlm::isa::gcn {

enum class Version : std::uint8_t { Gcn10, Gcn12, Gcn14 };   // 1.0/1.1, 1.2, 1.4

// The scalar state an SOP2 instruction can read or write. `regs` is indexed by the 7-bit
// destination operand code: s0.. (0-103), flat_scratch/xnack_mask (GCN 1.2+), vcc (106-107),
// tba/tma/ttmp (108-123), m0 (124), exec (126-127). Codes 235-239 (GCN 1.4 apertures) read
// `apertures`. SCC, VCCZ and EXECZ are derived (scc; vcc == 0; exec == 0).
struct ScalarState {
    std::array<std::uint32_t, 128> regs{};
    std::array<std::uint32_t, 5> apertures{};   // src_shared_base .. src_pops_exiting_wave_id
    bool scc = false;
    std::uint64_t pc = 0;       // byte address of the next instruction
    std::uint32_t csp = 0;      // S_CBRANCH_G_FORK control-stack pointer (the seed: 3 bits of MODE)

    [[nodiscard]] std::uint32_t sgpr(unsigned n) const { return regs.at(n); }
    [[nodiscard]] std::uint64_t sgpr64(unsigned n) const {
        return regs.at(n) | (static_cast<std::uint64_t>(regs.at(n + 1)) << 32);
    }
    void set_sgpr64(unsigned n, std::uint64_t v) {
        regs.at(n) = static_cast<std::uint32_t>(v);
        regs.at(n + 1) = static_cast<std::uint32_t>(v >> 32);
    }
    [[nodiscard]] std::uint64_t exec() const { return sgpr64(126); }
    [[nodiscard]] std::uint64_t vcc() const { return sgpr64(106); }
};

struct RunResult {
    std::uint64_t instructions = 0;
    std::string error;   // empty = ran off the end of the program; else "pc 0x8: ..."
    [[nodiscard]] bool ok() const { return error.empty(); }
};

// Executes the instruction at state.pc (a byte address into `program`, word 0 at 0).
// Returns an empty string, or why the instruction cannot execute (not decodable, no
// semantics in the seed: S_RFE_RESTORE_B64, S_CBRANCH_G_FORK with a constant mask).
[[nodiscard]] std::string step(Version v, std::span<const std::uint32_t> program, ScalarState& state);

// Steps until pc leaves the program (success) or an error; at most `max_instructions`.
[[nodiscard]] RunResult run(Version v, std::span<const std::uint32_t> program, ScalarState& state,
                            std::uint64_t max_instructions = 1'000'000);

}  // namespace fgtlm::isa::gcn
