// The calibrated cycle-approximate model of the FlexGripPlus SM: turns the stream of
// IssueRecords of the functional core into cycles.
//
// Model (see README.md): each SM is the five-stage FlexGripPlus pipeline
//   fetch -> decode -> read -> execute -> write
// with one warp instruction per stage and blocking hand-off (a stage is held until the next
// one accepts). Stage occupancy depends on the instruction: operand reads and write-back take
// one pass per sp_lanes threads, SFU operations are serialised over the SFUs, global memory
// accesses go one per thread through a memory controller shared by all SMs (bandwidth) with
// a latency. A warp issues its next instruction after the previous one wrote back (no
// forwarding in FlexGripPlus), so a single warp pays the sum of the stages while many warps
// overlap and are limited by the busiest stage. Barriers hold a warp until the last warp of
// its block arrives. Blocks start batch by batch after a launch overhead.
//
// It is the SM's timing interface (core::IssueCost): the SM gives it each block and warp
// instruction before any observer sees them and advances its clock by what on_issue returns
// (SystemC time then tracks the model's issue cycles, and SMs sharing the memory path
// interleave in time order). Statistics and traces read last() for the instruction just
// issued. The functional SM's round-robin order is the RTL warp scheduler's (strict
// round-robin over warps that are not finished or waiting at a barrier, one instruction in
// flight); with sm.pipeline_overlap the model picks the warp that is ready first instead.
// Deterministic: same records + params => same cycles. Mode::Fixed reproduces the functional
// SM's own cost (32/sp_lanes cycles per warp instruction + the target's annotated memory
// delay, serial) so statistics and traces have a time base in both modes.
#pragma once

#include <fgtlm/core/issue_cost.hpp>
#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/timing/bandwidth_calendar.hpp>
#include <fgtlm/timing/timing_params.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace fgtlm::core { struct LaunchConfig; }

namespace fgtlm::timing {

// Fixed: 32 / sp_lanes cycles per warp instruction plus the memory's latency. Calibrated: the
// cycle-approximate model of the FlexGripPlus pipeline, calibrated against the RTL (this file).
// Both run over b_transport (TLM-2.0 loosely-timed coding style); neither is TLM-2.0 AT, the
// nb_transport phase protocol (the global-memory socket offers that: sm::MemoryProtocol).
enum class Mode : std::uint8_t { Fixed, Calibrated };

// Pipeline stages of the FlexGripPlus SM.
enum class PipeStage : std::uint8_t { Fetch, Decode, Read, Execute, Write, Count };
constexpr std::size_t kNumStages = std::size_t(PipeStage::Count);

// Why a warp (or an instruction inside the pipeline) waited.
enum class StallReason : std::uint8_t {
    Launch,        // warp not created yet (block/warp launch overhead)
    Barrier,       // waiting at BAR for the other warps of its block
    Fetch,         // pipeline front end busy with another warp (fetch/decode)
    Read,          // read stage busy (operand collection, shared/constant reads)
    ExecSP,        // execute stage busy with an SP operation
    ExecFPU,
    ExecSFU,
    ExecBranch,
    ExecMemory,    // execute stage busy with a global/constant memory instruction
    MemBandwidth,  // global memory controller busy with other accesses (any SM)
    Write,         // write stage busy
    Count
};
constexpr std::size_t kNumStallReasons = std::size_t(StallReason::Count);
const char* to_string(StallReason reason);
const char* to_string(PipeStage stage);

// Timing of the instruction just issued (valid until the next on_issue).
struct InstrTiming {
    std::uint64_t ready = 0;     // the warp could issue from this cycle on
    std::uint64_t issue = 0;     // fetch start
    std::array<std::uint64_t, kNumStages> start{};  // stage entry
    std::array<std::uint64_t, kNumStages> end{};    // stage work done (may then wait for the next stage)
    std::uint64_t complete = 0;  // write-back done: the result is visible
    std::uint64_t exec_busy = 0; // cycles the execution unit was occupied
    std::uint64_t mem_start = 0; // first global access on the memory controller (0 if none)
    std::uint64_t mem_end = 0;   // last access done
    std::uint64_t barrier_wait = 0;  // cycles this warp waited at the preceding BAR
    std::array<std::uint32_t, kNumStallReasons> stall{};  // cycles by reason, this instruction
};

// Accumulated per-SM figures.
struct SmTimingStats {
    std::uint64_t first_issue = 0;
    std::uint64_t last_complete = 0;
    std::uint64_t instructions = 0;
    std::array<std::uint64_t, core::kNumUnits> unit_busy{};  // by core::UnitId: execute-stage cycles
    std::array<std::uint64_t, kNumStages> stage_busy{};  // cycles doing work in each stage
    std::array<std::uint64_t, kNumStallReasons> stall{}; // warp-cycles by reason
    std::uint64_t global_mem_busy = 0;  // this SM's accesses' occupancy of the shared controller
    std::uint64_t shared_busy = 0;      // shared-memory port cycles
    std::uint64_t constant_busy = 0;    // constant-memory port cycles
};

class TimingModel final : public core::IssueCost {
public:
    TimingModel(const TimingParams& params, Mode mode);

