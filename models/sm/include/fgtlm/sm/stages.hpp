// The SM pipeline as SystemC modules, mirroring FlexGripPlus (fetch, decode, read,
// execute, write-back). Each stage: target socket `in`; all but write-back forward to
// the next stage through initiator socket `out`.
#pragma once

#include <array>
#include <cstdint>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <fgtlm/sm/memory/memory_initiator.hpp>
#include <fgtlm/sm/pipeline_protocol.hpp>
#include <fgtlm/sm/units/unit_protocol.hpp>

namespace fgtlm::sm {

// Common plumbing: receive, run this stage's phase, forward on success. The stage is its
// own forward interface of the pipeline protocol (one virtual call per hop, no callback
// indirection) and the backward interface of its initiator sockets (the pipeline protocol's
// `out`, the base protocol's register-file sockets).
class Stage : public sc_core::sc_module,
              public tlm::tlm_fw_transport_if<PipelineProtocol>,
              public tlm::tlm_bw_transport_if<PipelineProtocol>,
              public tlm::tlm_bw_transport_if<> {
public:
    PipelineTargetSocket in;  // the pipeline protocol (pipeline_protocol.hpp)
    std::uint64_t transactions = 0;  // instructions that passed this stage

    // The stage that `out` (or the SM's issue socket) reaches, if it is one of ours.
    static Stage* stage_behind(PipelineInitiatorSocket& s);

    void b_transport(PipelinePayload& trans, sc_core::sc_time& delay) override;
    // The pipeline is blocking only; the other interface methods refuse politely.
    tlm::tlm_sync_enum nb_transport_fw(PipelinePayload& trans, tlm::tlm_phase&, sc_core::sc_time&) override {
        trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return tlm::TLM_COMPLETED;
    }
    bool get_direct_mem_ptr(PipelinePayload&, tlm::tlm_dmi&) override { return false; }
    unsigned int transport_dbg(PipelinePayload&) override { return 0; }
    tlm::tlm_sync_enum nb_transport_bw(PipelinePayload&, tlm::tlm_phase&, sc_core::sc_time&) override {
        return tlm::TLM_COMPLETED;
    }
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time&) override {
        return tlm::TLM_COMPLETED;
    }
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}

protected:
    explicit Stage(sc_core::sc_module_name name);
    // The stage's own work; false = kernel error (recorded in the core).
    virtual bool work(core::SmCore& core, core::ExecContext& ctx) = 0;
    // Hands the payload to the next stage (the last stage completes it).
    virtual void forward(PipelinePayload& trans, sc_core::sc_time& delay) {
        trans.set_response_status(tlm::TLM_OK_RESPONSE);
    }
};

// A stage with a successor.
class ChainedStage : public Stage {
public:
    PipelineInitiatorSocket out;

protected:
    explicit ChainedStage(sc_core::sc_module_name name) : Stage(name), out("out") { out.bind(*this); }
    void forward(PipelinePayload& trans, sc_core::sc_time& delay) override { out->b_transport(trans, delay); }
};

// Fetch: instruction at the warp's PC from instruction memory. The program words are read
// through DMI (or copied once per kernel with transport_dbg when DMI is refused) and
// pre-decoded lazily by core::Program.
class FetchStage final : public ChainedStage {
public:
    const char* kind() const override { return "fgtlm::sm::FetchStage"; }
    tlm_utils::simple_initiator_socket<FetchStage> imem;

    explicit FetchStage(sc_core::sc_module_name name);
    // Binds `program` to instruction memory [code_base, code_base + max_bytes).
    // Returns false (with `why`) if the memory cannot be reached.
    bool attach_program(core::Program& program, std::uint64_t code_base, std::uint64_t max_bytes, std::string& why);

private:
    bool work(core::SmCore& core, core::ExecContext& ctx) override { return core.fetch(ctx); }
    void invalidate(sc_dt::uint64 start, sc_dt::uint64 end);
    std::vector<std::uint32_t> copy_;  // used when DMI is refused
    core::Program* program_ = nullptr;
};

