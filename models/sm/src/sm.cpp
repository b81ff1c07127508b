#include <fgtlm/sm/sm.hpp>

#include <algorithm>

namespace fgtlm::sm {

Sm::Sm(sc_core::sc_module_name name, const SmConfig& cfg)
    : SmCoreHolder([&] {
          core::SmCoreConfig c = cfg.core;
          c.sp_lanes = cfg.sp_lanes;  // the FPU's per-pass behaviour depends on it
          return c;
      }()),
      sc_core::sc_module(name),
      fetch("fetch"),
      decode("decode"),
      read("read"),
      execute("execute"),
      writeback("writeback"),
      regfile("regfile", core_.registers()),
      sp("sp"),
      fpu("fpu"),
      sfu("sfu"),
      branch("branch", core_),
      mem("mem", core_),
      tex("tex", core_),
      global(mem.global),
      issue("issue"),
      imem_socket(fetch.imem),
      global_socket(mem.global.socket),
      cfg_(cfg),
      lt_cost_(cfg.sp_lanes) {
    if (cfg.auto_bind_pipeline) bind_default_pipeline();
    if (cfg.auto_bind_units) bind_default_units();
    // Loosely timed, every unit takes 32 / sp_lanes cycles per warp operation (its own
    // constant; an calibrated timing model replaces the sum, a replacement unit annotates its own).
    const std::uint64_t lt_cycles = lt_cost_.cycles();
    for (UnitBase* u : {static_cast<UnitBase*>(&sp), static_cast<UnitBase*>(&fpu), static_cast<UnitBase*>(&sfu),
                        static_cast<UnitBase*>(&branch), static_cast<UnitBase*>(&mem), static_cast<UnitBase*>(&tex)}) {
        u->issue_cycles = std::uint32_t(lt_cycles);
        lt_cycles_ = std::uint32_t(lt_cycles);
        u->clock_period = cfg.clock_period;
    }
    // The decoded-instruction index for the usual windows (up to 1 MiB) at elaboration.
    program_.reserve(std::uint32_t(std::min<std::uint64_t>(cfg.imem_window, 1u << 20) / 4));
    core_.set_program(&program_);
    core_.set_global(&mem.global);
    core_.set_local(&mem.local);
    core_.set_shared_ports(&read.shared, &mem.shared_store);
    trans_.core = &core_;
    trans_.ctx = &core_.context();
    SC_HAS_PROCESS(Sm);
    SC_THREAD(thread);
}

void Sm::bind_default_units(std::uint32_t skip_mask) {
    for (auto u : {core::UnitId::SP, core::UnitId::FPU, core::UnitId::SFU, core::UnitId::Branch, core::UnitId::Memory,
                   core::UnitId::Texture})
        if (!((skip_mask >> unsigned(u)) & 1u)) execute.socket_of(u).bind(unit(u).socket);
    if (!(skip_mask & kSkipRegisterFile)) {
        read.rf.bind(regfile.read_port);
        writeback.rf.bind(regfile.write_port);
    }
    if (!(skip_mask & kSkipSharedMemory)) {
        read.shared.socket.bind(mem.shared.socket);
        mem.shared_store.socket.bind(mem.shared.socket);
    }
    if (!(skip_mask & kSkipConstantMemory)) read.constant.socket.bind(mem.constant.socket);
}

UnitBase& Sm::unit(core::UnitId u) {
    switch (u) {
        case core::UnitId::FPU: return fpu;
        case core::UnitId::SFU: return sfu;
        case core::UnitId::Branch: return branch;
        case core::UnitId::Memory: return mem;
        case core::UnitId::Texture: return tex;
        default: return sp;
    }
}

void Sm::bind_default_pipeline() {
    issue.bind(fetch.in);
    fetch.out.bind(decode.in);
    decode.out.bind(read.in);
    read.out.bind(execute.in);
    execute.out.bind(writeback.in);
}

void Sm::set_issue_cost(core::IssueCost* t) {
    timing_ = t;
    core_.set_issue_cost(t);  // the core calls it before any observer, once per instruction
    core_.record_issues = t != nullptr;
}

bool Sm::begin_kernel(const core::LaunchConfig& launch, const std::uint8_t* const_mem, std::uint32_t const_size,
                      KernelRunState* control, std::string& error) {
    control_ = control;
    mem.constant.attach(const_cast<std::uint8_t*>(const_mem), const_size);  // read-only window
    core_.set_constant(const_mem, const_size, &read.constant);
    for (MemoryInitiator* port : {&read.shared, &read.constant, &mem.shared_store}) {
        port->clock_period = cfg_.clock_period;
        port->refresh_dmi();
    }
    execute.connect_units(core_, cfg_.clock_period);
    fused_ = default_chain();
    if (!fetch.attach_program(program_, launch.code_base, cfg_.imem_window, error)) return false;
    global.drop_dmi();  // asked for again at the first address a kernel accesses
    global.clock_period = cfg_.clock_period;
    global.set_protocol(cfg_.global_protocol);
    global.clock = this;
    passed_cycles_ = 0;
    global.annotated = sc_core::SC_ZERO_TIME;
    global.pending_cycles = 0;
    core_.begin_kernel(launch);
    core_.warp_instructions = core_.thread_instructions = 0;
    cycles_ = 0;
    if (timing_ != nullptr) timing_->on_kernel_start(cfg_.core.sm_id);
    return true;
}

void Sm::run_batch(std::uint32_t first_block, std::uint32_t count) {
    batch_first_ = first_block;
    batch_count_ = count;
    batch_pending_ = true;
    batch_start_.notify(sc_core::SC_ZERO_TIME);
}

bool Sm::default_chain() {
    return Stage::stage_behind(issue) == &fetch && Stage::stage_behind(fetch.out) == &decode &&
           Stage::stage_behind(decode.out) == &read && Stage::stage_behind(read.out) == &execute &&
           Stage::stage_behind(execute.out) == &writeback;
}

[[gnu::hot]] bool Sm::pass_pipeline(core::ExecContext& ctx) {
    if (!fused_) {
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        issue->b_transport(trans_, delay);
        return trans_.get_response_status() == tlm::TLM_OK_RESPONSE;
    }
    // What the five hops do, without the virtual calls (each stage's counter still counts).
    ++fetch.transactions;
    if (!core_.fetch(ctx)) return false;
    ++decode.transactions;
    if (!core_.decode(ctx)) return false;
    ++read.transactions;
    if (!core_.read(ctx)) return false;
    ++execute.transactions;
    if (!core_.execute(ctx)) return false;
    ++writeback.transactions;
    return core_.writeback(ctx);
}

[[gnu::hot]] bool Sm::issue_one() {
    core::ExecContext& ctx = core_.context();
    if (!core_.select(ctx)) return false;
    ctx.execute.unit_cycles = lt_cycles_;  // in case a replacement execute stage bypasses the units
    if (!pass_pipeline(ctx)) return false;
    // One source of cycles: the IssueCost's answer (it accounts for the memory latency in
    // IssueRecord::mem.latency_cycles itself); without one, the executing unit's annotated
    // delay plus the memory controllers' slow-path delay (unit and operand reads).
    // A replacement unit that annotates more than the default units' cost adds the excess to
    // the model's answer (the default units annotate exactly lt_cycles_: no change).
    const std::uint64_t unit_excess = ctx.execute.unit_cycles > lt_cycles_ ? ctx.execute.unit_cycles - lt_cycles_ : 0;
    const std::uint64_t cost = timing_ != nullptr
                                   ? ctx.writeback.issue_cycles + unit_excess
                                   : std::uint64_t(ctx.execute.unit_cycles) + ctx.writeback.rec.mem.latency_cycles +
                                         ctx.writeback.rec.operand_latency_cycles;
    cycles_ += cost;
    unsynced_cycles_ += cost;
    if (passed_cycles_ != 0) {  // an AT access waited: that part of the cost has passed already
        const std::uint64_t d = std::min(passed_cycles_, unsynced_cycles_);
        unsynced_cycles_ -= d;
        passed_cycles_ -= d;
    }
    if (control_ != nullptr) {
        ++control_->issued;
        if (control_->abort || (control_->max_instructions != 0 && control_->issued > control_->max_instructions) ||
            (control_->max_cycles != 0 && cycles_ > control_->max_cycles))
            return stop(ctx.fetch.warp_slot);
    }
    return true;
}

// The host's abort or a watchdog (in that order): the kernel error, out of the issue loop.
bool Sm::stop(std::uint32_t warp_slot) {
    if (control_->abort) {
        core_.fail(core::KernelErrorKind::Aborted, warp_slot, 0, "aborted by the host");
    } else if (control_->max_instructions != 0 && control_->issued > control_->max_instructions) {
        core_.fail(core::KernelErrorKind::Watchdog, warp_slot, 0,
                   "more than " + std::to_string(control_->max_instructions) + " warp instructions");
    } else {
        core_.fail(core::KernelErrorKind::Watchdog, warp_slot, 0,
                   "more than " + std::to_string(control_->max_cycles) + " SM cycles");
    }
    return false;
}

void Sm::sync_local_time() {
    qk_.inc(cfg_.clock_period * double(unsynced_cycles_));
    unsynced_cycles_ = 0;
    qk_.sync();
}

[[gnu::hot]] bool Sm::run_quantum(std::uint64_t quantum_cycles) {
    while (issue_one())
        if (unsynced_cycles_ >= quantum_cycles) return true;
    return false;
}

std::string Sm::host_thread_safe() {
    if (!fused_) return "a stage is bound into the SM's pipeline";
    if (timing_ != nullptr) return "a timing model is attached";
    if (observers_ != 0) return "an observer is attached";
    if (core_.undefined_tracking()) return "undefined values are tracked";
    if (cfg_.global_protocol != MemoryProtocol::LooselyTimed) return "the global-memory protocol is not b_transport";
    for (auto u : {core::UnitId::SP, core::UnitId::FPU, core::UnitId::SFU, core::UnitId::Branch, core::UnitId::Memory,
                   core::UnitId::Texture}) {
        // Only the SM's own units, called directly: a bound replacement may use SystemC.
        UnitGrant grant;
        UnitPayload req;
        req.grant = &grant;
        tlm::tlm_dmi dmi;
        if (!execute.direct(u) || !execute.socket_of(u)->get_direct_mem_ptr(req, dmi) || grant.unit != &unit(u))
            return "an execution unit is replaced or not called directly";
    }
    for (const MemoryInitiator* port : {&read.shared, &read.constant, &mem.shared_store})
        if (port->dmi.data == nullptr) return "shared or constant memory is not reached directly";
    return {};
}

SmProgress Sm::progress() const {
    return {cycles_,
            unsynced_cycles_,
            passed_cycles_,
            {fetch.transactions, decode.transactions, read.transactions, execute.transactions, writeback.transactions}};
}

void Sm::set_progress(const SmProgress& p) {
    cycles_ = p.cycles;
    unsynced_cycles_ = p.unsynced_cycles;
    passed_cycles_ = p.passed_cycles;
    fetch.transactions = p.stage_transactions[0];
    decode.transactions = p.stage_transactions[1];
    read.transactions = p.stage_transactions[2];
    execute.transactions = p.stage_transactions[3];
    writeback.transactions = p.stage_transactions[4];
}

void Sm::thread() {
    const sc_core::sc_time period = cfg_.clock_period;
    for (;;) {
        while (!batch_pending_) wait(batch_start_);
        batch_pending_ = false;
        running_ = true;
        qk_.reset();
        core_.start_batch(batch_first_, batch_count_);
        // Quantum check in cycles avoids sc_time arithmetic per instruction.
        const sc_core::sc_time quantum =
            cfg_.quantum != sc_core::SC_ZERO_TIME ? cfg_.quantum : tlm_utils::tlm_quantumkeeper::get_global_quantum();
        const std::uint64_t quantum_cycles = quantum == sc_core::SC_ZERO_TIME ? 1 : std::uint64_t(quantum / period);
        while (runner_ != nullptr ? runner_->run_quantum(*this, quantum_cycles) : run_quantum(quantum_cycles)) {
            const sc_core::sc_time local = period * double(unsynced_cycles_);
            unsynced_cycles_ = 0;
            if (runner_ != nullptr) runner_->quantum_synced(*this);
            qk_.inc(local);
            qk_.sync();
        }
        if (timing_ != nullptr) {
            const std::uint64_t extra = timing_->batch_end_cycles(cfg_.core.sm_id);
            cycles_ += extra;
            unsynced_cycles_ += extra;
        }
        qk_.inc(period * double(unsynced_cycles_));
        unsynced_cycles_ = 0;
        qk_.sync();
        running_ = false;
        batch_done_.notify(sc_core::SC_ZERO_TIME);
    }
}

}  // namespace fgtlm::sm
