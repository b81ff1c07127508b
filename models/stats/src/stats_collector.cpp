#include <fgtlm/stats/stats_collector.hpp>

#include <fgtlm/io/output_file.hpp>
#include <fgtlm/isa/instruction.hpp>
#include <fgtlm/isa/disassembler.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace fgtlm::stats {
namespace {

constexpr std::size_t kMaxSeriesBuckets = 2048;
const char* kUnitNames[core::kNumUnits] = {"sp", "fpu", "sfu", "branch", "memory", "texture", "none"};
const char* kSpaceNames[4] = {"none", "global", "shared", "constant"};

double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

}  // namespace

StatsCollector::StatsCollector(const timing::TimingModel& timing) : timing_(timing) {}

void StatsCollector::begin_kernel(const core::LaunchConfig& launch) {
    warp_instructions_ = thread_instructions_ = 0;
    unit_instructions_.fill(0);
    mem_.fill(MemSpaceCounters{});
    opcode_counts_.fill(0);
    branches_ = taken_branches_ = divergent_branches_ = reconvergences_ = barriers_ = 0;
    max_stack_depth_ = 0;
    guarded_off_threads_ = 0;
    // One record per block, grown as blocks start (on_block_start): a 65535 x 65535 grid
    // must not allocate 4 G records up front (the watchdog ends such a kernel long before).
    blocks_.assign(std::min<std::uint64_t>(launch.num_blocks(), kMaxBlockRecords), BlockTimes{});
    blocks_omitted_ = 0;
    sp_lanes_ = timing_.params().sp_lanes;
    series_interval_ = 64;
    series_shift_ = 6;
    series_warp_.assign(256, 0);
    series_thread_.assign(256, 0);
    error_.clear();
}

void StatsCollector::set_context(const nlohmann::json& context) { context_ = context.dump(); }

void StatsCollector::on_block_start(std::uint32_t sm, std::uint32_t block) {
    if (block >= kMaxBlockRecords) {
        // Beyond the bound a block is only counted: memory and JSON stay bounded however
        // many blocks run (the stats name how many were left out).
        ++blocks_omitted_;
        return;
    }
    if (block >= blocks_.size()) blocks_.resize(block + 1);
    BlockTimes& b = blocks_[block];
    b.sm = sm;
    b.start = timing_.block_start_cycle(sm);
    b.end = b.start;
    b.seen = true;
}

void StatsCollector::on_block_end(std::uint32_t sm, std::uint32_t block) {
    // The functional core reports the end before the block's last instruction: on_issue
    // keeps extending `end`.
    if (block < blocks_.size()) blocks_[block].end = std::max(blocks_[block].end, timing_.block_end_cycle(sm));
}

[[gnu::hot]] void StatsCollector::add_to_series(std::uint64_t cycle, std::uint32_t threads) {
    std::uint64_t bucket = cycle >> series_shift_;  // cycle / series_interval_ (a power of two)
    if (bucket >= kMaxSeriesBuckets) {
        // The merge below reads every bucket: an early issue past the last bucket (a long
        // launch or memory latency) meets vectors still shorter than that.
        series_warp_.resize(kMaxSeriesBuckets, 0);
        series_thread_.resize(kMaxSeriesBuckets, 0);
    }
    while (bucket >= kMaxSeriesBuckets) {
        // Double the interval and merge pairs: bounded memory whatever the kernel length.
        for (std::size_t i = 0; i < kMaxSeriesBuckets / 2; ++i) {
            series_warp_[i] = series_warp_[2 * i] + series_warp_[2 * i + 1];
            series_thread_[i] = series_thread_[2 * i] + series_thread_[2 * i + 1];
        }
        std::fill(series_warp_.begin() + kMaxSeriesBuckets / 2, series_warp_.end(), 0);
        std::fill(series_thread_.begin() + kMaxSeriesBuckets / 2, series_thread_.end(), 0);
        series_interval_ *= 2;
        ++series_shift_;
        bucket = cycle >> series_shift_;
    }
    if (bucket >= series_warp_.size()) {
        const std::size_t n =
            std::min<std::size_t>(kMaxSeriesBuckets, std::max<std::size_t>(bucket + 1, series_warp_.size() * 2));
        series_warp_.resize(n, 0);
        series_thread_.resize(n, 0);
    }
    series_warp_[bucket] += 1;
    series_thread_[bucket] += threads;
}

