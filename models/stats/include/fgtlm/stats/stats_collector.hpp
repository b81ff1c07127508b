// Statistics of one kernel run: an ExecutionObserver that reads the timing model's verdict for
// every issued instruction and accumulates instruction counts, unit utilisation, stall
// breakdown, memory traffic, divergence and per-block start/end cycles, plus an IPC time
// series. Writes the stats JSON and a one-screen text summary.
//
// Attach it AFTER the timing model (it reads timing.last()). Nothing is allocated per record
// (the time series grows by doubling its interval, per-block data is bounded by
// kMaxBlockRecords).
#pragma once

#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/core/launch.hpp>
#include <fgtlm/timing/timing_model.hpp>

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace fgtlm::stats {

struct MemSpaceCounters {
    std::uint64_t loads = 0;         // warp instructions
    std::uint64_t stores = 0;
    std::uint64_t transactions = 0;
    std::uint64_t bytes = 0;
    std::uint64_t thread_accesses = 0;
    std::uint64_t conflict_extra_ways = 0;  // shared: sum of (conflict degree - 1)
};

struct BlockTimes {
    std::uint32_t sm = 0;
    std::uint64_t start = 0;
    std::uint64_t end = 0;
    bool seen = false;
};

class StatsCollector final : public core::ExecutionObserver {
public:
    // Per-block start/end records kept (blocks 0..N-1); later blocks are counted only.
    static constexpr std::uint32_t kMaxBlockRecords = 65536;

    explicit StatsCollector(const timing::TimingModel& timing);

    void begin_kernel(const core::LaunchConfig& launch);
    void on_block_start(std::uint32_t sm, std::uint32_t block) override;
    void on_block_end(std::uint32_t sm, std::uint32_t block) override;
    void on_issue(const core::IssueRecord& rec) override;

    // Host time the simulation took (set by the driver before writing).
    void set_wall_seconds(double seconds) { wall_seconds_ = seconds; }
    void set_cpu_seconds(double seconds) { cpu_seconds_ = seconds; }
    // Error text if the kernel stopped early (empty = ok).
    void set_error(std::string error) { error_ = std::move(error); }
    // Extra top-level JSON members (bundle name, parameters ...).
    void set_context(const nlohmann::json& context);

    [[nodiscard]] std::uint64_t kernel_cycles() const { return timing_.kernel_cycles(); }
    [[nodiscard]] std::uint64_t warp_instructions() const { return warp_instructions_; }
    [[nodiscard]] std::uint64_t thread_instructions() const { return thread_instructions_; }
    [[nodiscard]] const std::vector<BlockTimes>& blocks() const { return blocks_; }
    [[nodiscard]] const MemSpaceCounters& mem(core::MemSpace space) const { return mem_[std::size_t(space)]; }

    [[nodiscard]] nlohmann::json to_json() const;
    [[nodiscard]] std::string summary() const;
    void write_json(const std::string& path) const;  // throws std::runtime_error naming the path

private:
    void add_utilisation(nlohmann::json& j, std::uint64_t cycles) const;  // to_json(): busy fractions, stalls
    void add_memory(nlohmann::json& j) const;             // to_json(): traffic per memory space
    void add_blocks_and_series(nlohmann::json& j) const;  // to_json(): per-block times, time series
    void add_to_series(std::uint64_t cycle, std::uint32_t threads);

    const timing::TimingModel& timing_;
    std::uint64_t warp_instructions_ = 0;
    std::uint64_t thread_instructions_ = 0;
    std::array<std::uint64_t, core::kNumUnits> unit_instructions_{};   // by UnitId
    std::array<MemSpaceCounters, 4> mem_{};              // by MemSpace
    std::array<std::uint64_t, 64> opcode_counts_{};      // by isa::Opcode
    std::uint64_t branches_ = 0, taken_branches_ = 0, divergent_branches_ = 0, reconvergences_ = 0;
    std::uint64_t barriers_ = 0;
    std::uint32_t max_stack_depth_ = 0;
    std::uint64_t guarded_off_threads_ = 0;  // issue_mask threads switched off by a guard
    std::vector<BlockTimes> blocks_;
    std::uint64_t blocks_omitted_ = 0;  // blocks started at index kMaxBlockRecords or above
    std::uint32_t sp_lanes_ = 8;
    // IPC time series: bucket i covers [i * interval, (i+1) * interval).
    std::uint64_t series_interval_ = 64;
    unsigned series_shift_ = 6;  // log2(series_interval_)
    std::vector<std::uint32_t> series_warp_;
    std::vector<std::uint64_t> series_thread_;
    double wall_seconds_ = 0;
    double cpu_seconds_ = 0;  // host CPU time of the simulation (sim_speed only)
    std::string error_;
    std::string context_;  // serialized JSON object
};

}  // namespace fgtlm::stats
