#include <fgtlm/rtl/lockstep.hpp>

#include <fmt/format.h>

#include <fgtlm/isa/disassembler.hpp>
#include <fgtlm/memory/debug_transport.hpp>

namespace fgtlm::rtl {

// ---- CommitComparator ---------------------------------------------------------------------

void CommitComparator::reset() {
    slots_.clear();
    divergence_.reset();
    compared_ = tail_ = 0;
}

CommitComparator::Slot& CommitComparator::slot(std::uint32_t s) {
    if (s >= slots_.size()) slots_.resize(s + 1);
    return slots_[s];
}

bool CommitComparator::push_tlm(const LockstepCommit& c) {
    if (divergence_) return false;
    Slot& s = slot(c.slot);
    // The TLM record's next PC is the PC of the warp's next instruction: complete the
    // pending one now. A warp's last instruction has none (next_pc_known = false).
    if (s.tlm_pending) {
        LockstepCommit done = *s.tlm_pending;
        done.next_pc = c.pc;
        s.tlm.push_back(done);
        s.tlm_pending.reset();
    }
    if (c.next_pc_known)
        s.tlm_pending = c;
    else
        s.tlm.push_back(c);
    return drain(s);
}

bool CommitComparator::push_rtl(const LockstepCommit& c) {
    if (divergence_) return false;
    Slot& s = slot(c.slot);
    s.rtl.push_back(c);
    return drain(s);
}

bool CommitComparator::drain(Slot& s) {
    while (!s.rtl.empty() && s.rtl_tail) {  // the RTL warp's commits past the TLM warp's end
        s.rtl_tail = !s.rtl.front().finished;
        s.rtl.pop_front();
        ++tail_;
    }
    while (!s.tlm.empty() && !s.rtl.empty()) {
        const LockstepCommit t = s.tlm.front(), r = s.rtl.front();
        s.tlm.pop_front();
        s.rtl.pop_front();
        const auto where = [&] {
            return fmt::format("warp slot {}, instruction #{} of the slot, PC 0x{:04x} ({}), RTL cycle {}", t.slot,
                               s.index, t.pc, t.inst ? isa::disassemble(*t.inst) : std::string("?"), r.cycle);
        };
        if (t.next_pc_known && !t.control_flow && t.next_pc != r.next_pc) {
            divergence_ = fmt::format("{}: next PC: TLM 0x{:04x}, RTL 0x{:04x}", where(), t.next_pc, r.next_pc);
            return false;
        }
        if (!t.control_flow && t.mask != r.mask) {
            divergence_ = fmt::format("{}: warp mask: TLM 0x{:08x}, RTL 0x{:08x}", where(), t.mask, r.mask);
            return false;
        }
        if (t.has_value && r.has_value) {
            if (t.dest != r.dest) {
                divergence_ = fmt::format("{}: destination: TLM R{}, RTL R{}", where(), t.dest, r.dest);
                return false;
            }
            for (std::uint32_t lane = 0; lane < 32; ++lane) {
                if (((t.value_mask >> lane) & 1u) && t.values[lane] != r.values[lane]) {
                    divergence_ = fmt::format("{}: R{} of thread {}: TLM 0x{:08x}, RTL 0x{:08x}", where(), t.dest, lane,
                                              t.values[lane], r.values[lane]);
                    return false;
                }
            }
        }
        ++s.index;
        ++compared_;
        if (!t.next_pc_known && !r.finished) {  // TLM warp done, RTL warp not: skip its tail
            s.rtl_tail = true;
            while (!s.rtl.empty() && s.rtl_tail) {
                s.rtl_tail = !s.rtl.front().finished;
                s.rtl.pop_front();
                ++tail_;
            }
        }
    }
    return true;
}

std::optional<std::string> CommitComparator::unmatched() const {
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        const std::size_t tlm = s.tlm.size() + (s.tlm_pending ? 1 : 0);
        if (tlm != s.rtl.size() || s.rtl_tail)
            return fmt::format(
                "warp slot {}: after {} matching instructions the TLM GPU committed {} more, the RTL {} more", i,
                s.index, tlm, s.rtl.size());
    }
    return std::nullopt;
}

// ---- LockstepGpu --------------------------------------------------------------------------

LockstepGpu::LockstepGpu(sc_core::sc_module_name name, gpu::GpuTop& tlm, const RtlEngineConfig& config,
                         sc_core::sc_time register_delay)
    : sc_module(name), rtl("rtl", config), regs("regs", *this, register_delay), tlm_(tlm) {
    rtl.set_defer_write_back(true);
    rtl.set_commit_hook([this](const RtlCommit& c) { return on_rtl_commit(c); });
    rtl.set_result_hook([this](const RtlResult& r) { on_rtl_result(r); });
    tlm_.add_observer(this);
    SC_THREAD(run);
}

