// Waveform (VCD) of key SM signals, recorded with SystemC's own tracing (sc_trace on
// sc_signals, sc_create_vcd_trace_file), so it opens in GTKWave next to any other traced
// signal of a virtual platform. Signals, per SM i and warp slot j:
//   sm<i>.warp<j>.pc     [15:0]  PC of the instruction the slot issued last (from its fetch)
//   sm<i>.warp<j>.mask   [31:0]  its active mask (threads that executed it)
//   sm<i>.warp<j>.state  [1:0]   0 empty, 1 active (issuing / ready), 2 waiting at a barrier, 3 done
//   sm<i>.sp_busy, fpu_busy, sfu_busy, branch_busy, mem_busy   execute stage busy, by unit
//   sm<i>.gmem_busy              this SM's accesses occupy the global-memory controller
//
// How values get their times: the timing model computes an instruction's stage times when the
// SM issues it (timing::InstrTiming, absolute SM cycles from kernel start), which is at or
// after the SM's current SystemC time. The tracer turns each of those stamps into a pending
// change (cycle, signal, value) and an SC_METHOD writes the signals when SystemC time reaches
// the stamp, so sc_trace records them at the exact cycle. This needs only that SystemC time
// does not pass a stamp before it is scheduled: true for the SM, whose local time trails the
// model's issue cycle, however far its quantum lets it run ahead; the queue then holds up to a
// quantum's worth of changes, and the waveform is the same. A GpuDevice keeps its quantum, so
// tracing changes no cycle count. `fgtlm run --vcd` makes the SMs synchronise every
// instruction (GPU quantum = one clock): the queue holds one or two instructions' changes.
// Stamps that would land in the past (a model running ahead of a smaller SystemC time cannot
// produce them, but a foreign observer order could) are clamped to "now" and counted.
//
// Construct before sc_start (sc_trace must be called during elaboration).
//
// The file: either the tracer's own (vcd_path) or a trace file the platform already has
// (trace_file), to which the signals are added under this module's hierarchical name; the
// platform then keeps its time unit and closes the file itself. An own file's time unit is
// `time_unit` (default: SystemC's time resolution). SystemC's VCD writer samples at every
// time step of the whole simulation and warns (W713) when one is not a whole number of
// units, so a unit coarser than the resolution (e.g. one SM clock) is only right when nothing
// in the simulation acts off that grid: `fgtlm run` (the GPU alone) uses one clock period.
#pragma once

#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/timing/timing_model.hpp>

#include <systemc>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fgtlm::io {
class OutputFile;
}

namespace fgtlm::stats {

struct SignalTracerConfig {
    std::string vcd_path;                                // own file, written as is (".vcd" is not appended)
    sc_core::sc_trace_file* trace_file = nullptr;        // or the platform's: not retimed, not closed here
    sc_core::sc_time time_unit = sc_core::SC_ZERO_TIME;  // own file; 0 = the time resolution
    std::uint32_t num_sms = 1;
    std::uint32_t warp_slots = 32;  // per SM (core::SmCoreConfig::max_warps)
    sc_core::sc_time clock_period = sc_core::sc_time(10, sc_core::SC_NS);
};

// The largest power of ten (>= 1 ps) that divides `period`: a time unit in which one SM cycle
// is one unit for the usual periods (10 ns -> 10 ns), for a simulation on the GPU's clock alone.
sc_core::sc_time clock_time_unit(const sc_core::sc_time& period);

enum class WarpTraceState : std::uint8_t { Empty = 0, Active = 1, Barrier = 2, Done = 3 };

class SignalTracer final : public sc_core::sc_module, public core::ExecutionObserver {
public:
    // `timing` must be attached before this tracer (it reads timing.last()). Throws
    // std::runtime_error naming the path if the VCD file cannot be created.
    SignalTracer(sc_core::sc_module_name name, const SignalTracerConfig& config, const timing::TimingModel& timing);
    ~SignalTracer() override;

    void on_kernel_begin(const core::LaunchConfig& launch) override;
    void on_block_start(std::uint32_t sm, std::uint32_t block) override;
    void on_issue(const core::IssueRecord& rec) override;

    // Closes an own VCD file and moves it into place (idempotent; a shared file is left to
    // its owner); throws naming the path if it cannot. Later signal changes are not recorded.
    void close();

    [[nodiscard]] std::uint64_t late_changes() const { return late_; }        // clamped to "now"
    [[nodiscard]] std::uint64_t dropped_records() const { return dropped_; }  // SM/slot beyond the configured signals
    [[nodiscard]] std::size_t max_pending() const { return max_pending_; }    // high-water mark of the queue

private:
    // Signal kinds; a signal id is kind * kKindStride + index (index = sm or sm*slots+slot).
    enum Kind : std::uint32_t { kPc, kMask, kState, kSpBusy, kFpuBusy, kSfuBusy, kBranchBusy, kMemBusy, kGmemBusy };
    static constexpr std::uint32_t kKindStride = 1u << 24;

    struct Change {
        std::uint64_t time;  // absolute SystemC time, in sc_time value units
        std::uint64_t seq;   // issue order: among equal times the later change wins
        std::uint32_t signal;
        std::uint32_t value;
    };

    void schedule(std::uint64_t cycle, Kind kind, std::uint32_t index, std::uint32_t value);
    void apply_due();  // SC_METHOD on wake_
    void write(std::uint32_t signal, std::uint32_t value);
    void start_batch(std::uint32_t sm, std::uint64_t first_ready);
    void open_own_file();
    void trace_signals(const std::string& prefix);

    SignalTracerConfig cfg_;
    const timing::TimingModel& timing_;
    sc_core::sc_trace_file* tf_ = nullptr;  // own or shared
    sc_core::sc_vector<sc_core::sc_signal<sc_dt::sc_uint<16>>> pc_;
    sc_core::sc_vector<sc_core::sc_signal<sc_dt::sc_uint<32>>> mask_;
    sc_core::sc_vector<sc_core::sc_signal<sc_dt::sc_uint<2>>> state_;
    sc_core::sc_vector<sc_core::sc_signal<bool>> unit_busy_;  // sm * 5 + unit (SP, FPU, SFU, branch, memory)
    sc_core::sc_vector<sc_core::sc_signal<bool>> gmem_busy_;
    std::vector<WarpTraceState> warp_state_;  // state as of the latest scheduled change
    std::vector<std::uint32_t> warp_block_;   // block of each slot (current batch)
    // Blocks started on each SM since its last issue (the batch being dispatched), in slot order.
    std::vector<std::vector<std::uint32_t>> batch_blocks_;
    std::uint32_t warps_per_block_ = 1;
    std::vector<Change> pending_;  // min-heap on (time, seq)
    sc_core::sc_event wake_;
    std::uint64_t base_ = 0;    // kernel start, sc_time value units
    std::uint64_t period_ = 0;  // clock period, sc_time value units
    std::uint64_t seq_ = 0;
    std::uint64_t next_wake_ = ~0ull;  // time wake_ is notified for (~0 = none)
    std::uint64_t late_ = 0, dropped_ = 0;
    std::size_t max_pending_ = 0;
    bool flushed_ = true;                  // no changes applied since the last flush step
    std::unique_ptr<io::OutputFile> out_;  // the VCD output; SystemC writes its scratch file
};

}  // namespace fgtlm::stats
