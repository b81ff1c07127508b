// What travels between the SM pipeline stages.
//
// Each stage is a TLM target (and, except write-back, an initiator to the next stage).
// A warp instruction moves down the chain as one tlm_generic_payload per SM, reused for
// every instruction, carrying this extension: a pointer to the SM's execution core and
// its per-SM context (decoded instruction, masks, operand and result lanes). Stages call
// the core phase that belongs to them and forward the payload; nothing is allocated and no
// wait() happens per instruction (loosely timed). A probe or a replacement stage can be
// bound between any two stages and see/modify the context.
#pragma once

#include <tlm>

#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::sm {

struct PipelineExtension : tlm::tlm_extension<PipelineExtension> {
    core::SmCore* core = nullptr;
    core::ExecContext* ctx = nullptr;

    tlm::tlm_extension_base* clone() const override { return new PipelineExtension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        *this = static_cast<const PipelineExtension&>(other);
    }
};

// Response status convention: TLM_OK_RESPONSE = the stage (and all after it) succeeded;
// TLM_GENERIC_ERROR_RESPONSE = the kernel stopped with a KernelError (see core->error()).
inline PipelineExtension& pipeline_of(tlm::tlm_generic_payload& trans) {
    return *trans.get_extension<PipelineExtension>();
}

}  // namespace fgtlm::sm