    // Resets all state for a new kernel. Must be called before the first block starts.
    void begin_kernel(const core::LaunchConfig& launch);

    // core::IssueCost: the SM's clock restarts; blocks; one warp instruction, returning the
    // cycles from the SM's previous issue to this one's (the SM's time = the model's issue
    // cycle); the batch's drain to its last write-back.
    void on_kernel_start(std::uint32_t sm) override;
    void on_block_start(std::uint32_t sm, std::uint32_t block) override;
    void on_block_end(std::uint32_t sm, std::uint32_t block) override;
    std::uint64_t on_issue(const core::IssueRecord& rec) override;
    std::uint64_t batch_end_cycles(std::uint32_t sm) override;
    // With sm.pipeline_overlap (calibrated) the warp whose next instruction can issue first goes next.
    [[nodiscard]] bool picks_warps() const override { return mode_ == Mode::Calibrated && p_.pipeline_overlap; }
    std::uint32_t pick_warp(std::uint32_t sm, std::uint32_t ready, std::uint32_t rr) override;

    [[nodiscard]] const InstrTiming& last() const { return last_; }
    // Issue cycle of the latest instruction of `sm` (for syncing SystemC time).
    [[nodiscard]] std::uint64_t sm_cycle(std::uint32_t sm) const;
    // Kernel start to kernel done: valid once every block has ended.
    [[nodiscard]] std::uint64_t kernel_cycles() const;
    // Cycle the kernel started at (first block dispatch minus the launch overhead) = 0.
    [[nodiscard]] const SmTimingStats& sm_stats(std::uint32_t sm) const { return sms_.at(sm).stats; }
    [[nodiscard]] std::uint32_t num_sms() const { return std::uint32_t(sms_.size()); }
    [[nodiscard]] std::uint64_t global_mem_busy() const { return global_busy_total_; }
    [[nodiscard]] const TimingParams& params() const { return p_; }
    [[nodiscard]] Mode mode() const { return mode_; }
    // Start cycle of a block (its dispatch), for statistics.
    [[nodiscard]] std::uint64_t block_start_cycle(std::uint32_t sm) const { return sms_.at(sm).last_block_start; }
    [[nodiscard]] std::uint64_t block_end_cycle(std::uint32_t sm) const { return sms_.at(sm).last_block_end; }

private:
    // 32 bytes (a power of two): the per-issue bounds check divides the vector's byte size by it.
    struct alignas(32) WarpTiming {
        std::uint64_t ready = 0;        // earliest cycle the next instruction may issue
        std::uint64_t last_complete = 0;
        bool started = false;           // created in the current batch
        bool at_barrier = false;        // issued BAR, waiting for the release
        std::uint32_t block_slot = 0;   // resident block index within the SM
    };
    struct BlockSlot {
        std::uint32_t block = 0;
        std::uint64_t start = 0;         // dispatch done: warps may start
        std::uint64_t last_complete = 0;
        std::uint32_t bar_arrived = 0;   // warps at the current barrier
        std::uint64_t bar_release = 0;   // max arrival of the current barrier instance
        std::uint64_t bar_prev_release = 0;  // release time of the last completed barrier instance
        std::uint32_t warps_alive = 0;   // warps of the block not finished yet
        bool active = false;
    };
    struct UnitLatency {
        enum Unit : std::uint8_t { None, Fpu, Sfu, Global } unit = None;
        std::uint64_t cycles = 0;
    };
    struct SmState {
        std::vector<WarpTiming> warps;
        std::vector<BlockSlot> blocks;
        std::array<std::uint64_t, kNumStages> stage_free{};  // next cycle each stage accepts
        // Why a stage is (or was last) occupied: the bottleneck reason propagates backwards
        // through stages that were blocked by a later stage.
        std::array<StallReason, kNumStages> hold_reason{};
        std::uint64_t dispatch_free = 0;    // block dispatcher free from this cycle
        std::uint64_t batch_done = 0;       // all work of the previous batch completed
        std::uint32_t resident = 0;
        std::uint64_t last_issue = 0;
        std::uint64_t pipeline_empty = 0;   // the previous instruction of the SM wrote back
        std::uint64_t last_block_start = 0;
        std::uint64_t last_block_end = 0;
        std::uint32_t last_warp_slot = 0;
        UnitLatency last_unit;              // unit latency of the previous instruction
        std::uint64_t clock = 0;            // cycles the SM's own clock was advanced by so far
        bool any_issued = false;
        SmTimingStats stats;
    };

