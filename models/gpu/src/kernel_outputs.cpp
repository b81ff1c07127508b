#include "kernel_outputs.hpp"

#include <fstream>
#include <stdexcept>

namespace fgtlm::gpu {

namespace {

// Bad paths fail when the device is built, not after the first kernel ran.
void check_writable(const std::string& pattern) {
    if (pattern.empty()) return;
    const std::string path = output_path(pattern, 0);
    if (!std::ofstream(path)) throw std::runtime_error("cannot create output file '" + path + "'");
}

}  // namespace

KernelOutputs::KernelOutputs(const char* vcd_name, const GpuDeviceConfig& config,
                             stats::Instrumentation& instrumentation)
    : config_(config), instrumentation_(instrumentation) {
    check_writable(config.outputs.stats_path);
    check_writable(config.outputs.timeline_path);
    if (!config.outputs.vcd_path.empty() || config.outputs.trace_file != nullptr) {
        stats::SignalTracerConfig tc;
        tc.vcd_path = config.outputs.vcd_path;
        tc.trace_file = config.outputs.trace_file;
        tc.num_sms = config.num_sms;
        tc.warp_slots = config.base.sm.core.max_warps;
        tc.clock_period = config.clock_period;
        vcd_ = std::make_unique<stats::SignalTracer>(vcd_name, tc, instrumentation.timing());
    }
}

KernelOutputs::~KernelOutputs() = default;

void KernelOutputs::attach(GpuTop& gpu) {
    gpu.add_observer(this);
    // The tracer queues each change until SystemC time reaches its cycle, so the SMs keep the
    // GPU's own quantum: tracing changes neither the platform's settings nor any cycle count.
    if (vcd_) gpu.add_observer(vcd_.get());
}

void KernelOutputs::on_kernel_begin(const core::LaunchConfig&) {
    if (!config_.outputs.timeline_path.empty())
        timeline_ = std::make_unique<stats::TimelineTraceWriter>(output_path(config_.outputs.timeline_path, kernel_),
                                                                 instrumentation_.timing());
}

void KernelOutputs::on_kernel_end(const core::KernelResult& result) {
    if (timeline_) timeline_->close();
    timeline_.reset();
    if (!config_.outputs.stats_path.empty()) {
        stats::StatsCollector& stats = instrumentation_.stats();
        stats.set_context({{"kernel_index", kernel_}, {"gpu_cycles", result.cycles}});
        const std::string path = output_path(config_.outputs.stats_path, kernel_);
        try {
            stats.write_json(path);
        } catch (const std::exception& e) {
            SC_REPORT_ERROR("fgtlm/gpu/GpuDevice", e.what());
        }
    }
    ++kernel_;
}

void KernelOutputs::on_block_start(std::uint32_t sm, std::uint32_t block) {
    if (timeline_) timeline_->on_block_start(sm, block);
}

void KernelOutputs::on_block_end(std::uint32_t sm, std::uint32_t block) {
    if (timeline_) timeline_->on_block_end(sm, block);
}

void KernelOutputs::on_issue(const core::IssueRecord& rec) {
    if (timeline_) timeline_->on_issue(rec);
}

void KernelOutputs::on_commit(const core::IssueRecord& rec, const std::uint32_t* dst_values) {
    if (timeline_) timeline_->on_commit(rec, dst_values);
}

}  // namespace fgtlm::gpu
