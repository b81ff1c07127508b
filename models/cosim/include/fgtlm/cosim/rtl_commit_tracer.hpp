// Assembles FlexGripPlus pipeline events into commit-trace lines (traces/commit-trace.md),
// one event at a time: used by fgtlm cosim (reading the GHDL monitor's fgtlm_commit.raw,
// src/rtl_commit_trace.cpp) and by models/rtl's GHDL back end (reading the same probes
// cycle by cycle).
//
// FlexGripPlus sends each warp instruction through the pipeline once per pass of `cores`
// threads (32/cores passes; the pass number travels with the warp id). The write stage
// handles one pass at a time, so register-file writes belong to the pass that last left the
// execute stage, and thread = pass * cores + core. A warp instruction commits when its last
// pass leaves the write stage. Warp slots become block/warp by the block scheduler's batch
// order (batch() starts a batch); the disassembly comes from the fetched words.
// Per cycle, feed the events in the monitor's order: batch, fetch, execute, writes, commit.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <unordered_map>

#include <fgtlm/core/launch.hpp>

namespace fgtlm::cosim {

class RtlCommitTracer {
public:
    enum class Reg { Gpr, Pred, Addr };

    RtlCommitTracer(std::ostream& out, std::uint32_t cores, const core::LaunchConfig& launch);
    ~RtlCommitTracer();
    RtlCommitTracer(const RtlCommitTracer&) = delete;
    RtlCommitTracer& operator=(const RtlCommitTracer&) = delete;

    // The two header lines; `source` names the producer ("fgtlm cosim", ...).
    void header(const std::string& source);
    void batch();  // the SMP controller starts configuring a batch of blocks
    // fetch -> decode: warp slot, pass, PC, the 64-bit fetched word (second word high), the
    // warp's current mask.
    void fetch(std::uint32_t warp, std::uint32_t pass, std::uint32_t pc, std::uint64_t words, std::uint32_t warp_mask);
    // execute -> write: warp slot and the instruction mask (threads after the guard).
    void execute(std::uint32_t warp, std::uint32_t instr_mask);
    // A register-file write port of `core` in the write stage: value in hex digits as the
    // monitor prints it (to_hstring; 'X'/'U' digits are kept).
    void write(Reg kind, std::uint32_t core, std::uint32_t pass, const std::string& hex_value);
    // write -> warp unit: writes the commit line after the last pass. Throws
    // std::runtime_error when the warp fetched nothing.
    void commit(std::uint64_t cycle, std::uint32_t warp, std::uint32_t pass);
    [[nodiscard]] std::uint64_t commits() const { return commits_; }

private:
    struct Pending;
    struct Decoded;
    std::ostream& out_;
    std::uint32_t cores_, passes_, warps_per_block_, per_batch_;
    std::int64_t batch_ = -1;
    std::unique_ptr<std::array<Pending, 32>> warps_;
    std::uint32_t write_warp_ = 0;  // the warp whose pass the write stage is handling
    std::unordered_map<std::uint64_t, Decoded> decoded_;  // by (pc, words)
    std::uint64_t commits_ = 0;
};

}  // namespace fgtlm::cosim
