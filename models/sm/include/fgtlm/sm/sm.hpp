// One FlexGripPlus streaming multiprocessor as a SystemC module.
//
//   warp unit (this module's thread: block batches, warp scheduling, barriers)
//     -> fetch -> decode -> read -> execute -> write-back   (b_transport chain, pipeline_protocol.hpp)
//   fetch.imem      : initiator socket to instruction memory (DMI)
//   read.rf / writeback.rf -> regfile (RegisterFileUnit: GPRs, predicates, address regs)
//   execute.{sp,fpu,sfu,branch,mem,tex} -> the execution units SpUnit, FpuUnit, SfuUnit,
//                     BranchUnit, MemoryUnit, TextureUnit (direct interface where granted, else
//                     b_transport); tex reads texels through mem.global
//   mem.global      : global-memory controller, initiator socket `global_socket`
//   mem.shared / mem.constant : shared- and constant-memory controllers (target sockets),
//                     reached by read.shared / read.constant (operands) and mem.shared_store
//
// Loosely timed: the thread issues warp instructions back to back without wait(); each
// costs what the SM's IssueCost::on_issue() returns (default 32 / sp_lanes) SM cycles, accumulated locally
// and synchronised through a tlm_quantumkeeper.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/core/issue_cost.hpp>

#include <fgtlm/sm/pipeline_protocol.hpp>
#include <fgtlm/sm/stages.hpp>
#include <fgtlm/sm/units/branch_unit.hpp>
#include <fgtlm/sm/units/fpu_unit.hpp>
#include <fgtlm/sm/units/memory_unit.hpp>
#include <fgtlm/sm/units/register_file_unit.hpp>
#include <fgtlm/sm/units/sfu_unit.hpp>
#include <fgtlm/sm/units/sp_unit.hpp>
#include <fgtlm/sm/units/texture_unit.hpp>

namespace fgtlm::sm {

struct SmConfig {
    core::SmCoreConfig core;
    std::uint32_t sp_lanes = 8;                                   // 8, 16 or 32
    sc_core::sc_time clock_period = sc_core::sc_time(10, sc_core::SC_NS);
    std::uint64_t imem_window = 64 * 1024;                        // bytes of code reachable from code_base
    // false: the constructor leaves the stage chain unbound so the user can insert probes or
    // replacement stages (bind issue -> fetch.in -> ... -> writeback.in before elaboration ends).
    bool auto_bind_pipeline = true;
    // false: the execution units and the register file are left unbound too, so the user can
    // put a replacement or a wrapper in front of one (bind_default_units(skip_mask) binds
    // the others).
    bool auto_bind_units = true;
    // How far the SM's thread runs ahead of SystemC time before it synchronises. Zero: the
    // global TLM quantum (a GPU sets its own, so its cycles do not depend on the platform's).
    sc_core::sc_time quantum = sc_core::SC_ZERO_TIME;
    // Global memory over b_transport (LT) or the base protocol's four phases (AT).
    MemoryProtocol global_protocol = MemoryProtocol::LooselyTimed;
};

// Shared by the SMs of a GPU for one kernel (owned by the GPU).
struct KernelRunState {
    std::uint64_t issued = 0;           // warp instructions issued by all SMs
    std::uint64_t max_instructions = 0; // watchdog (0 = unlimited)
    std::uint64_t max_cycles = 0;       // watchdog on SM cycles (0 = unlimited)
    bool abort = false;                 // host abort request
};

class Sm;

// Runs an SM's quanta (the work between two synchronisations with SystemC time) for a GPU that
// spreads its SMs over host threads (gpu::HostThreads). Without one the SM runs them itself.
class QuantumRunner {
public:
    virtual ~QuantumRunner() = default;
    // Leaves `sm` as Sm::run_quantum(quantum_cycles) would and returns what it would.
    virtual bool run_quantum(Sm& sm, std::uint64_t quantum_cycles) = 0;
    // The quantum's cycles were taken for SystemC time (the SM is about to wait): the runner
    // may start the SM's next quantum elsewhere while SystemC runs other processes.
    virtual void quantum_synced(Sm& sm) = 0;
};

// What a quantum changes in an Sm besides its core and global memory (snapshot/restore).
struct SmProgress {
    std::uint64_t cycles = 0, unsynced_cycles = 0, passed_cycles = 0;
    std::array<std::uint64_t, 5> stage_transactions{};  // fetch .. writeback
};

// Holds the execution core so that it is built before the modules that refer to it.
struct SmCoreHolder {
    explicit SmCoreHolder(const core::SmCoreConfig& cfg) : core_(cfg) {}
    core::SmCore core_;
};

class Sm : private SmCoreHolder, public sc_core::sc_module, private BlockingAccessClock {
public:
    FetchStage fetch;
    DecodeStage decode;
    ReadStage read;
    ExecuteStage execute;
    WriteBackStage writeback;
    RegisterFileUnit regfile;
    SpUnit sp;
    FpuUnit fpu;
    SfuUnit sfu;
    BranchUnit branch;
    MemoryUnit mem;
    TextureUnit tex;
    GlobalMemoryController& global;  // = mem.global
    tlm_utils::simple_initiator_socket<Sm, 32, PipelineProtocol> issue;  // warp unit -> first stage
    // Convenience aliases for binding.
    tlm_utils::simple_initiator_socket<FetchStage>& imem_socket;
    tlm_utils::simple_initiator_socket<MemoryInitiator>& global_socket;

