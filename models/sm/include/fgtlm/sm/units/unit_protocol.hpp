// The unit protocol: what the execute stage's unit sockets carry. It is not memory-mapped (a
// warp operation has no address and no data buffer), so it is not the base protocol: a
// TLM-2.0 user-defined protocol with a payload class of its own. A socket of this protocol
// binds only to another of this protocol; binding a base-protocol probe does not compile.
//
//   tlm::tlm_initiator_socket<32, sm::UnitProtocol>   (ExecuteStage::sp, fpu, ...)
//   tlm::tlm_target_socket<32, sm::UnitProtocol>      (UnitBase::socket)
//   tlm_utils::simple_initiator_socket<M, 32, sm::UnitProtocol> and
//   tlm_utils::passthrough_target_socket<M, 32, sm::UnitProtocol> for a probe or wrapper
//
// b_transport(UnitPayload&, delay): the unit executes `op` and adds its own issue cost to the
// annotated delay. Response: TLM_OK_RESPONSE, or TLM_GENERIC_ERROR_RESPONSE when the operation
// stopped the kernel (op->execute.error describes it, or the core recorded it).
//
// Direct interface (the DMI idea applied to a unit): get_direct_mem_ptr(payload, dmi) with
// `payload.grant` set asks for it. A unit that grants it fills the typed grant (the unit's
// function interface and its issue cost) and returns true; tlm_dmi is left without access (no
// pointer travels through it). The execute stage then calls the grant without the socket. A
// unit that refuses (a user's replacement, an RTL-derived unit, a probe) is called through
// b_transport for every operation. nb_transport and transport_dbg are not part of the protocol.
#pragma once

#include <cstdint>
#include <string>

#include <tlm>

#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/sm/response_status.hpp>

namespace fgtlm::sm {

// What a unit grants: its function, called directly, and the issue cost it would annotate.
struct UnitGrant {
    core::UnitFunction* unit = nullptr;
    std::uint32_t issue_cycles = 0;
};

class UnitPayload : public ResponseStatus {
public:
    core::ExecContext* op = nullptr;  // the warp operation (b_transport)
    UnitGrant* grant = nullptr;       // the request for the direct interface (get_direct_mem_ptr)
};

// TLM-2.0 protocol traits (the TYPES parameter of the sockets and interfaces).
struct UnitProtocol {
    typedef UnitPayload tlm_payload_type;
    typedef tlm::tlm_phase tlm_phase_type;
};

using UnitInitiatorSocket = tlm::tlm_initiator_socket<32, UnitProtocol>;
using UnitTargetSocket = tlm::tlm_target_socket<32, UnitProtocol>;

}  // namespace fgtlm::sm