[[gnu::hot]] void StatsCollector::on_issue(const core::IssueRecord& rec) {
    const std::uint32_t threads = std::uint32_t(std::popcount(rec.active_mask));
    ++warp_instructions_;
    thread_instructions_ += threads;
    guarded_off_threads_ += std::uint32_t(std::popcount(rec.issue_mask & ~rec.active_mask));
    unit_instructions_[std::size_t(rec.unit)]++;
    if (rec.inst != nullptr) {
        const auto op = std::size_t(rec.inst->op);
        if (op < opcode_counts_.size()) opcode_counts_[op]++;
        if (rec.inst->op == isa::Opcode::BRA) {
            ++branches_;
            taken_branches_ += rec.branch_taken ? 1 : 0;
        }
    }
    divergent_branches_ += rec.diverged ? 1 : 0;
    reconvergences_ += rec.reconverged ? 1 : 0;
    barriers_ += rec.barrier ? 1 : 0;
    max_stack_depth_ = std::max(max_stack_depth_, rec.stack_depth);
    if (rec.mem.space != core::MemSpace::None) {
        MemSpaceCounters& m = mem_[std::size_t(rec.mem.space)];
        (rec.mem.is_store ? m.stores : m.loads)++;
        m.transactions += rec.mem.transactions;
        m.bytes += rec.mem.bytes;
        m.thread_accesses += threads;
        if (rec.mem.bank_conflict_degree > 1) m.conflict_extra_ways += rec.mem.bank_conflict_degree - 1u;
    }
    // Shared/constant operands read in the read stage count as traffic of their space.
    if (rec.shared_operands != 0 && rec.mem.space != core::MemSpace::Shared) {
        MemSpaceCounters& m = mem_[std::size_t(core::MemSpace::Shared)];
        m.loads++;
        m.thread_accesses += std::uint64_t(threads) * rec.shared_operands;
        m.bytes += std::uint64_t(threads) * rec.shared_operands * 4u;
        if (rec.shared_read_conflict_degree > 1) m.conflict_extra_ways += rec.shared_read_conflict_degree - 1u;
    }
    if (rec.const_operands != 0 && rec.mem.space != core::MemSpace::Constant) {
        MemSpaceCounters& m = mem_[std::size_t(core::MemSpace::Constant)];
        m.loads++;
        m.transactions += rec.const_operands;
        m.bytes += 4u * rec.const_operands;
    }
    const timing::InstrTiming& t = timing_.last();
    if (rec.block < blocks_.size()) blocks_[rec.block].end = std::max(blocks_[rec.block].end, t.complete);
    add_to_series(t.issue, threads);
}

// Utilisation and stalls: per SM ("sms") and totals over the SMs.
void StatsCollector::add_utilisation(nlohmann::json& j, std::uint64_t cycles) const {
    using nlohmann::json;
    const std::uint32_t sms = timing_.num_sms();
    const double sm_cycles = double(cycles) * sms;
    std::array<std::uint64_t, core::kNumUnits> unit_busy{};
    std::array<std::uint64_t, timing::kNumStages> stage_busy{};
    std::array<std::uint64_t, timing::kNumStallReasons> stall{};
    std::uint64_t shared_busy = 0, constant_busy = 0;
    json per_sm = json::array();
    for (std::uint32_t s = 0; s < sms; ++s) {
        const timing::SmTimingStats& st = timing_.sm_stats(s);
        json u = json::object(), sb = json::object(), sl = json::object();
        for (std::size_t i = 0; i + 1 < core::kNumUnits; ++i) {
            unit_busy[i] += st.unit_busy[i];
            u[kUnitNames[i]] = ratio(double(st.unit_busy[i]), double(cycles));
        }
        for (std::size_t i = 0; i < timing::kNumStages; ++i) {
            stage_busy[i] += st.stage_busy[i];
            sb[timing::to_string(timing::PipeStage(i))] = ratio(double(st.stage_busy[i]), double(cycles));
        }
        for (std::size_t i = 0; i < timing::kNumStallReasons; ++i) {
            stall[i] += st.stall[i];
            sl[timing::to_string(timing::StallReason(i))] = st.stall[i];
        }
        shared_busy += st.shared_busy;
        constant_busy += st.constant_busy;
        per_sm.push_back({{"sm", s},
                          {"instructions", st.instructions},
                          {"first_issue", st.first_issue},
                          {"last_complete", st.last_complete},
                          {"unit_busy_fraction", u},
                          {"stage_busy_fraction", sb},
                          {"stall_cycles", sl},
                          {"global_mem_busy_cycles", st.global_mem_busy},
                          {"shared_busy_cycles", st.shared_busy},
                          {"constant_busy_cycles", st.constant_busy}});
    }
    json ub = json::object(), sbt = json::object(), slt = json::object();
    for (std::size_t i = 0; i + 1 < core::kNumUnits; ++i) ub[kUnitNames[i]] = ratio(double(unit_busy[i]), sm_cycles);
    for (std::size_t i = 0; i < timing::kNumStages; ++i)
        sbt[timing::to_string(timing::PipeStage(i))] = ratio(double(stage_busy[i]), sm_cycles);
    std::uint64_t stall_total = 0;
    for (std::size_t i = 0; i < timing::kNumStallReasons; ++i) {
        slt[timing::to_string(timing::StallReason(i))] = stall[i];
        stall_total += stall[i];
    }
    j["unit_busy_fraction"] = ub;
    j["stage_busy_fraction"] = sbt;
    j["memory_controller_busy_fraction"] = {{"global", ratio(double(timing_.global_mem_busy()), double(cycles))},
                                            {"shared", ratio(double(shared_busy), sm_cycles)},
                                            {"constant", ratio(double(constant_busy), sm_cycles)}};
    j["stall_cycles"] = slt;  // warp-cycles: a warp waiting for this reason, summed over warps
    j["stall_cycles_total"] = stall_total;
    j["sms"] = per_sm;
}

