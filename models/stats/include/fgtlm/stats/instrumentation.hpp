// Everything that measures a kernel run, behind one ExecutionObserver: the timing model
// (AT or LT, built from the parameter registry), the statistics collector and the optional
// trace writers (commit, timeline). The VCD waveform is a SystemC module of its own
// (SignalTracer, attach it after this observer). The front end (`fgtlm run`, the virtual platform)
// creates one, attaches it to every SM and gives the SMs sm_clock() (the timing model, a
// core::IssueCost) as their timing interface: the SM calls the timing model before any
// observer, so statistics and traces see the cycles of the current instruction.
#pragma once

#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/core/launch.hpp>
#include <fgtlm/stats/commit_trace.hpp>
#include <fgtlm/stats/stats_collector.hpp>
#include <fgtlm/stats/timeline_trace.hpp>
#include <fgtlm/timing/timing_model.hpp>

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace fgtlm::params { class Registry; }

namespace fgtlm::stats {

struct InstrumentationOptions {
    timing::Mode mode = timing::Mode::Calibrated;
    std::string stats_path;     // --stats (empty = none)
    std::string commit_path;    // --trace-commit
    std::string timeline_path;  // --trace-timeline
};

class Instrumentation final : public core::ExecutionObserver {
public:
    // Reads the timing parameters from `registry` (declare_timing_params must have run).
    // Opens the output files now, so bad paths fail before the simulation.
    Instrumentation(const params::Registry& registry, const InstrumentationOptions& options);
    Instrumentation(const timing::TimingParams& params, const InstrumentationOptions& options);

    void begin_kernel(const core::LaunchConfig& launch);
    // Writes the stats JSON and closes the traces. `context` members are added to the stats.
    void end_kernel(double wall_seconds, const std::string& error, const nlohmann::json& context = {});

    // From the GPU top (once per kernel): begin_kernel / record the result, so embedders
    // (e.g. the virtual platform) need not call them.
    void on_kernel_begin(const core::LaunchConfig& launch) override { begin_kernel(launch); }
    void on_kernel_end(const core::KernelResult& result) override;

    void on_block_start(std::uint32_t sm, std::uint32_t block) override;
    void on_block_end(std::uint32_t sm, std::uint32_t block) override;
    void on_issue(const core::IssueRecord& rec) override;
    void on_commit(const core::IssueRecord& rec, const std::uint32_t* dst_values) override;
    [[nodiscard]] bool wants_commits() const override { return !traces_.empty(); }  // fixed at construction

    core::IssueCost& sm_clock() { return timing_; }
    timing::TimingModel& timing() { return timing_; }
    StatsCollector& stats() { return stats_; }

private:
    InstrumentationOptions options_;
    timing::TimingModel timing_;
    StatsCollector stats_;
    std::unique_ptr<CommitTraceWriter> commit_;
    std::unique_ptr<TimelineTraceWriter> timeline_;
    std::vector<core::ExecutionObserver*> after_timing_;  // stats + traces, in order
    std::vector<core::ExecutionObserver*> traces_;        // the traces alone (per instruction)
};

}  // namespace fgtlm::stats
