// The SM's one timing interface.
//
// An SM (the functional core) tells the attached IssueCost about the kernel, its blocks and
// every issued warp instruction, always before any statistics observer hears of them, and
// takes the instruction's cost from it:  cycles = on_issue(record).  An calibrated model may also
// choose which of the ready warps issues next (pick_warp), the way a warp scheduler does.
// Statistics and traces are ExecutionObservers: they only observe (and read the timing
// model's figures of the instruction just issued).
//
// Without an IssueCost the SM uses the loosely-timed default: a warp of 32 threads takes
// 32 / sp_lanes cycles per instruction, plus the TLM target's annotated memory delay.
//
// Memory latency is counted once: a global access's TLM-annotated delay reaches the cost in
// IssueRecord::mem.latency_cycles and nowhere else (the SM adds nothing on top of on_issue).
#pragma once

#include <cstdint>

#include <fgtlm/core/issue_record.hpp>

namespace fgtlm::core {

class IssueCost {
public:
    virtual ~IssueCost() = default;
    // A kernel starts on `sm` (its clock restarts at 0).
    virtual void on_kernel_start(std::uint32_t sm) {}
    virtual void on_block_start(std::uint32_t sm, std::uint32_t block) {}
    virtual void on_block_end(std::uint32_t sm, std::uint32_t block) {}
    // Cycles the SM spends on this instruction (from its issue to the SM's next issue).
    virtual std::uint64_t on_issue(const IssueRecord& rec) = 0;
    // Extra cycles at the end of a batch (draining pipelines, writing back), default none.
    virtual std::uint64_t batch_end_cycles(std::uint32_t sm) { return 0; }
    // Warp choice: when picks_warps() is true the SM asks pick_warp() which warp issues next.
    // `ready` has bit s set for every warp slot s that may issue (at most 32 slots), `rr` is
    // the SM's own round-robin choice (its bit is set). A result whose bit is not set in
    // `ready` is ignored (the SM takes `rr`): the choice can change timing, never legality.
    [[nodiscard]] virtual bool picks_warps() const { return false; }
    virtual std::uint32_t pick_warp(std::uint32_t sm, std::uint32_t ready, std::uint32_t rr) { return rr; }
};

// The default loosely-timed cost.
class LooselyTimedCost final : public IssueCost {
public:
    explicit LooselyTimedCost(std::uint32_t sp_lanes)
        : cycles_(sp_lanes >= 32 ? 1u : 32u / (sp_lanes ? sp_lanes : 1u)) {}
    std::uint64_t on_issue(const IssueRecord& rec) override { return cycles_ + rec.mem.latency_cycles; }
    [[nodiscard]] std::uint64_t cycles() const { return cycles_; }

private:
    std::uint64_t cycles_;
};

}  // namespace fgtlm::core