class DecodeStage final : public ChainedStage {
public:
    const char* kind() const override { return "fgtlm::sm::DecodeStage"; }
    explicit DecodeStage(sc_core::sc_module_name name) : ChainedStage(name) {}

private:
    bool work(core::SmCore& core, core::ExecContext& ctx) override { return core.decode(ctx); }
};

// Read: operand collection from the register file (socket `rf`, bound to the register
// file's read port; the rows are reached directly, as DMI grants) and from shared and
// constant memory through the ports `shared` and `constant` (initiators bound to the memory
// unit's shared- and constant-memory controllers: DMI when granted, else b_transport).
class ReadStage final : public ChainedStage {
public:
    const char* kind() const override { return "fgtlm::sm::ReadStage"; }
    tlm::tlm_initiator_socket<> rf;
    MemoryInitiator shared;    // s[..] operands
    MemoryInitiator constant;  // c[..] operands
    explicit ReadStage(sc_core::sc_module_name name)
        : ChainedStage(name), rf("rf"), shared("shared"), constant("constant") {
        rf.bind(*this);
    }

private:
    bool work(core::SmCore& core, core::ExecContext& ctx) override { return core.read(ctx); }
};

// Execute: hands the warp operation to the unit the unit table names, through one
// initiator socket of the unit protocol per unit (sp, fpu, sfu, branch, mem, tex;
// units/unit_protocol.hpp). connect_units() asks every bound unit for its direct interface
// (a UnitGrant through get_direct_mem_ptr, like DMI); a unit that grants it is called
// directly, any other through b_transport with a UnitPayload. Either way the unit annotates
// its issue cost (ExecContext::unit_cycles).
class ExecuteStage final : public ChainedStage, public tlm::tlm_bw_transport_if<UnitProtocol> {
public:
    const char* kind() const override { return "fgtlm::sm::ExecuteStage"; }
    UnitInitiatorSocket sp, fpu, sfu, branch, mem, tex;

    explicit ExecuteStage(sc_core::sc_module_name name);
    using Stage::nb_transport_bw;
    tlm::tlm_sync_enum nb_transport_bw(UnitPayload&, tlm::tlm_phase&, sc_core::sc_time&) override {
        return tlm::TLM_COMPLETED;
    }
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}
    // Installs the units in `core` (direct interface where granted). Called per kernel.
    void connect_units(core::SmCore& core, sc_core::sc_time clock_period);
    // True when the unit executing `unit` operations is called through its direct interface.
    [[nodiscard]] bool direct(core::UnitId unit) const { return direct_[std::size_t(unit)]; }
    UnitInitiatorSocket& socket_of(core::UnitId unit);

private:
    bool work(core::SmCore& core, core::ExecContext& ctx) override { return core.execute(ctx); }

    // A unit reached through its socket: the payload is built once and reused.
    struct SocketUnit final : core::UnitFunction {
        UnitInitiatorSocket* socket = nullptr;
        core::SmCore* core = nullptr;
        sc_core::sc_time period;
        UnitPayload trans;
        bool execute(core::ExecContext& op) override;
    };
    std::array<SocketUnit, 6> socket_units_;  // SP .. Texture
    std::array<bool, core::kNumUnits> direct_{};
};

// Write-back: results to the register file (socket `rf`, bound to its write port),
// predicates, PC and warp stack, observers.
class WriteBackStage final : public Stage {
public:
    const char* kind() const override { return "fgtlm::sm::WriteBackStage"; }
    tlm::tlm_initiator_socket<> rf;
    explicit WriteBackStage(sc_core::sc_module_name name) : Stage(name), rf("rf") { rf.bind(*this); }

private:
    bool work(core::SmCore& core, core::ExecContext& ctx) override { return core.writeback(ctx); }
};

}  // namespace fgtlm::sm