nlohmann::json StatsCollector::to_json() const {
    using nlohmann::json;
    const std::uint64_t cycles = kernel_cycles();
    const std::uint32_t sms = timing_.num_sms();
    json j = context_.empty() ? json::object() : json::parse(context_);
    j["kernel_cycles"] = cycles;
    j["warp_instructions"] = warp_instructions_;
    j["thread_instructions"] = thread_instructions_;
    j["sim_wall_seconds"] = wall_seconds_;
    j["mode"] = timing_.mode() == timing::Mode::Calibrated ? "calibrated" : "fixed";
    j["sp_lanes"] = timing_.params().sp_lanes;
    j["num_sms"] = sms;
    if (!error_.empty()) j["error"] = error_;
    j["ipc"] = {{"warp", ratio(double(warp_instructions_), double(cycles))},
                {"thread", ratio(double(thread_instructions_), double(cycles))}};
    j["simd_efficiency"] = ratio(double(thread_instructions_), 32.0 * double(warp_instructions_));
    j["sim_speed"] = {{"cycles_per_second", ratio(double(cycles), wall_seconds_)},
                      {"thread_instructions_per_second", ratio(double(thread_instructions_), wall_seconds_)},
                      {"warp_instructions_per_second", ratio(double(warp_instructions_), wall_seconds_)},
                      {"cpu_seconds", cpu_seconds_},
                      {"thread_instructions_per_cpu_second", ratio(double(thread_instructions_), cpu_seconds_)}};

    add_utilisation(j, cycles);
    json units = json::object();
    for (std::size_t i = 0; i < core::kNumUnits; ++i) units[kUnitNames[i]] = unit_instructions_[i];
    j["instructions_by_unit"] = units;
    json ops = json::object();
    for (std::size_t i = 0; i < std::size_t(isa::Opcode::Count); ++i)
        if (opcode_counts_[i] != 0) ops[isa::opcode_name(isa::Opcode(i))] = opcode_counts_[i];
    j["instructions_by_opcode"] = ops;

    add_memory(j);
    j["divergence"] = {{"branches", branches_},
                       {"taken_branches", taken_branches_},
                       {"divergent_branches", divergent_branches_},
                       {"reconvergences", reconvergences_},
                       {"barriers", barriers_},
                       {"max_stack_depth", max_stack_depth_},
                       {"guarded_off_threads", guarded_off_threads_},
                       {"avg_active_threads", ratio(double(thread_instructions_), double(warp_instructions_))}};
    add_blocks_and_series(j);
    return j;
}

