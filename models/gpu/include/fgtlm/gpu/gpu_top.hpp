// GpuTop: the FlexGripPlus GPU as one SystemC module.
//
//   block scheduler (this module's thread) -> 1..N Sm modules
//   global_socket : TLM initiator to global memory, shared by all SMs (through a Fanin)
//   imem          : instruction memory (memory::GpuMemory inside the GPU). Code gets there by
//                   load_program() (debug transport), by any initiator bound to imem.socket,
//                   or at start() when LaunchConfig code must be copied from global memory:
//                   copy_code_from_global(bytes) reads [code_base, code_base+bytes) over
//                   global_socket (debug transport) into imem at the same offset.
//   constant memory : 8 KiB inside the GPU, written from LaunchConfig::const_mem at start().
//   irq           : optional signal port, raised when a kernel ends (ok or error), lowered by
//                   clear_irq() or the next start().
//
// Launch API (for the command line, the virtual platform's register map and tests):
//   start(cfg) -> done_event() -> result(); busy(); abort().
#pragma once

#include <chrono>
#include <cstdint>
#include <ctime>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>

#include <fgtlm/core/launch.hpp>
#include <fgtlm/core/issue_cost.hpp>
#include <fgtlm/memory/fanin.hpp>
#include <fgtlm/memory/gpu_memory.hpp>
#include <fgtlm/sm/sm.hpp>

namespace fgtlm::gpu {

struct GpuConfig {
    std::uint32_t num_sms = 1;
    sm::SmConfig sm;                        // per-SM configuration (sm.core.sm_id is set per SM)
    std::uint64_t imem_bytes = std::uint64_t{64} * 1024;  // instruction memory size
    std::uint32_t const_bytes = 8192;       // constant memory size
    std::uint64_t max_instructions = 0;     // watchdog: warp instructions per kernel (0 = off)
    std::uint64_t max_cycles = 0;           // watchdog: SM cycles per kernel (0 = off)
    // The GPU's own TLM quantum: how far each SM runs ahead of SystemC time. The platform's
    // global quantum is neither read nor changed, so cycle counts do not depend on it; with
    // several SMs they depend (boundedly, docs/embedding.md) on this value. 0 = 100 us.
    sc_core::sc_time quantum = sc_core::sc_time(100, sc_core::SC_US);
    // Host threads the SMs' quanta run on (gpu.host_threads; docs/host-threads.md): results,
    // cycles and statistics as with 1. Kernels that cannot (see Sm::host_thread_safe) run on 1.
    std::uint32_t host_threads = 1;
    // Tests: with host_threads = 1, still run every next quantum speculatively, at once on the
    // SystemC thread (before the other SMs' quanta it must be validated against).
    bool speculate_at_once = false;
};

class HostThreads;

// How the quanta of the SMs ran on host threads (since the GpuTop was built).
struct HostThreadCounts {
    std::uint64_t speculated = 0;  // quanta run on a worker and taken
    std::uint64_t replayed = 0;    // quanta run on a worker, then again on the SystemC thread
    std::uint64_t direct = 0;      // quanta run on the SystemC thread (replays included)
};

class GpuTop : public sc_core::sc_module {
    // Declared first: global_socket below is a reference to its initiator socket, bound in the
    // constructor's initialiser list, so the Fanin must exist before it.
    memory::Fanin global_fanin_;

public:
    memory::GpuMemory imem;
    tlm_utils::simple_initiator_socket<memory::Fanin>& global_socket;
    sc_core::sc_port<sc_core::sc_signal_inout_if<bool>, 1, sc_core::SC_ZERO_OR_MORE_BOUND> irq;

    GpuTop(sc_core::sc_module_name name, const GpuConfig& cfg = {});
    ~GpuTop() override;

