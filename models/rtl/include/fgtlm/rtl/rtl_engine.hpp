// RtlEngine: runs kernels on the RTL-derived FlexGripPlus (RtlBackend) inside a SystemC
// simulation, behind the same host::KernelControl seam as the TLM GPU, so a
// host::HostInterface (the register map) drives either one.
//
// Memory coherence: the RTL has its own 256 KiB global memory (18-bit byte addresses; kernel
// addresses are truncated to their low 18 bits by the hardware). At START the engine copies
// a 256 KiB window of the platform's memory (by default the one that contains CODE_BASE,
// base = CODE_BASE & ~0x3FFFF; RtlEngineConfig::window_base overrides) into the RTL through the initiator socket, and
// the code into the RTL's instruction memory; when the kernel is done it writes back every byte the kernel changed.
// Kernel pointers must therefore lie in that window (a parameter that looks like an address outside it is reported).
// The RTL clock is the SystemC time: each `quantum` cycles the engine waits quantum x clock_period.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <fgtlm/core/launch.hpp>
#include <fgtlm/host/kernel_control.hpp>
#include <fgtlm/rtl/rtl_backend.hpp>

namespace fgtlm::rtl {

struct RtlEngineConfig {
    sc_core::sc_time clock_period = sc_core::sc_time(10, sc_core::SC_NS);
    std::uint32_t quantum_cycles = 1000;    // RTL cycles between SystemC waits
    std::uint64_t max_cycles = 20'000'000;  // watchdog (0 = off)
    // Bus address of the RTL's 256 KiB global memory; unset = the window holding CODE_BASE.
    std::optional<std::uint32_t> window_base;
    RtlBackendOptions backend;  // verilator (default) or ghdl
    // The RTL's commit trace of every kernel (traces/commit-trace.md) into this file; needs
    // the ghdl back end. Empty = none.
    std::string commit_trace;
};

class RtlEngine : public sc_core::sc_module, public host::KernelControl {
public:
    tlm_utils::simple_initiator_socket<RtlEngine> global_socket;

    SC_HAS_PROCESS(RtlEngine);
    RtlEngine(sc_core::sc_module_name name, const RtlEngineConfig& config = {});
    ~RtlEngine() override;

    // host::KernelControl
    void start(const core::LaunchConfig& config, std::uint32_t code_bytes) override;
    void abort() override { abort_requested_ = true; }
    void reset() override {}
    [[nodiscard]] bool busy() const override { return busy_; }
    [[nodiscard]] const core::KernelResult& result() const override { return result_; }
    [[nodiscard]] const sc_core::sc_event& done_event() const override { return done_; }

    // Called for every instruction the RTL commits (pipeline_write_done) while a kernel
    // runs, e.g. by the lock-step checker; returning false stops the kernel (Aborted).
    using CommitHook = std::function<bool(const RtlCommit&)>;
    void set_commit_hook(CommitHook hook) { hook_ = std::move(hook); }
    // Called for every execute-stage result pass (turns the result monitor on).
    using ResultHook = std::function<void(const RtlResult&)>;
    void set_result_hook(ResultHook hook) {
        result_hook_ = std::move(hook);
        backend_->capture_results(bool(result_hook_));
    }
    [[nodiscard]] RtlBackend& backend() { return *backend_; }
    [[nodiscard]] std::uint32_t window_base() const { return window_base_; }
    // Lock-step: keep the RTL's results until write_back() (so they can be compared first).
    void set_defer_write_back(bool on) { defer_write_back_ = on; }
    void write_back();
    // The RTL's global memory after the last kernel, and the window's bus address.
    [[nodiscard]] const std::vector<std::uint8_t>& rtl_window() const { return after_; }

private:
    void run();  // SC_THREAD: one launch per start()
    bool copy_in(const core::LaunchConfig& config, std::uint32_t code_bytes);
    void fail(core::KernelErrorKind kind, const std::string& why, std::uint64_t address);
    void warn_about_pointers(const core::LaunchConfig& config) const;

    RtlEngineConfig config_;
    std::unique_ptr<RtlBackend> backend_;
    std::ofstream commit_trace_;
    core::LaunchConfig launch_;
    std::uint32_t code_bytes_ = 0;
    std::uint32_t window_base_ = 0;
    std::vector<std::uint8_t> snapshot_;  // the window as copied in
    std::vector<std::uint8_t> after_;     // the RTL's memory after the kernel
    bool busy_ = false;
    bool launch_ok_ = false;
    bool start_pending_ = false;  // start() seen, run() not yet begun it (start_ may precede the thread)
    bool defer_write_back_ = false;
    bool abort_requested_ = false;
    core::KernelResult result_;
    CommitHook hook_;
    ResultHook result_hook_;
    sc_core::sc_event start_, done_;
};

}  // namespace fgtlm::rtl
