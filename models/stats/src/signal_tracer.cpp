#include <fgtlm/stats/signal_tracer.hpp>

#include <fgtlm/core/launch.hpp>
#include <fgtlm/io/output_file.hpp>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace fgtlm::stats {
namespace {

constexpr std::uint32_t kUnits = 5;  // SP, FPU, SFU, branch, memory: core::UnitId order

}  // namespace

sc_core::sc_time clock_time_unit(const sc_core::sc_time& period) {
    auto ps = static_cast<std::uint64_t>(period.to_seconds() * 1e12 + 0.5);
    std::uint64_t unit = 1;
    while (ps != 0 && ps % (unit * 10) == 0 && unit < 100'000'000'000ull) unit *= 10;
    return sc_core::sc_time(double(unit), sc_core::SC_PS);
}

SignalTracer::SignalTracer(sc_core::sc_module_name name, const SignalTracerConfig& config,
                           const timing::TimingModel& timing)
    : sc_core::sc_module(name),
      cfg_(config),
      timing_(timing),
      pc_("pc", std::size_t(config.num_sms) * config.warp_slots),
      mask_("mask", std::size_t(config.num_sms) * config.warp_slots),
      state_("state", std::size_t(config.num_sms) * config.warp_slots),
      unit_busy_("unit_busy", std::size_t(config.num_sms) * kUnits),
      gmem_busy_("gmem_busy", config.num_sms),
      warp_state_(std::size_t(config.num_sms) * config.warp_slots, WarpTraceState::Empty),
      warp_block_(std::size_t(config.num_sms) * config.warp_slots, 0),
      batch_blocks_(config.num_sms) {
    if (cfg_.num_sms == 0 || cfg_.warp_slots == 0)
        throw std::invalid_argument("SignalTracer: num_sms and warp_slots must be > 0");
    if (cfg_.trace_file != nullptr) {
        // In the platform's file, under our own scope, beside the platform's signals.
        tf_ = cfg_.trace_file;
        trace_signals(std::string(this->name()) + ".");
    } else {
        open_own_file();
        trace_signals("");
    }
    period_ = cfg_.clock_period.value();
    pending_.reserve(256);
    SC_HAS_PROCESS(SignalTracer);
    SC_METHOD(apply_due);
    sensitive << wake_;
    dont_initialize();
}

// The output is opened (and its path probed) now: SystemC would only report an unwritable
// file once the simulation runs. SystemC writes a scratch file of its own naming (it appends
// ".vcd") beside the target; close() renames it into place, or copies it into a device, so a
// device, a symlink or an unrelated PATH.vcd is never replaced.
void SignalTracer::open_own_file() {
    out_ = std::make_unique<io::OutputFile>(cfg_.vcd_path);
    const std::string scratch = out_->scratch_path(".vcd");
    const std::string base = scratch.substr(0, scratch.size() - 4);
    tf_ = sc_core::sc_create_vcd_trace_file(base.c_str());
    if (tf_ == nullptr) throw std::runtime_error(cfg_.vcd_path + ": cannot create the VCD trace file");
    const sc_core::sc_time unit =
        cfg_.time_unit == sc_core::SC_ZERO_TIME ? sc_core::sc_get_time_resolution() : cfg_.time_unit;
    // SystemC announces the timescale with an info report on stdout: keep stdout clean.
    using sc_core::sc_report_handler;
    const char* const kTimescaleInfo = "tracing timescale unit set";
    const sc_core::sc_actions before = sc_report_handler::set_actions(kTimescaleInfo, sc_core::SC_DO_NOTHING);
    tf_->set_time_unit(unit.to_seconds() * 1e15, sc_core::SC_FS);
    sc_report_handler::set_actions(kTimescaleInfo, before);
}

void SignalTracer::trace_signals(const std::string& prefix) {
    static const char* const kUnitNames[kUnits] = {"sp_busy", "fpu_busy", "sfu_busy", "branch_busy", "mem_busy"};
    for (std::uint32_t sm = 0; sm < cfg_.num_sms; ++sm) {
        const std::string s = prefix + "sm" + std::to_string(sm) + ".";
        for (std::uint32_t w = 0; w < cfg_.warp_slots; ++w) {
            const std::size_t i = std::size_t(sm) * cfg_.warp_slots + w;
            const std::string p = s + "warp" + std::to_string(w) + ".";
            sc_core::sc_trace(tf_, pc_[i], p + "pc");
            sc_core::sc_trace(tf_, mask_[i], p + "mask");
            sc_core::sc_trace(tf_, state_[i], p + "state");
        }
        for (std::uint32_t u = 0; u < kUnits; ++u)
            sc_core::sc_trace(tf_, unit_busy_[sm * kUnits + u], s + kUnitNames[u]);
        sc_core::sc_trace(tf_, gmem_busy_[sm], s + "gmem_busy");
    }
}

SignalTracer::~SignalTracer() {
    try {
        close();
    } catch (const std::exception& e) {  // destructors must not throw; close() explicitly to see errors
        SC_REPORT_WARNING("fgtlm/stats", e.what());
    }
}

void SignalTracer::close() {
    if (tf_ == nullptr) return;
    sc_core::sc_trace_file* tf = tf_;
    tf_ = nullptr;
    if (!out_) return;  // the platform's file: its owner closes it
    sc_core::sc_close_vcd_trace_file(tf);
    out_->commit_from_scratch();
}

void SignalTracer::on_kernel_begin(const core::LaunchConfig& launch) {
    warps_per_block_ = std::max<std::uint32_t>(1, (launch.threads_per_block() + 31) / 32);
    for (auto& b : batch_blocks_) b.clear();
    // Model cycle 0 is the GPU's kernel start, which is now (the GPU calls this when it starts
    // the SMs). Slots of the previous kernel become empty.
    base_ = sc_core::sc_time_stamp().value();
    for (std::uint32_t i = 0; i < warp_state_.size(); ++i) {
        if (warp_state_[i] == WarpTraceState::Empty) continue;
        warp_state_[i] = WarpTraceState::Empty;
        schedule(0, kState, i, 0);
    }
}

void SignalTracer::on_block_start(std::uint32_t sm, std::uint32_t block) {
    if (sm < cfg_.num_sms) batch_blocks_[sm].push_back(block);
}

// The first issue of a batch: every warp of the batch's blocks becomes active when the timing
// model lets it start. The core numbers the slots block by block (slot = k * warps_per_block
// + warp for the k-th block of the batch); the model starts them all once the batch is
// dispatched (the RTL's warp generator finishes before the scheduler starts). At this point SystemC time is still at
// or before the dispatch, so these changes are not late.
void SignalTracer::start_batch(std::uint32_t sm, std::uint64_t first_ready) {
    const auto& blocks = batch_blocks_[sm];
    for (std::uint32_t k = 0; k < blocks.size(); ++k) {
        for (std::uint32_t wi = 0; wi < warps_per_block_; ++wi) {
            const std::uint32_t slot = k * warps_per_block_ + wi;
            if (slot >= cfg_.warp_slots) break;
            const std::uint32_t w = sm * cfg_.warp_slots + slot;
            warp_block_[w] = blocks[k];
            warp_state_[w] = WarpTraceState::Active;
            schedule(first_ready, kState, w, std::uint32_t(WarpTraceState::Active));
        }
    }
    batch_blocks_[sm].clear();
}

void SignalTracer::on_issue(const core::IssueRecord& rec) {
    if (rec.sm >= cfg_.num_sms || rec.warp_slot >= cfg_.warp_slots) {
        ++dropped_;
        return;
    }
    const timing::InstrTiming& t = timing_.last();
    if (!batch_blocks_[rec.sm].empty()) start_batch(rec.sm, t.ready);
    const std::uint32_t w = rec.sm * cfg_.warp_slots + rec.warp_slot;
    WarpTraceState& st = warp_state_[w];
    if (st == WarpTraceState::Barrier) {
        // The barrier released the whole block at this warp's ready cycle: every slot of the
        // block still waiting becomes active then (they issue later, one after the other).
        const std::uint32_t first = rec.sm * cfg_.warp_slots;
        for (std::uint32_t s = first; s < first + cfg_.warp_slots; ++s) {
            if (warp_state_[s] != WarpTraceState::Barrier || warp_block_[s] != warp_block_[w]) continue;
            warp_state_[s] = WarpTraceState::Active;
            schedule(t.ready, kState, s, std::uint32_t(WarpTraceState::Active));
        }
    } else if (st != WarpTraceState::Active) {
        // Records without a block start (simple drivers): active from the cycle it could issue.
        warp_block_[w] = rec.block;
        schedule(t.ready, kState, w, std::uint32_t(WarpTraceState::Active));
    }
    schedule(t.issue, kPc, w, rec.pc & 0xffffu);
    schedule(t.issue, kMask, w, rec.active_mask);
    const auto unit = std::uint32_t(rec.unit);
    if (unit < kUnits) {
        const std::size_t exec = std::size_t(timing::PipeStage::Execute);
        schedule(t.start[exec], Kind(kSpBusy + unit), rec.sm, 1);
        schedule(t.end[exec], Kind(kSpBusy + unit), rec.sm, 0);
    }
    if (t.mem_end != 0) {
        schedule(t.mem_start, kGmemBusy, rec.sm, 1);
        schedule(t.mem_end, kGmemBusy, rec.sm, 0);
    }
    st = rec.warp_done ? WarpTraceState::Done : rec.barrier ? WarpTraceState::Barrier : WarpTraceState::Active;
    if (st != WarpTraceState::Active) schedule(t.complete, kState, w, std::uint32_t(st));
}

void SignalTracer::schedule(std::uint64_t cycle, Kind kind, std::uint32_t index, std::uint32_t value) {
    const std::uint64_t now = sc_core::sc_time_stamp().value();
    std::uint64_t when = base_ + cycle * period_;
    if (when < now) {
        ++late_;
        when = now;
    }
    pending_.push_back({when, seq_++, kind * kKindStride + index, value});
    // Min-heap on (time, seq): std heap functions build a max-heap, so compare "greater".
    std::push_heap(pending_.begin(), pending_.end(),
                   [](const Change& a, const Change& b) { return a.time != b.time ? a.time > b.time : a.seq > b.seq; });
    max_pending_ = std::max(max_pending_, pending_.size());
    if (when < next_wake_) {
        next_wake_ = when;
        wake_.notify(sc_core::sc_time::from_value(when - now));  // replaces a later pending notification
    }
}

void SignalTracer::apply_due() {
    const std::uint64_t now = sc_core::sc_time_stamp().value();
    const auto later = [](const Change& a, const Change& b) {
        return a.time != b.time ? a.time > b.time : a.seq > b.seq;
    };
    // In (time, seq) order, so of two writes to one signal in this delta the later one wins.
    while (!pending_.empty() && pending_.front().time <= now) {
        std::pop_heap(pending_.begin(), pending_.end(), later);
        write(pending_.back().signal, pending_.back().value);
        pending_.pop_back();
        flushed_ = false;
    }
    next_wake_ = ~0ull;
    if (!pending_.empty()) {
        next_wake_ = pending_.front().time;
        wake_.notify(sc_core::sc_time::from_value(next_wake_ - now));
    } else if (!flushed_) {
        // SystemC records a time step's values when time advances past it: if these were the
        // last changes (end of a kernel), one more step, a cycle later, gets them recorded.
        flushed_ = true;
        next_wake_ = now + period_;
        wake_.notify(cfg_.clock_period);
    }
}

void SignalTracer::write(std::uint32_t signal, std::uint32_t value) {
    const std::uint32_t index = signal % kKindStride;
    switch (Kind(signal / kKindStride)) {
        case kPc: pc_[index].write(value); break;
        case kMask: mask_[index].write(value); break;
        case kState: state_[index].write(value); break;
        case kGmemBusy: gmem_busy_[index].write(value != 0); break;
        default: unit_busy_[index * kUnits + (signal / kKindStride - kSpBusy)].write(value != 0); break;
    }
}

}  // namespace fgtlm::stats