    // --- code and data ------------------------------------------------------------------
    void load_program(std::span<const std::uint32_t> words, std::uint32_t code_base = 0);
    void copy_code_from_global(std::uint32_t bytes) { copy_code_bytes_ = bytes; }
    // Reads `bytes` of code at global address `code_base` over global_socket (debug transport)
    // into instruction memory at 0: how GpuDevice and the lock-step GPU load a kernel whose code
    // lies anywhere in global memory (then start it with code_base 0). Returns "" or why not
    // (not whole words, larger than instruction memory, not readable memory); instruction memory
    // is then as it was.
    std::string load_code_from_global(std::uint64_t code_base, std::uint32_t bytes);
    std::vector<std::uint8_t>& constant_memory() { return const_mem_; }

    // --- launch API ---------------------------------------------------------------------
    // Starts a kernel (returns false if one is running). An invalid launch completes at once
    // with KernelErrorKind::InvalidLaunch.
    bool start(const core::LaunchConfig& cfg);
    [[nodiscard]] const sc_core::sc_event& done_event() const { return done_; }
    [[nodiscard]] core::KernelResult result() const { return result_; }
    [[nodiscard]] bool busy() const { return busy_; }
    void abort() { control_.abort = busy_; }
    [[nodiscard]] bool irq_pending() const { return irq_level_; }
    void clear_irq();

    // --- instrumentation ----------------------------------------------------------------
    void set_issue_cost(core::IssueCost* t);
    void add_observer(core::ExecutionObserver* o);
    void set_watchdog(std::uint64_t max_instructions, std::uint64_t max_cycles);
    // The SMs' quantum from the next batch on (e.g. one clock period while a VCD traces).
    void set_quantum(sc_core::sc_time quantum);
    // Cycles from the last block's end to the kernel's end (the timing model's kernel
    // completion; GpuDevice sets gpu.kernel_done_cycles in the calibrated mode, so KernelResult::
    // cycles and the interrupt agree with the statistics' kernel_cycles). 0 by default.
    void set_kernel_end_cycles(std::uint64_t cycles) { kernel_end_cycles_ = cycles; }
    // Undefined-value tracking over global memory (see core::SmCore::set_undefined_tracking).
    void set_undefined_tracking(std::uint8_t* shadow, std::uint64_t size);
    [[nodiscard]] std::uint32_t num_sms() const { return std::uint32_t(sms_.size()); }
    sm::Sm& sm(std::uint32_t i) { return *sms_[i]; }
    [[nodiscard]] const GpuConfig& config() const { return cfg_; }
    // Why the last kernel's SMs did not run on host threads ("" if they did or 1 was asked).
    [[nodiscard]] const std::string& host_threads_refusal() const { return host_threads_refusal_; }
    [[nodiscard]] HostThreadCounts host_thread_counts() const;

private:
    void scheduler();
    core::KernelError prepare_kernel();          // launch checks, constants, code, SMs started
    void run_blocks(core::KernelError& err);     // block dispatch until done or an SM fails
    void finish(const core::KernelError& err);
    void report_rtl_events(const core::RtlEvents& ev);  // one warning per kind of RTL behaviour used
    void set_irq(bool level);
    void begin_host_threads();  // hands the SMs' quanta to host_threads_ when it can


    GpuConfig cfg_;
    memory::Fanin imem_fanin_;
    std::vector<std::unique_ptr<sm::Sm>> sms_;
    std::vector<core::ExecutionObserver*> observers_;  // for the per-kernel callbacks
    std::vector<std::uint8_t> const_mem_;
    sm::KernelRunState control_;
    core::LaunchConfig launch_;
    core::KernelResult result_;
    sc_core::sc_event start_, done_;
    sc_core::sc_event_or_list any_batch_done_;
    std::uint32_t copy_code_bytes_ = 0;
    std::uint64_t kernel_end_cycles_ = 0;
    std::unique_ptr<HostThreads> host_threads_;  // when cfg_.host_threads > 1 and num_sms > 1
    std::string host_threads_refusal_;
    std::vector<std::uint32_t> code_staging_;  // load_code_from_global's buffer (reused)
    bool busy_ = false;
    bool start_pending_ = false;
    bool observers_begun_ = false;
    bool irq_level_ = false;
    sc_core::sc_time t_start_;
    std::chrono::steady_clock::time_point wall_start_;
    std::clock_t cpu_start_ = 0;
};

}  // namespace fgtlm::gpu
