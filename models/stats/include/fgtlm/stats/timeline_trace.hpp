// Timeline trace in Chrome/Perfetto trace-event JSON (format: traces/timeline.md).
// One process per SM, one track per warp slot (instruction issue -> write-back spans, waits,
// barrier waits) and one "global memory" track per SM (controller occupancy per access
// burst). Time unit: 1 trace microsecond = 1 SM cycle. Attach after the timing model.
#pragma once

#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/stats/buffered_file.hpp>
#include <fgtlm/timing/timing_model.hpp>

#include <string>
#include <vector>

namespace fgtlm::stats {

class TimelineTraceWriter final : public core::ExecutionObserver {
public:
    TimelineTraceWriter(const std::string& path, const timing::TimingModel& timing);
    ~TimelineTraceWriter() override;
    void on_block_start(std::uint32_t sm, std::uint32_t block) override;
    void on_issue(const core::IssueRecord& rec) override;
    void close();  // writes the closing bracket; idempotent

private:
    void name_track(std::uint32_t sm, std::uint32_t tid, std::string_view name);
    void begin_event();

    BufferedFile out_;
    const timing::TimingModel& timing_;
    std::vector<std::uint8_t> named_;  // (sm, track) already named
    bool first_ = true;
    bool closed_ = false;
};

}  // namespace fgtlm::stats
