// One FlexGripPlus streaming multiprocessor as a SystemC module.
//
//   warp unit (this module's thread: block batches, warp scheduling, barriers)
//     -> fetch -> decode -> read -> execute -> write-back   (TLM b_transport chain)
//   fetch.imem    : initiator socket to instruction memory (DMI)
//   global_socket : initiator socket to global memory (DMI fast path, b_transport fallback)
//   shared memory : inside the execution core; constant memory: the GPU's, read directly.
//
// Loosely timed: the thread issues warp instructions back to back without wait(); each
// costs TimingModel::issue_cycles() (default 32 / sp_lanes) SM cycles, accumulated locally
// and synchronised through a tlm_quantumkeeper.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/core/timing_model.hpp>

#include "fgtlm/sm/pipeline_payload.hpp"
#include "fgtlm/sm/stages.hpp"
#include "fgtlm/sm/tlm_global_port.hpp"

namespace fgtlm::sm {

struct SmConfig {
    core::SmCoreConfig core;
    std::uint32_t sp_lanes = 8;                                   // 8, 16 or 32
    sc_core::sc_time clock_period = sc_core::sc_time(10, sc_core::SC_NS);
    std::uint64_t imem_window = 64 * 1024;                        // bytes of code reachable from code_base
    // false: the constructor leaves the stage chain unbound so the user can insert probes or
    // replacement stages (bind issue -> fetch.in -> ... -> writeback.in before elaboration ends).
    bool auto_bind_pipeline = true;
};

// Shared by the SMs of a GPU for one kernel (owned by the GPU).
struct KernelControl {
    std::uint64_t issued = 0;           // warp instructions issued by all SMs
    std::uint64_t max_instructions = 0; // watchdog (0 = unlimited)
    std::uint64_t max_cycles = 0;       // watchdog on SM cycles (0 = unlimited)
    bool abort = false;                 // host abort request
};

class Sm : public sc_core::sc_module {
public:
    FetchStage fetch;
    DecodeStage decode;
    ReadStage read;
    ExecuteStage execute;
    WriteBackStage writeback;
    TlmGlobalPort global;
    tlm_utils::simple_initiator_socket<Sm> issue;  // warp unit -> first stage
    // Convenience aliases for binding.
    tlm_utils::simple_initiator_socket<FetchStage>& imem_socket;
    tlm_utils::simple_initiator_socket<TlmGlobalPort>& global_socket;

    Sm(sc_core::sc_module_name name, const SmConfig& cfg);
    ~Sm() override;

    // --- GPU side ---------------------------------------------------------------------
    // Prepares a kernel; false (with `error`) if the code cannot be reached.
    bool begin_kernel(const core::LaunchConfig& launch, const std::uint8_t* const_mem, std::uint32_t const_size,
                      KernelControl* control, std::string& error);
    // Runs blocks [first, first+count) to completion in this SM's thread; batch_done_event()
    // fires afterwards (check core().failed()).
    void run_batch(std::uint32_t first_block, std::uint32_t count);
    [[nodiscard]] bool idle() const { return !batch_pending_ && !running_; }
    const sc_core::sc_event& batch_done_event() const { return batch_done_; }

    void bind_default_pipeline();  // issue -> fetch -> decode -> read -> execute -> writeback
    void set_timing_model(core::TimingModel* t);
    void add_observer(core::ExecutionObserver* o) { core_.add_observer(o); }
    core::SmCore& core() { return core_; }
    [[nodiscard]] const SmConfig& config() const { return cfg_; }
    [[nodiscard]] std::uint64_t cycles() const { return cycles_; }  // SM cycles since begin_kernel

private:
    void thread();
    bool issue_one();  // one warp instruction down the pipeline; false = batch over

    SmConfig cfg_;
    core::SmCore core_;
    core::Program program_;
    core::LooselyTimedCost lt_cost_;
    core::TimingModel* timing_ = nullptr;
    KernelControl* control_ = nullptr;
    tlm::tlm_generic_payload trans_;
    PipelineExtension ext_;
    tlm_utils::tlm_quantumkeeper qk_;
    sc_core::sc_event batch_start_, batch_done_;
    std::uint32_t batch_first_ = 0, batch_count_ = 0;
    bool batch_pending_ = false, running_ = false;
    std::uint64_t cycles_ = 0;          // SM cycles of the current kernel
    std::uint64_t unsynced_cycles_ = 0; // cycles not yet given to the quantum keeper
};

}  // namespace fgtlm::sm
