// The payload an execution unit's TLM target socket takes, and the request for its direct
// interface.
//
// Payload: a tlm_generic_payload (command TLM_WRITE_COMMAND, address 0, no data pointer)
// carrying a WarpOpExtension that points at the warp operation (core::ExecContext): the
// instruction form (`inst`, `form`), the active mask (`exec_mask`), up to three 32-lane
// operand vectors (`src[]`), the carry-in flags; the unit writes the 32-lane results
// (`res[]`, `res_regs`), the predicate flags (`flags[]`, `has_flags`) and adds its own issue
// cost to the annotated delay. Response: TLM_OK_RESPONSE, or TLM_GENERIC_ERROR_RESPONSE
// when the operation stopped the kernel (a KernelError recorded in the core).
//
// Direct interface (the DMI idea applied to a unit): the execute stage calls
// get_direct_mem_ptr() with a DirectUnitExtension on the payload. A unit that grants it
// fills `unit` (a core::UnitFunction* whose execute() does exactly what b_transport does,
// minus the socket) and returns true; the execute stage then calls it without the socket.
// A unit that refuses (any plain TLM target: a user's replacement, an RTL-derived unit, a
// probe) is called through b_transport for every operation.
#pragma once

#include <tlm>

#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::sm {

struct WarpOpExtension : tlm::tlm_extension<WarpOpExtension> {
    core::ExecContext* op = nullptr;

    tlm::tlm_extension_base* clone() const override { return new WarpOpExtension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        op = static_cast<const WarpOpExtension&>(other).op;
    }
};

struct DirectUnitExtension : tlm::tlm_extension<DirectUnitExtension> {
    core::UnitFunction* unit = nullptr;  // filled by a unit that grants direct access
    std::uint32_t issue_cycles = 0;    // the unit's issue cost (the delay it would annotate)

    tlm::tlm_extension_base* clone() const override { return new DirectUnitExtension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        *this = static_cast<const DirectUnitExtension&>(other);
    }
};

// The warp operation of a unit payload, or nullptr when the payload is not one.
inline core::ExecContext* warp_op_of(tlm::tlm_generic_payload& trans) {
    const WarpOpExtension* e = trans.get_extension<WarpOpExtension>();
    return e != nullptr ? e->op : nullptr;
}

}  // namespace fgtlm::sm
