// Adapter from the AT model to the SM's timing hook (core::IssueCost): the SM advances its
// local (SystemC) time by issue_cycles() after each instruction and by batch_end_cycles()
// after a batch, which brings it to the model's issue cycle of that instruction and to the
// batch's completion. The sum over a kernel equals the model's kernel time (less the global
// launch/done overheads), so SystemC time tracks the timing model and SMs sharing the memory
// path interleave in time order.
//
// Requirement: the SM calls issue_cycles(rec) after it notified its observers of `rec` (the
// TimingModel is one of them, or the Instrumentation that owns it). A TLM target's annotated
// delay reaches the model in rec.mem.latency_cycles, so the SM adds nothing itself.
#pragma once

#include "fgtlm/core/issue_cost.hpp"
#include "fgtlm/timing/timing_model.hpp"

#include <vector>

namespace fgtlm::timing {

class SmClock final : public core::IssueCost {
public:
    explicit SmClock(timing::TimingModel& model) : model_(model) {}

    void on_kernel_start(std::uint32_t sm) override { time(sm) = 0; }
    std::uint64_t issue_cycles(const core::IssueRecord& rec) override {
        return advance(rec.sm, model_.sm_cycle(rec.sm));
    }
    std::uint64_t batch_end_cycles(std::uint32_t sm) override {
        return advance(sm, sm < model_.num_sms() ? model_.sm_stats(sm).last_complete : 0);
    }
private:
    std::uint64_t& time(std::uint32_t sm) {
        if (sm >= time_.size()) time_.resize(sm + 1, 0);
        return time_[sm];
    }
    std::uint64_t advance(std::uint32_t sm, std::uint64_t target) {
        std::uint64_t& now = time(sm);
        const std::uint64_t delta = target > now ? target - now : 0;
        now += delta;
        return delta;
    }

    timing::TimingModel& model_;
    std::vector<std::uint64_t> time_;
};

}  // namespace fgtlm::timing
