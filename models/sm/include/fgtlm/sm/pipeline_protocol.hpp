// The pipeline protocol: what travels between the SM pipeline stages.
//
// Each stage is a target (socket `in`) and, except write-back, an initiator to the next stage
// (socket `out`). A warp instruction moves down the chain as one PipelinePayload per SM,
// reused for every instruction: the SM's execution core and its per-SM context (decoded
// instruction, masks, operand and result lanes, core::ExecContext). Stages call the core phase
// that belongs to them and forward the payload; nothing is allocated and no wait() happens per
// instruction. A probe or a replacement stage can be bound between any two stages and
// see/modify the context. It is not memory-mapped, so it is a TLM-2.0 user-defined protocol
// with a payload class of its own: a base-protocol socket does not bind to a stage.
//
//   tlm::tlm_initiator_socket<32, sm::PipelineProtocol> / tlm_target_socket<32, ...> (stages),
//   tlm_utils::simple_initiator_socket<M, 32, sm::PipelineProtocol> and
//   tlm_utils::passthrough_target_socket<M, 32, sm::PipelineProtocol> for a probe.
//
// Only b_transport is part of the protocol. Response status: TLM_OK_RESPONSE = the stage (and
// all after it) succeeded; TLM_GENERIC_ERROR_RESPONSE = the kernel stopped with a KernelError
// (see core->error()).
#pragma once

#include <tlm>

#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/sm/response_status.hpp>

namespace fgtlm::sm {

class PipelinePayload : public ResponseStatus {
public:
    core::SmCore* core = nullptr;
    core::ExecContext* ctx = nullptr;
};

// TLM-2.0 protocol traits (the TYPES parameter of the sockets and interfaces).
struct PipelineProtocol {
    typedef PipelinePayload tlm_payload_type;
    typedef tlm::tlm_phase tlm_phase_type;
};

using PipelineInitiatorSocket = tlm::tlm_initiator_socket<32, PipelineProtocol>;
using PipelineTargetSocket = tlm::tlm_target_socket<32, PipelineProtocol>;

}  // namespace fgtlm::sm
