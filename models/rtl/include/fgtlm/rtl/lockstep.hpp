// Lock-step: the TLM GPU and the RTL-derived GPU run the same launch side by side, and every
// instruction each one commits is compared as it happens; the first divergence stops both and
// is reported (warp, PC, what differs, both values, RTL cycle).
//
// What is compared. With C cores the RTL runs a warp instruction as 32/C warp-lane passes.
// Its execute stage hands the write stage, per pass, the destination and C lane results
// (pipeline_execute_done, dest_ew, temp_vector_register_ew); its write stage hands the warp
// unit the warp slot, the PC the warp continues at and the warp's mask (pipeline_write_done,
// warp_id_ww, next_pc_ww, current_mask_ww; the last pass is the instruction's commit). The
// TLM core reports each warp instruction with its destination values (core::IssueRecord +
// ExecutionObserver::on_commit). Per warp slot the k-th RTL instruction is matched with the
// k-th TLM instruction: the next PC (the PC of the TLM warp's next instruction) and the warp
// mask (both not for control-flow instructions: after them the RTL's warp unit takes PC and
// mask from its stack, next_pc_ww/current_mask_ww hold something else), and for full 32-bit
// register destinations the register
// number and the value of every thread that wrote it. Where a TLM warp ends at an end-marked
// instruction, the RTL (which ignores the marker) runs on to the next RET; those trailing
// RTL commits, up to its FINISHED one, are counted, not compared (the memory comparison at
// the end still sees any effect they have). Warps are scheduled differently by
// the two models, so streams are matched per warp slot, not globally. After both kernels,
// the global-memory windows are compared byte by byte.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include <systemc>

#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/isa/instruction.hpp>
#include <fgtlm/gpu/gpu_top.hpp>
#include <fgtlm/host/host_interface.hpp>
#include <fgtlm/host/kernel_control.hpp>
#include <fgtlm/rtl/rtl_engine.hpp>

namespace fgtlm::rtl {

// One warp instruction as both sides can describe it.
struct LockstepCommit {
    std::uint32_t slot = 0;        // warp slot within the SM
    std::uint32_t pc = 0;          // instruction PC (TLM side; the RTL does not carry it)
    std::uint32_t next_pc = 0;     // PC the warp continues at
    bool next_pc_known = true;     // false for the TLM warp's last instruction
    bool control_flow = false;     // TLM side: branch unit instruction (next PC and mask not compared)
    bool finished = false;         // RTL side: warp_state_ww = FINISHED (the warp's last commit)
    std::uint32_t mask = 0;        // warp active mask after the instruction
    std::uint64_t cycle = 0;       // RTL cycle (RTL side)
    bool has_value = false;        // a full 32-bit register destination
    std::uint32_t dest = 0;        // its register number
    std::uint32_t value_mask = 0;  // threads whose value is compared (TLM: active mask)
    std::uint32_t values[32] = {};
    const isa::Instruction* inst = nullptr;  // TLM side, for reports
};

// Pure matching logic (no SystemC), unit-testable.
class CommitComparator {
public:
    void reset();
    // Returns false once a divergence has been found (then divergence() describes it).
    bool push_tlm(const LockstepCommit& c);
    bool push_rtl(const LockstepCommit& c);
    [[nodiscard]] const std::optional<std::string>& divergence() const { return divergence_; }
    [[nodiscard]] std::uint64_t compared() const { return compared_; }
    // RTL commits after the TLM warp's end marker (see Slot::rtl_tail).
    [[nodiscard]] std::uint64_t rtl_tail_commits() const { return tail_; }
    // Instructions one side committed and the other did not (call after both finished).
    [[nodiscard]] std::optional<std::string> unmatched() const;

private:
    struct Slot {
        std::optional<LockstepCommit> tlm_pending;  // waits for the next PC
        std::deque<LockstepCommit> tlm, rtl;
        std::uint64_t index = 0;  // instructions compared in this slot
        // The TLM warp ended at an instruction the RTL did not end at (an end-marked
        // instruction: the RTL ignores the marker and runs on to the next RET): the RTL's
        // commits up to its FINISHED one are the warp's tail, not compared.
        bool rtl_tail = false;
    };
    Slot& slot(std::uint32_t s);
    bool drain(Slot& s);
    std::vector<Slot> slots_;
    std::optional<std::string> divergence_;
    std::uint64_t compared_ = 0;
    std::uint64_t tail_ = 0;
};

class LockstepGpu : public sc_core::sc_module, public host::KernelControl, public core::ExecutionObserver {
public:
    RtlEngine rtl;
    host::HostInterface regs;

    SC_HAS_PROCESS(LockstepGpu);
    // `tlm` is a TLM GPU whose global socket is bound to the same memory as rtl.global_socket.
    LockstepGpu(sc_core::sc_module_name name, gpu::GpuTop& tlm, const RtlEngineConfig& config = {},
                sc_core::sc_time register_delay = sc_core::sc_time(10, sc_core::SC_NS));

    // host::KernelControl
    void start(const core::LaunchConfig& config, std::uint32_t code_bytes) override;
    void abort() override;
    void reset() override {}
    [[nodiscard]] bool busy() const override { return busy_; }
    [[nodiscard]] const core::KernelResult& result() const override { return result_; }
    [[nodiscard]] const sc_core::sc_event& done_event() const override { return done_; }

    // core::ExecutionObserver (the TLM side)
    void on_commit(const core::IssueRecord& rec, const std::uint32_t* dst_values) override;

    [[nodiscard]] const CommitComparator& comparator() const { return cmp_; }
    // Empty when the last launch agreed; else the first divergence.
    [[nodiscard]] const std::string& last_report() const { return report_; }
    [[nodiscard]] const core::KernelResult& tlm_result() const { return tlm_result_; }

private:
    void run();  // SC_THREAD: waits for both kernels, compares memory, reports
    bool on_rtl_commit(const RtlCommit& c);
    void on_rtl_result(const RtlResult& r);
    std::optional<std::string> compare_memory();

    gpu::GpuTop& tlm_;
    CommitComparator cmp_;
    std::vector<LockstepCommit> rtl_building_;  // per warp slot: passes of the instruction in flight
    std::vector<std::uint8_t> platform_window_;
    core::KernelResult result_, tlm_result_;
    std::string report_;
    bool busy_ = false;
    bool stopped_ = false;
    bool start_pending_ = false;
    sc_core::sc_event start_, done_;
};

}  // namespace fgtlm::rtl
