// Execution units of the SM: the interface every unit implements, and which unit executes
// each instruction form.
//
// A unit receives one warp operation (ExecContext, the documented payload: instruction
// form, active mask `exec_mask`, up to three 32-lane operand vectors `src[]`, carry-in
// flags) and produces 32-lane results `res[]`, the predicate flags `flags[]` (`has_flags`)
// and how many result registers write-back stores (`res_regs`). It returns false only for
// a kernel error. A unit also reports its own issue cost in SM cycles (`issue_cycles()`),
// which the SystemC model annotates as the TLM delay of the operation.
//
// ExecUnitIf is what the execute stage calls directly (the "DMI" path of models/sm/units);
// a unit reached through a TLM socket is wrapped in the same interface.
#pragma once

#include <cstdint>

#include <fgtlm/isa/instruction.hpp>

#include <fgtlm/core/issue_record.hpp>

namespace fgtlm::core {

struct ExecContext;

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
class SfuFunction final : public ExecUnitIf {
public:
    bool execute(ExecContext& op) override;
};

class SmCore;

// Branch unit: BRA/SSY/CAL/RET/KIL/BAR/NOP act on the warp's PC, mask and stack, which the
// core owns; the unit is the core's SmCore::exec_flow.
class BranchFunction final : public ExecUnitIf {
public:
    explicit BranchFunction(SmCore& core) : core_(core) {}
    bool execute(ExecContext& op) override;

private:
    SmCore& core_;
};

// Memory unit: global loads/stores through the global-memory controller (GlobalMemoryPort)
// and shared stores; the unit is the core's SmCore::exec_memory.
class MemoryFunction final : public ExecUnitIf {
public:
    explicit MemoryFunction(SmCore& core) : core_(core) {}
    bool execute(ExecContext& op) override;

private:
    SmCore& core_;
};

namespace tex {
struct Descriptor;
}

// Texture unit: TEX (1D/2D/3D, point/linear filtering, CUDA's address modes) from the
// launch's descriptor table, texels read through the core's GlobalMemoryPort (units/texture.cpp).
class TextureFunction final : public ExecUnitIf {
public:
    explicit TextureFunction(SmCore& core) : core_(core) {}
    bool execute(ExecContext& op) override;

private:
    bool load_descriptor(ExecContext& op, tex::Descriptor& d);
    SmCore& core_;
};

}  // namespace fgtlm::core
