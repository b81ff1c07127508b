#include "host_threads.hpp"

#include <fgtlm/faults/core_access.hpp>

namespace fgtlm::gpu {

using faults::CoreAccess;

struct HostThreads::Slot final : PoolJob {
    Slot(sm::Sm& s, LineEpochs& epochs) : sm(s), saved(s.core().config()), memory(epochs, s.global) {}
    // On the worker: the snapshot first (a quantum taken back unstarted needs none).
    void run() override {
        CoreAccess::copy_state(saved, sm.core());
        CoreAccess::copy_replay_state(saved, sm.core());
        saved_progress = sm.progress();
        more = sm.run_quantum(quantum_cycles);
    }

    sm::Sm& sm;
    core::SmCore saved;  // the SM's core before its speculative quantum
    sm::SmProgress saved_progress;
    QuantumMemory memory;
    sm::KernelRunState own;  // the quantum's watchdog counters (the GPU's are taken at commit)
    std::uint64_t quantum_cycles = 0;
    std::uint32_t started = 0;  // quantum_ when the speculation started
    bool more = false;
    bool in_flight = false;
};

HostThreads::HostThreads(unsigned threads, std::vector<sm::Sm*> sms) : sms_(std::move(sms)), pool_(threads - 1) {}

HostThreads::~HostThreads() = default;

std::string HostThreads::begin_kernel(const core::DirectWindow& window, sm::KernelRunState* control) {
    for (sm::Sm* s : sms_)
        if (std::string why = s->host_thread_safe(); !why.empty()) return s->name() + std::string(": ") + why;
    if (window.data == nullptr || !window.readable || !window.writable)
        return "global memory grants no direct read/write access without latency";
    epochs_.base = window.data;
    epochs_.start = window.start;
    epochs_.size = window.end - window.start + 1;
    epochs_.stamp.assign((epochs_.size + kLineBytes - 1) / kLineBytes, 0);
    quantum_ = 0;
    control_ = control;
    slots_.clear();
    for (sm::Sm* s : sms_) {
        slots_.push_back(std::make_unique<Slot>(*s, epochs_));
        s->core().set_global(&slots_.back()->memory);
        s->core().set_local(&slots_.back()->memory);
        s->set_quantum_runner(this);
    }
    active_ = true;
    return {};
}

void HostThreads::end_kernel() {
    if (!active_) return;
    for (sm::Sm* s : sms_) {
        s->core().set_global(&s->global);
        s->core().set_local(&s->mem.local);
        s->set_quantum_runner(nullptr);
        s->set_control(control_);
    }
    active_ = false;
}

bool HostThreads::in_flight(std::uint32_t sm) const { return active_ && slots_[sm]->in_flight; }

bool HostThreads::run_quantum(sm::Sm& sm, std::uint64_t quantum_cycles) {
    Slot& s = slot_of(sm);
    s.quantum_cycles = quantum_cycles;
    if (!s.in_flight) return run_direct(s);
    s.in_flight = false;
    if (pool_.take_back(s)) {  // no worker started it: the SM is as it was
        s.memory.discard();
        return run_direct(s);
    }
    pool_.wait(s);
    if (speculation_holds(s)) {
        commit(s);
        return s.more;
    }
    restore(s);
    ++counts_.replayed;
    return run_direct(s);
}

bool HostThreads::run_direct(Slot& s) {
    ++quantum_;
    ++counts_.direct;
    s.memory.run_direct(quantum_);
    s.sm.set_control(control_);
    return s.sm.run_quantum(s.quantum_cycles);
}

// Would the one-thread run, starting this quantum now, have done exactly what the worker did?
bool HostThreads::speculation_holds(const Slot& s) const {
    if (s.memory.needs_replay() || control_->abort) return false;
    if (control_->max_instructions != 0 && control_->issued + s.own.issued > control_->max_instructions) return false;
    return s.memory.reads_still_valid(s.started);
}

void HostThreads::commit(Slot& s) {
    ++quantum_;
    ++counts_.speculated;
    s.memory.commit(quantum_);
    control_->issued += s.own.issued;
    s.sm.set_control(control_);
}

void HostThreads::restore(Slot& s) {
    CoreAccess::copy_state(s.sm.core(), s.saved);
    CoreAccess::copy_replay_state(s.sm.core(), s.saved);
    s.sm.set_progress(s.saved_progress);
    s.memory.discard();
    s.sm.set_control(control_);
}

void HostThreads::quantum_synced(sm::Sm& sm) {
    Slot& s = slot_of(sm);
    s.own = {};
    s.own.max_cycles = control_->max_cycles;
    sm.set_control(&s.own);
    s.memory.run_speculative();
    s.started = quantum_;
    s.in_flight = true;
    pool_.submit(s);
}

}  // namespace fgtlm::gpu