    Sm(sc_core::sc_module_name name, const SmConfig& cfg);
    const char* kind() const override { return "fgtlm::sm::Sm"; }

    // --- GPU side ---------------------------------------------------------------------
    // Prepares a kernel; false (with `error`) if the code cannot be reached.
    bool begin_kernel(const core::LaunchConfig& launch, const std::uint8_t* const_mem, std::uint32_t const_size,
                      KernelRunState* control, std::string& error);
    // Runs blocks [first, first+count) to completion in this SM's thread; batch_done_event()
    // fires afterwards (check core().failed()).
    void run_batch(std::uint32_t first_block, std::uint32_t count);
    [[nodiscard]] bool idle() const { return !batch_pending_ && !running_; }
    const sc_core::sc_event& batch_done_event() const { return batch_done_; }

    void bind_default_pipeline();  // issue -> fetch -> decode -> read -> execute -> writeback
    // execute.<unit> -> <unit>.socket for every unit whose bit (1 << core::UnitId) is not
    // in skip_mask; read.rf / writeback.rf -> regfile unless bit 7 is set; read.shared and
    // mem.shared_store -> mem.shared unless kSkipSharedMemory is set, read.constant ->
    // mem.constant unless kSkipConstantMemory is set.
    static constexpr std::uint32_t kSkipRegisterFile = 1u << 7;
    static constexpr std::uint32_t kSkipSharedMemory = 1u << 8;
    static constexpr std::uint32_t kSkipConstantMemory = 1u << 9;
    void bind_default_units(std::uint32_t skip_mask = 0);
    UnitBase& unit(core::UnitId u);
    void set_issue_cost(core::IssueCost* t);
    void set_quantum(sc_core::sc_time quantum) { cfg_.quantum = quantum; }  // from the next batch
    void add_observer(core::ExecutionObserver* o) {
        core_.add_observer(o);
        ++observers_;
    }
    core::SmCore& core() { return core_; }
    // The kernel's program as this SM decoded it (its RTL-policy events: Program::undescribed_words).
    [[nodiscard]] const core::Program& program() const { return program_; }
    [[nodiscard]] const SmConfig& config() const { return cfg_; }
    [[nodiscard]] std::uint64_t cycles() const { return cycles_; }  // SM cycles since begin_kernel
    // True when the current kernel runs the default stage chain fused (no sockets between
    // stages); false when a probe or replacement stage is bound into the chain.
    [[nodiscard]] bool fused_pipeline() const { return fused_; }

    // --- host threads (gpu::HostThreads) ----------------------------------------------------
    // Issues warp instructions until the batch is over (false) or the quantum's cycles are
    // reached (true). Touches nothing of SystemC when host_thread_safe() is "".
    bool run_quantum(std::uint64_t quantum_cycles);
    void set_quantum_runner(QuantumRunner* runner) { runner_ = runner; }
    // "" when a quantum of this kernel is pure computation on the SM's own state and its
    // memory ports (default fused stage chain and units, loosely-timed global protocol, no
    // timing model, observer or undefined-value tracking), else why not.
    [[nodiscard]] std::string host_thread_safe();
    [[nodiscard]] SmProgress progress() const;
    void set_progress(const SmProgress& p);
    [[nodiscard]] KernelRunState* control() const { return control_; }
    void set_control(KernelRunState* control) { control_ = control; }

private:
    void thread();
    void sync_local_time() override;              // BlockingAccessClock (AT global accesses)
    void time_passed(std::uint64_t cycles) override { passed_cycles_ += cycles; }
    bool issue_one();  // one warp instruction down the pipeline; false = batch over
    [[gnu::cold, gnu::noinline]] bool stop(std::uint32_t warp_slot);  // abort or watchdog: false
    bool pass_pipeline(core::ExecContext& ctx);  // fetch .. write-back, through the sockets or fused
    [[nodiscard]] bool default_chain();  // issue -> fetch -> ... -> writeback, nothing in between

    SmConfig cfg_;
    core::Program program_;
    core::LooselyTimedCost lt_cost_;
    std::uint32_t lt_cycles_ = 1;
    // The stage chain is the default one: run the phases back to back instead of five
    // b_transport hops (the stages' transaction counters still count). Decided per kernel.
    bool fused_ = false;
    core::IssueCost* timing_ = nullptr;
    KernelRunState* control_ = nullptr;
    QuantumRunner* runner_ = nullptr;
    std::uint32_t observers_ = 0;  // added through add_observer
    PipelinePayload trans_;  // the one pipeline payload, reused for every instruction
    tlm_utils::tlm_quantumkeeper qk_;
    sc_core::sc_event batch_start_, batch_done_;
    std::uint32_t batch_first_ = 0, batch_count_ = 0;
    bool batch_pending_ = false, running_ = false;
    std::uint64_t cycles_ = 0;          // SM cycles of the current kernel
    std::uint64_t unsynced_cycles_ = 0; // cycles not yet given to the quantum keeper
    std::uint64_t passed_cycles_ = 0;   // cycles an AT access already waited in SystemC time
};

}  // namespace fgtlm::sm
