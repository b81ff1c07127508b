#include <fgtlm/sm/units/unit_base.hpp>

namespace fgtlm::sm {

void UnitBase::b_transport(UnitPayload& trans, sc_core::sc_time& delay) {
    if (trans.op == nullptr) {
        trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return;
    }
    ++operations;
    const bool ok = execute(*trans.op);
    delay += clock_period * double(issue_cycles);
    trans.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
}

// The grant is typed (UnitGrant); the tlm_dmi stays without access: no pointer travels in it.
bool UnitBase::get_direct_mem_ptr(UnitPayload& trans, tlm::tlm_dmi& dmi) {
    dmi.set_granted_access(tlm::tlm_dmi::DMI_ACCESS_NONE);
    if (trans.grant == nullptr || !allow_direct) return false;
    trans.grant->unit = this;
    trans.grant->issue_cycles = issue_cycles;
    return true;
}

}  // namespace fgtlm::sm
