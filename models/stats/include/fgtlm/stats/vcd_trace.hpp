// Waveform (VCD) of key SM signals, time-stamped with the timing model's cycles:
//   sm<i>.warp<j>.pc[15:0]  PC of the instruction warp slot j issued last
//   sm<i>.warp<j>.mask[31:0] its active mask
//   sm<i>.exec_sp / exec_fpu / exec_sfu / exec_branch / exec_mem   execute stage busy, by unit
//   sm<i>.gmem_busy          this SM's accesses occupy the global memory controller
//
// The model computes an instruction's cycles when it issues, ahead of SystemC time, so the
// waveform is written from those cycle stamps (1 VCD time unit = 1 SM cycle) rather than
// sampled with sc_trace at SystemC time: the waves are then cycle-exact in AT mode. Events
// are buffered (16 bytes each, amortised growth) and written sorted at close().
#pragma once

#include "fgtlm/core/issue_record.hpp"
#include "fgtlm/timing/timing_model.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace fgtlm::stats {

class VcdTraceWriter final : public core::ExecutionObserver {
public:
    VcdTraceWriter(std::string path, const timing::TimingModel& timing);
    ~VcdTraceWriter() override;
    void on_issue(const core::IssueRecord& rec) override;
    void close();  // sorts and writes the file; idempotent; throws on I/O errors

    [[nodiscard]] std::size_t events() const { return events_.size(); }

private:
    struct Event {
        std::uint64_t time;
        std::uint32_t signal;
        std::uint32_t value;
    };
    struct Signal {
        std::string name;
        std::uint8_t width;
    };
    std::uint32_t signal_id(std::uint32_t sm, std::uint32_t kind, std::uint32_t slot);

    std::string path_;
    const timing::TimingModel& timing_;
    std::vector<Event> events_;
    std::vector<Signal> signals_;
    std::vector<std::uint32_t> index_;  // (sm, kind, slot) -> signal id + 1
    bool closed_ = false;
};

}  // namespace fgtlm::stats