void LockstepGpu::on_commit(const core::IssueRecord& rec, const std::uint32_t* dst_values) {
    if (!busy_ || stopped_) return;
    LockstepCommit c;
    c.slot = rec.warp_slot;
    c.pc = rec.pc;
    c.inst = rec.inst;
    c.next_pc_known = !rec.warp_done;
    c.control_flow = rec.unit == core::UnitId::Branch;
    c.mask = rec.issue_mask;
    c.has_value = dst_values != nullptr && rec.dst_reg != 0xff && rec.inst != nullptr &&
                  rec.inst->dst.kind == isa::OperandKind::Reg;
    if (c.has_value) {
        c.dest = rec.dst_reg;
        c.value_mask = rec.active_mask;
        std::copy_n(dst_values, 32, c.values);
    }
    if (!cmp_.push_tlm(c) && !stopped_) {
        stopped_ = true;
        tlm_.abort();
        rtl.abort();
    }
}

// Collects an instruction's execute-stage passes: thread = pass * cores + core.
void LockstepGpu::on_rtl_result(const RtlResult& r) {
    if (r.warp >= rtl_building_.size()) rtl_building_.resize(r.warp + 1);
    LockstepCommit& c = rtl_building_[r.warp];
    const std::uint32_t cores = rtl.backend().cores();
    if (r.lane_pass == 0) c = LockstepCommit{};
    c.has_value = r.dest_mem_type == 0;  // REG
    c.dest = r.dest;
    c.value_mask |= r.instr_mask;
    for (std::uint32_t core = 0; core < cores; ++core) c.values[r.lane_pass * cores + core] = r.values[core];
}

bool LockstepGpu::on_rtl_commit(const RtlCommit& r) {
    if (stopped_) return false;
    if (r.lane_pass != 32 / rtl.backend().cores() - 1) return true;  // the last pass commits the instruction
    LockstepCommit c;
    if (r.warp < rtl_building_.size()) c = rtl_building_[r.warp];
    c.slot = r.warp;
    c.next_pc = r.next_pc;
    c.mask = r.mask;
    c.cycle = r.cycle;
    c.finished = r.warp_state == 3;  // FINISHED
    if (!cmp_.push_rtl(c)) {
        stopped_ = true;
        tlm_.abort();
        return false;
    }
    return true;
}

void LockstepGpu::start(const core::LaunchConfig& config, std::uint32_t code_bytes) {
    cmp_.reset();
    rtl_building_.clear();
    report_.clear();
    stopped_ = false;
    busy_ = true;
    rtl.start(config, code_bytes);  // copies the memory window first
    // The TLM GPU as GpuDevice starts it: code copied from CODE_BASE to instruction memory 0.
    // Code that cannot be loaded is the RTL engine's launch error (it checks it first).
    tlm_.load_code_from_global(config.code_base, code_bytes);
    core::LaunchConfig local = config;
    local.code_base = 0;
    tlm_.start(local);
    start_pending_ = true;
    start_.notify(sc_core::SC_ZERO_TIME);
}

void LockstepGpu::abort() {
    tlm_.abort();
    rtl.abort();
}

std::optional<std::string> LockstepGpu::compare_memory() {
    const std::vector<std::uint8_t>& r = rtl.rtl_window();
    platform_window_.assign(r.size(), 0);
    memory::debug_read(rtl.global_socket, rtl.window_base(), platform_window_.data(), unsigned(r.size()));
    for (std::size_t a = 0; a < r.size(); ++a)
        if (r[a] != platform_window_[a])
            return fmt::format("global memory at 0x{:08x}: TLM 0x{:02x}, RTL 0x{:02x}", rtl.window_base() + a,
                               platform_window_[a], r[a]);
    return std::nullopt;
}

void LockstepGpu::run() {
    for (;;) {
        while (!start_pending_) sc_core::wait(start_);
        start_pending_ = false;
        while (tlm_.busy() || rtl.busy()) {
            if (tlm_.busy() && rtl.busy())
                sc_core::wait(tlm_.done_event() | rtl.done_event());
            else if (tlm_.busy())
                sc_core::wait(tlm_.done_event());
            else
                sc_core::wait(rtl.done_event());
        }
        tlm_result_ = tlm_.result();
        result_ = rtl.result();  // the RTL's cycles are the lock-step run's cycles
        if (cmp_.divergence())
            report_ = "lock-step divergence: " + *cmp_.divergence();
        else if (!tlm_result_.error.ok() || !result_.error.ok())
            report_ = fmt::format("lock-step: kernel error: TLM: {}; RTL: {}",
                                  tlm_result_.error.ok() ? "none" : tlm_result_.error.describe(),
                                  result_.error.ok() ? "none" : result_.error.describe());
        else if (auto u = cmp_.unmatched())
            report_ = "lock-step divergence: " + *u;
        else if (auto m = compare_memory())
            report_ = "lock-step divergence: " + *m;
        if (!report_.empty()) {
            SC_REPORT_WARNING(name(), report_.c_str());
            result_.error.kind = core::KernelErrorKind::Aborted;
            result_.error.message = report_;
        }
        rtl.write_back();
        busy_ = false;
        done_.notify(sc_core::SC_ZERO_TIME);
    }
}

}  // namespace fgtlm::rtl
