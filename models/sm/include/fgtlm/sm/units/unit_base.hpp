// UnitBase: the common base of the SM's execution units (sm::<X>Unit: SpUnit, FpuUnit, SfuUnit,
// BranchUnit, MemoryUnit, TextureUnit), each the SystemC module around a core::<X>Function
// (models/README.md names the vocabulary): a SystemC module with one TLM-2.0 target socket `socket` that takes the warp
// operation (the unit protocol, unit_protocol.hpp), executes it with the unit's function and annotates
// the unit's own issue cost. It grants the direct interface unless `allow_direct` is false.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include <systemc>
#include <tlm>

#include <fgtlm/core/units/unit_function.hpp>

#include <fgtlm/sm/units/unit_protocol.hpp>

namespace fgtlm::sm {

class UnitBase : public sc_core::sc_module, public tlm::tlm_fw_transport_if<UnitProtocol>, public core::UnitFunction {
public:
    UnitTargetSocket socket;  // the unit protocol (unit_protocol.hpp)
    // Timing constants the unit owns: SM cycles from this operation's issue to the next
    // issue of the SM (loosely timed: 32 / sp_lanes passes of the lanes) and the period.
    std::uint32_t issue_cycles = 4;
    sc_core::sc_time clock_period = sc_core::sc_time(10, sc_core::SC_NS);
    bool allow_direct = true;      // false: refuse the direct interface (tests, probing)
    std::uint64_t operations = 0;  // operations executed through b_transport

    // core::UnitFunction: the direct path.
    bool execute(core::ExecContext& op) override {
        op.execute.unit_cycles = issue_cycles;
        return function_->execute(op);
    }

    void b_transport(UnitPayload& trans, sc_core::sc_time& delay) override;
    bool get_direct_mem_ptr(UnitPayload& trans, tlm::tlm_dmi& dmi) override;
    tlm::tlm_sync_enum nb_transport_fw(UnitPayload& trans, tlm::tlm_phase&, sc_core::sc_time&) override {
        trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);  // blocking only
        return tlm::TLM_COMPLETED;
    }
    unsigned int transport_dbg(UnitPayload&) override { return 0; }

protected:
    UnitBase(sc_core::sc_module_name name, core::UnitFunction* function)
        : sc_core::sc_module(name), socket("socket"), function_(function) {
        socket.bind(*this);
    }

private:
    core::UnitFunction* function_;
};

// A unit's SystemC kind() as a template argument: SimpleUnit<F, "fgtlm::sm::SpUnit">.
template <std::size_t N>
struct KindName {
    char text[N];
    constexpr KindName(const char (&s)[N]) { std::copy_n(s, N, text); }  // implicit: from the literal
};

// An execution unit whose function object needs nothing from the SM (SpUnit, FpuUnit, SfuUnit:
// one header each, an alias of this). It owns the function and executes every payload with it.
template <class Function, KindName Kind>
class SimpleUnit final : public UnitBase {
public:
    explicit SimpleUnit(sc_core::sc_module_name name) : UnitBase(name, &function_) {}
    const char* kind() const override { return Kind.text; }
    // UnitBase::execute with the function's type known: one direct call instead of two virtual ones.
    bool execute(core::ExecContext& op) override {
        op.execute.unit_cycles = issue_cycles;
        return function_.execute(op);
    }

private:
    Function function_;
};

}  // namespace fgtlm::sm
