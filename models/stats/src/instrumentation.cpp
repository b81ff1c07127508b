#include <fgtlm/stats/instrumentation.hpp>

#include <fgtlm/params/registry.hpp>

namespace fgtlm::stats {

Instrumentation::Instrumentation(const params::Registry& registry, const InstrumentationOptions& options)
    : Instrumentation(timing::TimingParams::from(registry), options) {}

Instrumentation::Instrumentation(const timing::TimingParams& params, const InstrumentationOptions& options)
    : options_(options), timing_(params, options.mode), stats_(timing_) {
    after_timing_.push_back(&stats_);
    if (!options.commit_path.empty()) {
        commit_ = std::make_unique<CommitTraceWriter>(options.commit_path, timing_);
        after_timing_.push_back(commit_.get());
        traces_.push_back(commit_.get());
    }
    if (!options.timeline_path.empty()) {
        timeline_ = std::make_unique<TimelineTraceWriter>(options.timeline_path, timing_);
        after_timing_.push_back(timeline_.get());
        traces_.push_back(timeline_.get());
    }
}

void Instrumentation::begin_kernel(const core::LaunchConfig& launch) {
    timing_.begin_kernel(launch);
    stats_.begin_kernel(launch);
}

void Instrumentation::end_kernel(double wall_seconds, const std::string& error, const nlohmann::json& context) {
    stats_.set_wall_seconds(wall_seconds);
    stats_.set_error(error);
    if (context.is_object()) stats_.set_context(context);
    if (!options_.stats_path.empty()) stats_.write_json(options_.stats_path);
    if (commit_) commit_->close();
    if (timeline_) timeline_->close();
}

void Instrumentation::on_kernel_end(const core::KernelResult& result) {
    stats_.set_wall_seconds(result.sim_wall_seconds);
    stats_.set_cpu_seconds(result.sim_cpu_seconds);
    stats_.set_error(result.error.ok() ? std::string() : result.error.describe());
}

void Instrumentation::on_block_start(std::uint32_t sm, std::uint32_t block) {
    for (auto* o : after_timing_) o->on_block_start(sm, block);
}

void Instrumentation::on_block_end(std::uint32_t sm, std::uint32_t block) {
    for (auto* o : after_timing_) o->on_block_end(sm, block);
}

// Per instruction the statistics are called directly (a final class: no virtual dispatch) and
// have no commit hook; only the traces open for this run are called through the interface.
[[gnu::hot]] void Instrumentation::on_issue(const core::IssueRecord& rec) {
    stats_.on_issue(rec);
    for (auto* o : traces_) o->on_issue(rec);
}

[[gnu::hot]] void Instrumentation::on_commit(const core::IssueRecord& rec, const std::uint32_t* dst_values) {
    for (auto* o : traces_) o->on_commit(rec, dst_values);
}

}  // namespace fgtlm::stats
