// Commit trace: one text line per committed warp instruction (format: traces/commit-trace.md).
//
//   <cycle> <sm> <block> <warp> <pc> <active mask> | <disassembly> | <destination values>
//
// Designed for diffing against an RTL co-simulation: the columns after the cycle are
// independent of timing, so `cut -d' ' -f2-` of both traces must match exactly for the
// same program and schedule. Attach after the timing model (the cycle is its write-back).
#pragma once

#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/stats/buffered_file.hpp>
#include <fgtlm/timing/timing_model.hpp>

#include <string>
#include <unordered_map>

namespace fgtlm::stats {

class CommitTraceWriter final : public core::ExecutionObserver {
public:
    CommitTraceWriter(const std::string& path, const timing::TimingModel& timing);
    void on_commit(const core::IssueRecord& rec, const std::uint32_t* dst_values) override;
    void close() { out_.close(); }

private:
    BufferedFile out_;
    const timing::TimingModel& timing_;
    // Disassembly per static instruction (the program's decoded instructions do not move):
    // each instruction is disassembled once, not per commit.
    std::unordered_map<const isa::Instruction*, std::string> text_;
    fmt::memory_buffer line_;
};

// The disassembly used by the traces ("IADD32 R1, R2, R3" when the isa library's
// disassembler is available, else the opcode name and the raw words).
void append_disassembly(fmt::memory_buffer& out, const isa::Instruction& inst);

}  // namespace fgtlm::stats
