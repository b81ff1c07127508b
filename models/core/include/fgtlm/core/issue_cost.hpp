// Where the timing model plugs into the functional core.
//
// The SM asks the attached IssueCost how many SM cycles each issued warp instruction
// costs (the "timing" helper implements detailed models). Without one, the SM uses the
// loosely-timed default: a warp of 32 threads takes 32 / sp_lanes cycles per instruction.
#pragma once

#include <cstdint>

#include "fgtlm/core/issue_record.hpp"

namespace fgtlm::core {

class IssueCost {
public:
    virtual ~IssueCost() = default;
    virtual void on_kernel_start(std::uint32_t sm) {}
    // Cycles the SM spends on this instruction (issue to the next issue of the SM).
    virtual std::uint64_t issue_cycles(const IssueRecord& rec) = 0;
    // Extra cycles at the end of a batch (draining pipelines, writing back), default none.
    virtual std::uint64_t batch_end_cycles(std::uint32_t sm) { return 0; }
};

// The default loosely-timed cost.
class LooselyTimedCost final : public IssueCost {
public:
    explicit LooselyTimedCost(std::uint32_t sp_lanes) : cycles_(sp_lanes >= 32 ? 1u : 32u / (sp_lanes ? sp_lanes : 1u)) {}
    std::uint64_t issue_cycles(const IssueRecord&) override { return cycles_; }

private:
    std::uint64_t cycles_;
};

}  // namespace fgtlm::core
