#include <fgtlm/rtl/rtl_engine.hpp>

#include <chrono>
#include <sstream>
#include <stdexcept>

#include <fgtlm/memory/debug_transport.hpp>

namespace fgtlm::rtl {

namespace {
constexpr std::uint32_t kWindowMask = kGlobalBytes - 1;

std::string hex(std::uint64_t v) {
    std::ostringstream s;
    s << "0x" << std::hex << v;
    return s.str();
}
}  // namespace

RtlEngine::RtlEngine(sc_core::sc_module_name name, const RtlEngineConfig& config)
    : sc_module(name),
      global_socket("global_socket"),
      config_(config),
      backend_(std::make_unique<RtlBackend>(config.backend)) {
    if (config_.quantum_cycles == 0) config_.quantum_cycles = 1;
    if (!config_.commit_trace.empty()) {
        if (!backend_->can_trace())
            throw std::invalid_argument(std::string(sc_module::name()) +
                                        ": an RTL commit trace needs the ghdl back end (the " +
                                        backend_name(backend_->kind()) + " one does not expose the fetch stage)");
        commit_trace_.open(config_.commit_trace);
        if (!commit_trace_) throw std::runtime_error(config_.commit_trace + ": cannot write the RTL commit trace");
        backend_->trace_commits(&commit_trace_);
    }
    SC_THREAD(run);
}

RtlEngine::~RtlEngine() = default;

void RtlEngine::start(const core::LaunchConfig& config, std::uint32_t code_bytes) {
    launch_ = config;
    code_bytes_ = code_bytes;
    busy_ = true;
    abort_requested_ = false;
    result_ = {};
    // The window is copied now, before anything else (e.g. a lock-step TLM GPU) runs.
    launch_ok_ = copy_in(config, code_bytes);
    start_pending_ = true;
    start_.notify(sc_core::SC_ZERO_TIME);
}

void RtlEngine::fail(core::KernelErrorKind kind, const std::string& why, std::uint64_t address) {
    result_.error.kind = kind;
    result_.error.address = address;
    result_.error.message = why;
    SC_REPORT_WARNING(name(), why.c_str());
}

void RtlEngine::warn_about_pointers(const core::LaunchConfig& config) const {
    for (std::size_t i = 0; i < config.params.size(); ++i) {
        const std::uint32_t p = config.params[i];
        if (p >= kGlobalBytes && (p & ~kWindowMask) != window_base_) {
            std::ostringstream s;
            s << "parameter " << i << " (" << hex(p) << ") lies outside the RTL's 256 KiB global-memory window ["
              << hex(window_base_) << ", " << hex(window_base_ + kGlobalBytes)
              << "); if it is a pointer the RTL accesses " << hex(window_base_ + (p & kWindowMask)) << " instead";
            SC_REPORT_WARNING(name(), s.str().c_str());
        }
    }
}

// Copies the window and the code in; false (with result_ set) when they are unreadable.
bool RtlEngine::copy_in(const core::LaunchConfig& config, std::uint32_t code_bytes) {
    if (code_bytes == 0 || code_bytes % 4 != 0 || code_bytes / 4 > kSysmemWords) {
        fail(core::KernelErrorKind::InvalidLaunch,
             "code size " + std::to_string(code_bytes) + " bytes: must be a non-zero multiple of 4 up to " +
                 std::to_string(kSysmemWords * 4),
             config.code_base);
        return false;
    }
    window_base_ = config_.window_base ? *config_.window_base & ~kWindowMask : config.code_base & ~kWindowMask;
    snapshot_.assign(kGlobalBytes, 0);
    // A window running past the end of memory reads short: zeros.
    memory::debug_read(global_socket, window_base_, snapshot_.data(), kGlobalBytes);
    std::vector<std::uint32_t> code(code_bytes / 4);
    if (memory::debug_read(global_socket, config.code_base, code.data(), code_bytes) != code_bytes) {
        fail(core::KernelErrorKind::InvalidLaunch,
             "code at " + hex(config.code_base) + " (+" + hex(code_bytes) + ") is not readable memory",
             config.code_base);
        return false;
    }
    warn_about_pointers(config);
    backend_->reset();
    backend_->load_program(code);
    backend_->write_global(0, snapshot_);
    return true;
}

// Writes back the bytes the kernel changed (unchanged bytes stay as the platform has them).
void RtlEngine::write_back() {
    if (after_.size() != kGlobalBytes || snapshot_.size() != kGlobalBytes) return;  // no kernel ran
    for (std::uint32_t a = 0; a < kGlobalBytes;) {
        if (after_[a] == snapshot_[a]) {
            ++a;
            continue;
        }
        std::uint32_t end = a;
        while (end < kGlobalBytes && after_[end] != snapshot_[end]) ++end;
        memory::debug_write(global_socket, window_base_ + a, after_.data() + a, end - a);
        a = end;
    }
}

void RtlEngine::run() {
    for (;;) {
        while (!start_pending_) sc_core::wait(start_);
        start_pending_ = false;
        after_.clear();
        if (launch_ok_) {
            backend_->configure(launch_);
            backend_->start();
            const auto t0 = std::chrono::steady_clock::now();
            bool done = false;
            while (!done) {
                std::uint32_t n = 0;
                for (; n < config_.quantum_cycles && !done; ++n) {
                    done = backend_->step();
                    if (backend_->has_result() && result_hook_) result_hook_(backend_->last_result());
                    if (backend_->committed() && hook_ && !hook_(backend_->last_commit())) abort_requested_ = true;
                }
                sc_core::wait(config_.clock_period * double(n));
                if (done) break;
                if (abort_requested_) {
                    fail(core::KernelErrorKind::Aborted, "kernel aborted", 0);
                    break;
                }
                if (config_.max_cycles != 0 && backend_->kernel_cycles() >= config_.max_cycles) {
                    fail(core::KernelErrorKind::Watchdog,
                         "RTL kernel still running after " + std::to_string(backend_->kernel_cycles()) + " cycles", 0);
                    break;
                }
            }
            result_.sim_wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            result_.cycles = backend_->kernel_cycles();
            if (commit_trace_.is_open()) commit_trace_.flush();
            result_.warp_instructions = backend_->commit_count();
            result_.thread_instructions = backend_->thread_commit_count();
            after_.resize(kGlobalBytes);
            backend_->read_global(0, after_);
            if (!defer_write_back_) write_back();
        }
        busy_ = false;
        done_.notify(sc_core::SC_ZERO_TIME);
    }
}

}  // namespace fgtlm::rtl
