#include <fgtlm/sm/units/unit_base.hpp>

namespace fgtlm::sm {

void UnitBase::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    core::ExecContext* op = warp_op_of(trans);
    if (op == nullptr || trans.get_command() != tlm::TLM_WRITE_COMMAND) {
        trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return;
    }
    ++operations;
    const bool ok = execute(*op);
    delay += clock_period * double(issue_cycles);
    trans.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
}

bool UnitBase::get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
    DirectUnitExtension* ext = trans.get_extension<DirectUnitExtension>();
    dmi.set_granted_access(tlm::tlm_dmi::DMI_ACCESS_NONE);  // never a memory pointer
    if (ext == nullptr || !allow_direct) return false;
    ext->unit = this;
    ext->issue_cycles = issue_cycles;
    return true;
}

}  // namespace fgtlm::sm
