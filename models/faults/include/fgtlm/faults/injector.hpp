// Applies one fault to a running Machine.
//
// State structures (registers, flags, memories, PC, masks, stacks, barrier counters) are
// changed between two instructions: a flip once, before instruction `time`; a stuck-at before
// every instruction from `time` on (and once more at the end, so a stuck memory bit is seen
// in the output). The fetched instruction word and the SP/FPU/SFU results are changed inside
// an instruction, through Machine::step's hooks: after fetch (the word is re-decoded with the
// bit changed) and after execute (the lane's result before write-back).
#pragma once

#include <cstdint>
#include <vector>

#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/isa/instruction.hpp>

#include <fgtlm/faults/fault.hpp>
#include <fgtlm/faults/machine.hpp>

namespace fgtlm::faults {

// True for structures changed inside an instruction (hooks) rather than between instructions.
bool is_in_flight(Structure s);
// The unit whose result an instruction produces (SpResult/FpuResult/SfuResult), or Count when
// it uses none of them (memory, flow control).
Structure result_unit(isa::Opcode op);

// The state a fault can reach, wherever the core runs (faults::Machine or the SystemC SM).
struct StateView {
    core::SmCore& sm;
    std::uint8_t* global;
    std::size_t global_bytes;
    std::uint8_t* constant;
    std::size_t constant_bytes;
    std::uint32_t regs_per_thread;
};
StateView view_of(Machine& m);

class Injector {
public:
    // `policy`: the core's RTL readings, with which a corrupted instruction word is decoded.
    Injector(const Fault& fault, const core::RtlPolicy& policy) : fault_(fault), policy_(policy) {}

    // Changes the state cell (flip or force) now; true when the site exists in the current
    // batch (a resident warp / block, a used stack entry, a memory byte).
    bool apply_state(const StateView& v);
    bool apply_state(Machine& m) { return apply_state(view_of(m)); }

    // Hooks for Machine::step, active while `armed`.
    void after_fetch(core::ExecContext& ctx);
    void after_execute(core::ExecContext& ctx);

    bool armed = false;
    bool activated = false;  // the fault changed a value at least once

private:
    template <class T>
    void hit(T& cell, std::uint32_t bit);

    Fault fault_;
    core::RtlPolicy policy_;
    isa::Instruction corrupted_;
};

// Runs `m` (positioned at instruction fault.time) to the end with the fault, or until
// `max_steps` instructions in total. Returns whether the fault ever changed a value.
bool run_with_fault(Machine& m, const Fault& fault, std::uint64_t max_steps);

}  // namespace fgtlm::faults
