#include <fgtlm/sm/stages.hpp>

#include <cstring>

namespace fgtlm::sm {

Stage::Stage(sc_core::sc_module_name name) : sc_core::sc_module(name), in("in") { in.bind(*this); }

void Stage::b_transport(PipelinePayload& trans, sc_core::sc_time& delay) {
    if (trans.core == nullptr || trans.ctx == nullptr) {
        trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        return;
    }
    ++transactions;
    if (!work(*trans.core, *trans.ctx)) {
        trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        return;
    }
    forward(trans, delay);
}

Stage* Stage::stage_behind(PipelineInitiatorSocket& s) {
    return dynamic_cast<Stage*>(s.get_base_port().get_interface());
}

FetchStage::FetchStage(sc_core::sc_module_name name) : ChainedStage(name), imem("imem") {
    imem.register_invalidate_direct_mem_ptr(this, &FetchStage::invalidate);
}

bool FetchStage::attach_program(core::Program& program, std::uint64_t code_base, std::uint64_t max_bytes,
                                std::string& why) {
    program_ = &program;
    tlm::tlm_generic_payload trans;
    tlm::tlm_dmi dmi;
    trans.set_command(tlm::TLM_READ_COMMAND);
    trans.set_address(code_base);
    if (imem->get_direct_mem_ptr(trans, dmi) && dmi.is_read_allowed() && dmi.get_start_address() <= code_base) {
        const std::uint64_t avail = dmi.get_end_address() - code_base + 1;
        const std::uint64_t bytes = std::min(avail, max_bytes) & ~std::uint64_t(3);
        program.bind(reinterpret_cast<const std::uint32_t*>(dmi.get_dmi_ptr() + (code_base - dmi.get_start_address())),
                     std::uint32_t(bytes / 4));
        return true;
    }
    // No DMI: copy the code once per kernel with the debug interface (code does not change
    // while a kernel runs).
    copy_.assign(max_bytes / 4, 0);
    trans.set_address(code_base);
    trans.set_data_ptr(reinterpret_cast<unsigned char*>(copy_.data()));
    trans.set_data_length(unsigned(copy_.size() * 4));
    const unsigned got = imem->transport_dbg(trans);
    if (got < 4) {
        why = "instruction memory not readable at code_base";
        return false;
    }
    copy_.resize(got / 4);
    program.bind(copy_.data(), std::uint32_t(copy_.size()));
    return true;
}

void FetchStage::invalidate(sc_dt::uint64, sc_dt::uint64) {
    // The instruction memory revoked DMI (e.g. reloaded): decoded instructions may be stale.
    if (program_ != nullptr) program_->invalidate();
}

}  // namespace fgtlm::sm

namespace fgtlm::sm {

ExecuteStage::ExecuteStage(sc_core::sc_module_name name)
    : ChainedStage(name), sp("sp"), fpu("fpu"), sfu("sfu"), branch("branch"), mem("mem"), tex("tex") {
    for (auto* s : {&sp, &fpu, &sfu, &branch, &mem, &tex}) s->bind(*this);
}

UnitInitiatorSocket& ExecuteStage::socket_of(core::UnitId unit) {
    switch (unit) {
        case core::UnitId::FPU: return fpu;
        case core::UnitId::SFU: return sfu;
        case core::UnitId::Branch: return branch;
        case core::UnitId::Memory: return mem;
        case core::UnitId::Texture: return tex;
        default: return sp;
    }
}

void ExecuteStage::connect_units(core::SmCore& core, sc_core::sc_time clock_period) {
    for (std::uint32_t u = 0; u < socket_units_.size(); ++u) {
        const auto unit = core::UnitId(u);
        UnitInitiatorSocket& s = socket_of(unit);
        UnitGrant grant;
        UnitPayload req;
        req.grant = &grant;
        tlm::tlm_dmi dmi;
        const bool granted = s->get_direct_mem_ptr(req, dmi) && grant.unit != nullptr;
        direct_[u] = granted;
        if (granted) {
            core.set_unit(unit, grant.unit);
            continue;
        }
        SocketUnit& su = socket_units_[u];
        su.socket = &s;
        su.core = &core;
        su.period = clock_period;
        core.set_unit(unit, &su);
    }
}

bool ExecuteStage::SocketUnit::execute(core::ExecContext& op) {
    trans.op = &op;
    trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    (*socket)->b_transport(trans, delay);
    op.execute.unit_cycles = std::uint32_t((delay + period - sc_core::sc_time::from_value(1)) / period);  // round up
    if (trans.get_response_status() == tlm::TLM_OK_RESPONSE) return true;
    if (!core->failed() && op.execute.error.kind == core::KernelErrorKind::None)  // refused, no kernel error of its own
        core->fail(core::KernelErrorKind::IllegalInstruction, op.fetch.warp_slot, op.fetch.pc,
                   std::string("execution unit ") + socket->name() + " answered " + trans.get_response_string());
    return false;
}

}  // namespace fgtlm::sm
