#include <fgtlm/stats/timeline_trace.hpp>

#include <fgtlm/isa/instruction.hpp>
#include <fgtlm/isa/disassembler.hpp>

namespace fgtlm::stats {
namespace {

constexpr std::uint32_t kTracksPerSm = 64;           // warp slots 0..62, memory track 63
constexpr std::uint32_t kMemoryTrack = kTracksPerSm - 1;

}  // namespace

TimelineTraceWriter::TimelineTraceWriter(const std::string& path, const timing::TimingModel& timing)
    : out_(path), timing_(timing) {
    out_.write(
        "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"fgtlm\",\"time_unit\":\"1 us = 1 SM "
        "cycle\"},\n\"traceEvents\":[\n");
}

TimelineTraceWriter::~TimelineTraceWriter() {
    try {
        close();
    } catch (...) {  // destructors must not throw; close() explicitly to see errors
    }
}

void TimelineTraceWriter::begin_event() {
    if (!first_) out_.write(",\n");
    first_ = false;
}

void TimelineTraceWriter::name_track(std::uint32_t sm, std::uint32_t tid, std::string_view name) {
    const std::size_t key = std::size_t(sm) * kTracksPerSm + tid;
    if (key >= named_.size()) named_.resize(key + kTracksPerSm, 0);
    if (named_[key] != 0) return;
    named_[key] = 1;
    begin_event();
    out_.print(R"({{"ph":"M","name":"process_name","pid":{},"args":{{"name":"SM {}"}}}})", sm, sm);
    begin_event();
    out_.print(R"({{"ph":"M","name":"thread_name","pid":{},"tid":{},"args":{{"name":"{}"}}}})", sm, tid, name);
    begin_event();
    out_.print(R"({{"ph":"M","name":"thread_sort_index","pid":{},"tid":{},"args":{{"sort_index":{}}}}})", sm, tid, tid);
}

void TimelineTraceWriter::on_block_start(std::uint32_t sm, std::uint32_t block) {
    begin_event();
    out_.print(R"({{"ph":"i","s":"p","name":"block {} start","pid":{},"tid":0,"ts":{}}})", block, sm,
               timing_.block_start_cycle(sm));
}

void TimelineTraceWriter::on_issue(const core::IssueRecord& rec) {
    const timing::InstrTiming& t = timing_.last();
    const std::uint32_t tid = rec.warp_slot < kMemoryTrack ? rec.warp_slot : kMemoryTrack - 1;
    if (std::size_t(rec.sm) * kTracksPerSm + tid >= named_.size() ||
        named_[std::size_t(rec.sm) * kTracksPerSm + tid] == 0) {
        name_track(rec.sm, tid, fmt::format("warp slot {}", rec.warp_slot));
    }
    const char* op = rec.inst != nullptr ? isa::opcode_name(rec.inst->op) : "?";
    if (t.barrier_wait != 0) {
        begin_event();
        out_.print(R"({{"ph":"X","cat":"barrier","name":"barrier wait","pid":{},"tid":{},"ts":{},"dur":{}}})", rec.sm,
                   tid, t.ready - t.barrier_wait, t.barrier_wait);
    }
    if (t.issue > t.ready) {
        // Find the dominant reason of the wait before issue.
        std::size_t best = 0;
        for (std::size_t r = 1; r < t.stall.size(); ++r)
            if (t.stall[r] > t.stall[best] && r != std::size_t(timing::StallReason::Barrier)) best = r;
        begin_event();
        out_.print(R"({{"ph":"X","cat":"stall","name":"wait: {}","pid":{},"tid":{},"ts":{},"dur":{}}})",
                   timing::to_string(timing::StallReason(best)), rec.sm, tid, t.ready, t.issue - t.ready);
    }
    begin_event();
    out_.print(
        R"({{"ph":"X","cat":"inst","name":"{}","pid":{},"tid":{},"ts":{},"dur":{},)"
        R"("args":{{"pc":"0x{:04x}","mask":"0x{:08x}","block":{},"warp":{},"exec":{}}}}})",
        op, rec.sm, tid, t.issue, t.complete - t.issue, rec.pc, rec.active_mask, rec.block, rec.warp, t.exec_busy);
    if (t.mem_end != 0) {
        const std::size_t key = std::size_t(rec.sm) * kTracksPerSm + kMemoryTrack;
        if (key >= named_.size() || named_[key] == 0) name_track(rec.sm, kMemoryTrack, "global memory");
        begin_event();
        out_.print(
            R"({{"ph":"X","cat":"memory","name":"{} {} B","pid":{},"tid":{},"ts":{},"dur":{},)"
            R"("args":{{"transactions":{},"warp_slot":{}}}}})",
            rec.mem.is_store ? "store" : "load", rec.mem.bytes, rec.sm, kMemoryTrack, t.mem_start,
            t.mem_end - t.mem_start, rec.mem.transactions, rec.warp_slot);
    }
}

void TimelineTraceWriter::close() {
    if (closed_) return;
    closed_ = true;
    out_.write("\n]}\n");
    out_.close();
}

}  // namespace fgtlm::stats
