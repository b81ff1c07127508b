// The outputs a GpuDevice writes by itself after every kernel (DeviceOutputs): statistics JSON
// and timeline per kernel, and the VCD waveform over the whole run (own file or the platform's). Observes the GPU after
// the instrumentation (timing model + statistics), so it sees the cycles of each instruction.
#pragma once

#include <cstdint>
#include <memory>

#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/gpu/device_config.hpp>
#include <fgtlm/gpu/gpu_top.hpp>
#include <fgtlm/stats/instrumentation.hpp>
#include <fgtlm/stats/signal_tracer.hpp>
#include <fgtlm/stats/timeline_trace.hpp>

namespace fgtlm::gpu {

class KernelOutputs final : public core::ExecutionObserver {
public:
    // Throws std::runtime_error naming the path when an output file cannot be created.
    KernelOutputs(const char* vcd_name, const GpuDeviceConfig& config, stats::Instrumentation& instrumentation);
    ~KernelOutputs() override;
    void attach(GpuTop& gpu);  // observe `gpu` (after the instrumentation)

    void on_kernel_begin(const core::LaunchConfig& launch) override;
    void on_kernel_end(const core::KernelResult& result) override;
    void on_block_start(std::uint32_t sm, std::uint32_t block) override;
    void on_block_end(std::uint32_t sm, std::uint32_t block) override;
    void on_issue(const core::IssueRecord& rec) override;
    void on_commit(const core::IssueRecord& rec, const std::uint32_t* dst_values) override;

private:
    const GpuDeviceConfig& config_;
    stats::Instrumentation& instrumentation_;
    std::unique_ptr<stats::TimelineTraceWriter> timeline_;
    std::unique_ptr<stats::SignalTracer> vcd_;
    std::uint64_t kernel_ = 0;
};

}  // namespace fgtlm::gpu