void StatsCollector::add_memory(nlohmann::json& j) const {
    using nlohmann::json;
    json mem = json::object();
    for (std::size_t i = 1; i < 4; ++i) {
        const MemSpaceCounters& m = mem_[i];
        mem[kSpaceNames[i]] = {{"load_instructions", m.loads},
                               {"store_instructions", m.stores},
                               {"transactions", m.transactions},
                               {"bytes", m.bytes},
                               {"thread_accesses", m.thread_accesses}};
        if (i == std::size_t(core::MemSpace::Shared))
            mem[kSpaceNames[i]]["bank_conflict_extra_ways"] = m.conflict_extra_ways;
    }
    j["memory"] = mem;
}

void StatsCollector::add_blocks_and_series(nlohmann::json& j) const {
    using nlohmann::json;
    json blocks = json::array();
    for (std::size_t b = 0; b < blocks_.size(); ++b) {
        if (!blocks_[b].seen) continue;
        blocks.push_back({{"block", b}, {"sm", blocks_[b].sm}, {"start", blocks_[b].start}, {"end", blocks_[b].end}});
    }
    j["blocks"] = blocks;
    if (blocks_omitted_ != 0) j["blocks_omitted"] = blocks_omitted_;  // started beyond kMaxBlockRecords
    std::size_t used = series_warp_.size();
    while (used > 0 && series_warp_[used - 1] == 0) --used;
    j["timeseries"] = {
        {"interval_cycles", series_interval_},
        {"warp_instructions",
         std::vector<std::uint32_t>(series_warp_.begin(), series_warp_.begin() + std::ptrdiff_t(used))},
        {"thread_instructions",
         std::vector<std::uint64_t>(series_thread_.begin(), series_thread_.begin() + std::ptrdiff_t(used))}};
}

std::string StatsCollector::summary() const {
    const nlohmann::json j = to_json();
    std::string out;
    const std::uint64_t cycles = kernel_cycles();
    out += fmt::format("kernel cycles        {:>14}   ({} mode, {} SP lanes, {} SM{})\n", cycles,
                       j["mode"].get<std::string>(), timing_.params().sp_lanes, timing_.num_sms(),
                       timing_.num_sms() == 1 ? "" : "s");
    out += fmt::format("warp instructions    {:>14}   IPC {:.3f} warp, {:.2f} thread\n", warp_instructions_,
                       j["ipc"]["warp"].get<double>(), j["ipc"]["thread"].get<double>());
    out += fmt::format("thread instructions  {:>14}   SIMD efficiency {:.1f} %\n", thread_instructions_,
                       100.0 * j["simd_efficiency"].get<double>());
    if (wall_seconds_ > 0) {
        out += fmt::format("simulation           {:>11.3f} s   {:.3g} cycles/s, {:.3g} thread-instr/s\n", wall_seconds_,
                           j["sim_speed"]["cycles_per_second"].get<double>(),
                           j["sim_speed"]["thread_instructions_per_second"].get<double>());
    }
    out += "unit busy           ";
    for (const auto& [k, v] : j["unit_busy_fraction"].items())
        out += fmt::format(" {} {:.1f}%", k, 100.0 * v.get<double>());
    out += fmt::format("\nglobal mem busy      {:.1f} %\n",
                       100.0 * j["memory_controller_busy_fraction"]["global"].get<double>());
    const double total = double(j["stall_cycles_total"].get<std::uint64_t>());
    out += "stalls (warp-cycles)";
    for (const auto& [k, v] : j["stall_cycles"].items()) {
        if (v.get<std::uint64_t>() != 0)
            out += fmt::format(" {} {:.1f}%", k, 100.0 * ratio(double(v.get<std::uint64_t>()), total));
    }
    out += "\n";
    const auto& m = j["memory"];
    out += fmt::format("memory               global {} B in {} transactions, shared {} B, constant {} B\n",
                       m["global"]["bytes"].get<std::uint64_t>(), m["global"]["transactions"].get<std::uint64_t>(),
                       m["shared"]["bytes"].get<std::uint64_t>(), m["constant"]["bytes"].get<std::uint64_t>());
    out += fmt::format("divergence           {} divergent of {} branches, {} reconvergences, max stack {}\n",
                       divergent_branches_, branches_, reconvergences_, max_stack_depth_);
    if (!error_.empty()) out += "error                " + error_ + "\n";
    return out;
}

void StatsCollector::write_json(const std::string& path) const { io::write_file(path, to_json().dump(1) + "\n"); }

}  // namespace fgtlm::stats
