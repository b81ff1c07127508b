// What every execution unit's function implements (core::<X>Function, one header each in this
// folder), and how a unit reports a kernel error.
//
// A unit function receives one warp operation (ExecContext, sm_core.hpp: instruction form,
// active mask `exec_mask`, up to three 32-lane operand vectors `src[]`, carry-in flags) and
// produces 32-lane results `res[]`, the predicate flags `flags[]` (`has_flags`) and how many
// result registers write-back stores (`res_regs`). It returns false only for a kernel error,
// which it describes in `error` (UnitError) unless it recorded it itself.
//
// The SystemC unit around a function (sm::<X>Unit, models/sm/include/fgtlm/sm/units) grants
// the execute stage this interface directly (the "DMI" path); a unit reached through its TLM
// socket is wrapped in the same interface. Which unit executes a form: unit_table.hpp.
#pragma once

#include <cstdint>
#include <string>

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

// Describes a kernel error in op.execute.error and returns false (what a unit returns for it).
bool unit_fail(ExecContext& op, KernelErrorKind kind, std::uint64_t address, std::string message);

class UnitFunction {
public:
    virtual ~UnitFunction() = default;
    // Executes the warp operation; false = kernel error (recorded in the core).
    virtual bool execute(ExecContext& op) = 0;
};

}  // namespace fgtlm::core