    void issue_lt(const core::IssueRecord& rec, SmState& sm, WarpTiming& warp);
    // Calibrated issue of one instruction: the work of each stage (stage_work.cpp), when the pipeline
    // takes it, its flow through the stages, then the warp's and the SM's state after it.
    struct StageWork {
        std::array<std::uint64_t, kNumStages> cycles{};  // busy cycles per stage (global accesses excluded)
        UnitLatency unit;            // pipelined unit used and its fill latency
        bool global_access = false;  // the execute stage then books the global-memory controller
    };
    void issue_at(const core::IssueRecord& rec, SmState& sm, WarpTiming& warp);
    StageWork stage_work(const core::IssueRecord& rec, SmState& sm) const;
    std::uint64_t read_work(const core::IssueRecord& rec, SmState& sm) const;
    std::uint64_t exec_work(const core::IssueRecord& rec, SmState& sm, StageWork& w) const;
    std::uint64_t unit_work(const core::IssueRecord& rec, SmState& sm, StageWork& w) const;
    std::uint64_t memory_unit_work(const core::IssueRecord& rec, SmState& sm, StageWork& w) const;
    std::uint64_t write_work(const core::IssueRecord& rec, SmState& sm) const;
    std::uint64_t pipeline_front(const core::IssueRecord& rec, SmState& sm, const UnitLatency& unit);
    void flow_through_stages(const core::IssueRecord& rec, SmState& sm, const StageWork& work,
                             const std::array<StallReason, kNumStages>& own, std::uint64_t t0);
    std::uint64_t global_access_end(const core::IssueRecord& rec, SmState& sm, std::uint64_t want);
    void retire(const core::IssueRecord& rec, SmState& sm, WarpTiming& warp,
                const std::array<StallReason, kNumStages>& own);
    WarpTiming& warp_for(SmState& sm, const core::IssueRecord& rec);
    BlockSlot* slot_for_block(SmState& sm, std::uint32_t block);
    void arrive_at_barrier(BlockSlot& slot, std::uint64_t when);
    void warp_finished(BlockSlot& slot);
    SmState& sm_state(std::uint32_t sm);
    std::uint64_t advance_clock(std::uint32_t sm, std::uint64_t target);

    TimingParams p_;
    Mode mode_;
    std::uint64_t passes_ = 1;  // p_.passes(): fixed-mode cycles per warp instruction
    std::uint32_t warps_per_block_ = 1;
    std::uint32_t blocks_per_sm_ = 1;
    std::uint64_t block_setup_cycles_ = 0;  // SM controller work per block of a batch (calibrated)
    std::vector<SmState> sms_;
    std::uint32_t sm_count_ = 0;  // sms_.size(), kept beside it (no division per issue)
    BandwidthCalendar global_mem_;        // the global-memory controller shared by all SMs
    std::uint64_t global_busy_total_ = 0;
    InstrTiming last_;
};

}  // namespace fgtlm::timing
