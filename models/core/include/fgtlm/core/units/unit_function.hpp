// Execution units of the SM: the interface every unit implements, and which unit executes
// each instruction form.
//
// A unit receives one warp operation (ExecContext, the documented payload: instruction
// form, active mask `exec_mask`, up to three 32-lane operand vectors `src[]`, carry-in
// flags) and produces 32-lane results `res[]`, the predicate flags `flags[]` (`has_flags`)
// and how many result registers write-back stores (`res_regs`). It returns false only for
// a kernel error, which it describes in `error` (UnitError) unless it recorded it itself. A unit also reports its own
// issue cost in SM cycles (`issue_cycles()`), which the SystemC model annotates as the TLM delay of the operation.
//
// ExecUnitIf is what the execute stage calls directly (the "DMI" path of models/sm/include/fgtlm/sm/units);
// a unit reached through a TLM socket is wrapped in the same interface.
#pragma once

#include <cstdint>
#include <string>

#include <fgtlm/core/rtl_alu_latch.hpp>
#include <fgtlm/isa/instruction.hpp>

#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/core/launch.hpp>

namespace fgtlm::core {

struct ExecContext;

// A kernel error a unit reports by returning false (the core records it with the warp's PC,
// block and warp). kind None: the unit recorded nothing (the caller names the unit instead).
struct UnitError {
    KernelErrorKind kind = KernelErrorKind::None;
    std::uint64_t address = 0;
    std::string message;
};

// The memory unit's operands (memory_function.hpp), gathered by the core from the register file
// before the unit runs: the rows the instruction addresses, so the unit needs no core access.
struct MemOperands {
    const std::uint32_t* addr = nullptr;  // per-lane address: GPR (GLD/GST) or A-register (R2G, LLD/LST)
    const std::uint32_t* data[4] = {};    // store data, one row per 32-bit word (.64/.128: consecutive registers)
    std::uint32_t shared_base = 0;        // R2G: the block's shared-memory window
    std::uint64_t local_base = 0;         // LLD/LST: global address of lane 0's local window
    std::uint64_t local_stride = 0;       // LLD/LST: local bytes per thread
    std::uint32_t special = 0;            // S2R: the special register's value
    bool summarize = false;               // fill the timing summary (segments, bank conflicts)
};

// Describes a kernel error in op.error and returns false (what a unit returns for it).
bool unit_fail(ExecContext& op, KernelErrorKind kind, std::uint64_t address, std::string message);

class ExecUnitIf {
public:
    virtual ~ExecUnitIf() = default;
    // Executes the warp operation; false = kernel error (recorded in the core).
    virtual bool execute(ExecContext& op) = 0;
};

// Static properties of an instruction form, fixed at decode (core::Program caches them).
struct FormInfo {
    ExecUnit exec = ExecUnit::SP;    // the unit that computes the result
    ExecUnit timing = ExecUnit::SP;  // the resource the timing model charges (MVC: Memory)
    RtlLatchEffects rtl;             // core.semantics=rtl: the latches it loads (rtl_alu_latch.hpp)
    FormFlags flags;                 // static properties the timing model and observers test
};

// The unit table: every opcode (and form, for MOV from shared memory) to its units.
FormInfo form_info(const isa::Instruction& in);

// Integer ALU of the SP lanes: IADD, IMUL/IMAD, ISET, IMIN/IMAX, shifts, LOP, I2I, moves.
class SpFunction final : public ExecUnitIf {
public:
    bool execute(ExecContext& op) override;
};

// Floating-point unit: FADD, FMUL, FMAD, FSET, FMIN/FMAX, conversions, RRO.
class FpuFunction final : public ExecUnitIf {
public:
    bool execute(ExecContext& op) override;
};

// Special-function unit: RCP, RSQ, LG2, EX2, SIN, COS.
// (The branch and memory units: units/branch_function.hpp, units/memory_function.hpp.)
class SfuFunction final : public ExecUnitIf {
public:
    bool execute(ExecContext& op) override;
};

}  // namespace fgtlm::core
