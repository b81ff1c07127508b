// The SMs of a GPU on host threads (GpuConfig::host_threads > 1), with results, cycles and
// statistics identical to the one-thread run (docs/host-threads.md).
//
// SystemC runs one SM thread at a time and each runs a quantum of work between two waits, so
// the one-thread run is a sequence of quanta in SystemC's order. When an SM's thread is about
// to wait, its next quantum is started speculatively on a worker (snapshot of the SM first,
// global writes kept private, reads recorded: QuantumMemory). When SystemC resumes that thread
// the quantum is taken if the one-thread run would have done the same: no line it read was
// written by a quantum that ran in between, no abort or instruction watchdog fell inside it,
// nothing outside the memory's DMI window was touched; its writes are then committed at this
// point of the sequence. Otherwise the SM is restored from the snapshot and the quantum runs
// again on the SystemC thread. A quantum no worker has started yet is taken back and run
// directly. Only the SystemC thread calls the SystemC kernel; workers run Sm::run_quantum,
// which is pure computation when Sm::host_thread_safe() is "".
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <fgtlm/core/memory_port.hpp>
#include <fgtlm/gpu/gpu_top.hpp>
#include <fgtlm/sm/sm.hpp>

#include "quantum_memory.hpp"
#include "worker_pool.hpp"

namespace fgtlm::gpu {

class HostThreads final : public sm::QuantumRunner {
public:
    // threads = 1: every next quantum runs speculatively at once (when its SM waits), before
    // the quanta SystemC runs in between: the validation's worst case, for tests.
    HostThreads(unsigned threads, std::vector<sm::Sm*> sms);
    ~HostThreads() override;

    // Takes over the SMs' quanta for this kernel: "" if it does, else why they stay on the
    // SystemC thread. `window`: the DMI grant of all of global memory (zero latency).
    std::string begin_kernel(const core::DirectWindow& window, sm::KernelRunState* control);
    void end_kernel();  // SMs back to their own global/local ports and quanta
    [[nodiscard]] bool in_flight(std::uint32_t sm) const;
    [[nodiscard]] const HostThreadCounts& counts() const { return counts_; }

    bool run_quantum(sm::Sm& sm, std::uint64_t quantum_cycles) override;
    void quantum_synced(sm::Sm& sm) override;

private:
    struct Slot;
    Slot& slot_of(const sm::Sm& sm) { return *slots_[sm.config().core.sm_id]; }
    bool run_direct(Slot& s);
    [[nodiscard]] bool speculation_holds(const Slot& s) const;
    void commit(Slot& s);
    void restore(Slot& s);

    std::vector<sm::Sm*> sms_;
    LineEpochs epochs_;
    std::vector<std::unique_ptr<Slot>> slots_;
    sm::KernelRunState* control_ = nullptr;
    std::uint32_t quantum_ = 0;  // number of the latest quantum in SystemC's order
    bool active_ = false;
    HostThreadCounts counts_;
    WorkerPool pool_;  // last: destroyed (threads joined) before the slots its jobs use
};

}  // namespace fgtlm::gpu
