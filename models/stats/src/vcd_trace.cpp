#include "fgtlm/stats/vcd_trace.hpp"

#include "fgtlm/stats/buffered_file.hpp"

#include <algorithm>

namespace fgtlm::stats {
namespace {

// Signal kinds: per warp slot (pc, mask) and per SM (units, memory).
enum Kind : std::uint32_t { kPc, kMask, kExecSp, kExecFpu, kExecSfu, kExecBranch, kExecMem, kGmem, kNumKinds };
constexpr std::uint32_t kMaxSlots = 64;
const char* kKindNames[kNumKinds] = {"pc", "mask", "exec_sp", "exec_fpu", "exec_sfu", "exec_branch", "exec_mem", "gmem_busy"};

// VCD identifier codes: printable characters 33..126, base 94.
std::string vcd_id(std::uint32_t n) {
    std::string id;
    do {
        id.push_back(char(33 + n % 94));
        n /= 94;
    } while (n != 0);
    return id;
}

}  // namespace

VcdTraceWriter::VcdTraceWriter(std::string path, const timing::TimingModel& timing)
    : path_(std::move(path)), timing_(timing) {
    // Open early so a bad path is reported before the simulation runs.
    BufferedFile probe(path_);
    probe.close();
    events_.reserve(1 << 16);
}

VcdTraceWriter::~VcdTraceWriter() {
    try {
        close();
    } catch (...) {  // close() explicitly to see errors
    }
}

std::uint32_t VcdTraceWriter::signal_id(std::uint32_t sm, std::uint32_t kind, std::uint32_t slot) {
    const std::size_t key = (std::size_t(sm) * kNumKinds + kind) * kMaxSlots + slot;
    if (key >= index_.size()) index_.resize(key + kNumKinds * kMaxSlots, 0);
    if (index_[key] == 0) {
        std::string name = "sm" + std::to_string(sm) + ".";
        if (kind == kPc || kind == kMask) name += "warp" + std::to_string(slot) + ".";
        name += kKindNames[kind];
        signals_.push_back({std::move(name), std::uint8_t(kind == kPc ? 16 : kind == kMask ? 32 : 1)});
        index_[key] = std::uint32_t(signals_.size());
    }
    return index_[key] - 1;
}

void VcdTraceWriter::on_issue(const core::IssueRecord& rec) {
    const timing::InstrTiming& t = timing_.last();
    const std::uint32_t slot = std::min(rec.warp_slot, kMaxSlots - 1);
    events_.push_back({t.issue, signal_id(rec.sm, kPc, slot), rec.pc & 0xffffu});
    events_.push_back({t.issue, signal_id(rec.sm, kMask, slot), rec.active_mask});
    std::uint32_t unit = kExecSp;
    switch (rec.unit) {
        case core::ExecUnit::FPU: unit = kExecFpu; break;
        case core::ExecUnit::SFU: unit = kExecSfu; break;
        case core::ExecUnit::Branch: unit = kExecBranch; break;
        case core::ExecUnit::Memory: unit = kExecMem; break;
        default: break;
    }
    const std::size_t exec = std::size_t(timing::Stage::Execute);
    const std::uint32_t id = signal_id(rec.sm, unit, 0);
    events_.push_back({t.start[exec], id, 1});
    events_.push_back({t.end[exec], id, 0});
    if (t.mem_end != 0) {
        const std::uint32_t g = signal_id(rec.sm, kGmem, 0);
        events_.push_back({t.mem_start, g, 1});
        events_.push_back({t.mem_end, g, 0});
    }
}

void VcdTraceWriter::close() {
    if (closed_) return;
    closed_ = true;
    // Stable: a unit that goes idle and busy again in the same cycle ends busy.
    std::stable_sort(events_.begin(), events_.end(), [](const Event& a, const Event& b) { return a.time < b.time; });
    std::vector<std::string> ids(signals_.size());
    for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = vcd_id(std::uint32_t(i));
    BufferedFile out(path_);
    out.write("$date fgtlm $end\n$version fgtlm timing model $end\n$timescale 1 ns $end\n");
    out.write("$comment 1 time unit = 1 SM cycle $end\n$scope module gpu $end\n");
    for (std::size_t i = 0; i < signals_.size(); ++i) {
        out.print("$var wire {} {} {} $end\n", signals_[i].width, ids[i], signals_[i].name);
    }
    out.write("$upscope $end\n$enddefinitions $end\n$dumpvars\n");
    for (std::size_t i = 0; i < signals_.size(); ++i) {
        if (signals_[i].width == 1) out.print("0{}\n", ids[i]);
        else out.print("b0 {}\n", ids[i]);
    }
    out.write("$end\n");
    std::uint64_t now = ~0ull;
    for (const Event& e : events_) {
        if (e.time != now) {
            out.print("#{}\n", e.time);
            now = e.time;
        }
        if (signals_[e.signal].width == 1) out.print("{}{}\n", e.value & 1u, ids[e.signal]);
        else out.print("b{:b} {}\n", e.value, ids[e.signal]);
    }
    out.close();
    events_.clear();
    events_.shrink_to_fit();
}

}  // namespace fgtlm::stats
