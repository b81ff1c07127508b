#include <fgtlm/gpu/gpu_top.hpp>

#include <algorithm>
#include <sstream>
#include <string>

#include <fgtlm/memory/debug_transport.hpp>

#include "host_threads.hpp"

namespace fgtlm::gpu {

GpuTop::GpuTop(sc_core::sc_module_name name, const GpuConfig& cfg)
    : sc_core::sc_module(name),
      global_fanin_("global_fanin"),
      imem("imem", cfg.imem_bytes),
      global_socket(global_fanin_.out),
      irq("irq"),
      cfg_(cfg),
      imem_fanin_("imem_fanin"),
      const_mem_(cfg.const_bytes, 0) {
    if (cfg_.num_sms == 0) cfg_.num_sms = 1;
    if (cfg_.quantum == sc_core::SC_ZERO_TIME) cfg_.quantum = sc_core::sc_time(100, sc_core::SC_US);
    imem_fanin_.out.bind(imem.socket);
    for (std::uint32_t i = 0; i < cfg_.num_sms; ++i) {
        sm::SmConfig sc = cfg_.sm;
        sc.core.sm_id = i;
        sc.imem_window = cfg_.imem_bytes;
        sc.quantum = cfg_.quantum;
        sms_.push_back(std::make_unique<sm::Sm>(("sm" + std::to_string(i)).c_str(), sc));
        sms_.back()->global_socket.bind(global_fanin_.in);
        sms_.back()->imem_socket.bind(imem_fanin_.in);
        any_batch_done_ |= sms_.back()->batch_done_event();
    }
    control_.max_instructions = cfg_.max_instructions;
    control_.max_cycles = cfg_.max_cycles;
    if ((cfg_.host_threads > 1 || cfg_.speculate_at_once) && cfg_.num_sms > 1) {
        std::vector<sm::Sm*> sms;
        for (auto& s : sms_) sms.push_back(s.get());
        const unsigned threads = cfg_.speculate_at_once ? 1u : cfg_.host_threads;
        host_threads_ = std::make_unique<HostThreads>(threads, std::move(sms));
    }
    SC_HAS_PROCESS(GpuTop);
    SC_THREAD(scheduler);
}

GpuTop::~GpuTop() = default;

void GpuTop::load_program(std::span<const std::uint32_t> words, std::uint32_t code_base) {
    if (std::uint64_t(code_base) + 4 * words.size() > imem.size()) {
        SC_REPORT_ERROR("fgtlm/gpu",
                        ("program of " + std::to_string(4 * words.size()) +
                         " bytes does not fit in instruction memory at code_base " + std::to_string(code_base))
                            .c_str());
        return;
    }
    std::uint8_t* dst = imem.data() + code_base;
    for (std::size_t i = 0; i < words.size(); ++i)
        for (int b = 0; b < 4; ++b) dst[4 * i + b] = std::uint8_t(words[i] >> (8 * b));
    imem.invalidate_dmi();  // fetch stages drop stale decoded instructions
}

std::string GpuTop::load_code_from_global(std::uint64_t code_base, std::uint32_t bytes) {
    std::ostringstream why;
    if (bytes % 4 != 0) {  // the host interface refuses such a CODE_SIZE before it gets here
        why << "code size " << bytes << " bytes is not a multiple of 4";
        return why.str();
    }
    if (bytes > imem.size()) {
        why << "code of " << bytes << " bytes exceeds the instruction memory (" << imem.size() << " bytes)";
        return why.str();
    }
    code_staging_.assign(bytes / 4, 0);
    if (memory::debug_read(global_socket, code_base, code_staging_.data(), bytes) != bytes) {
        why << "code at 0x" << std::hex << code_base << " (+0x" << bytes << ") is not readable memory";
        return why.str();
    }
    load_program(code_staging_, 0);  // words are little-endian in memory, as load_program expects
    return {};
}

void GpuTop::set_issue_cost(core::IssueCost* t) {
    for (auto& s : sms_) s->set_issue_cost(t);
}

void GpuTop::add_observer(core::ExecutionObserver* o) {
    observers_.push_back(o);
    for (auto& s : sms_) s->add_observer(o);
}

void GpuTop::set_watchdog(std::uint64_t max_instructions, std::uint64_t max_cycles) {
    cfg_.max_instructions = control_.max_instructions = max_instructions;
    cfg_.max_cycles = control_.max_cycles = max_cycles;
}

void GpuTop::set_quantum(sc_core::sc_time quantum) {
    cfg_.quantum = quantum;
    for (auto& s : sms_) s->set_quantum(quantum);
}

void GpuTop::set_undefined_tracking(std::uint8_t* shadow, std::uint64_t size) {
    for (auto& s : sms_) s->core().set_undefined_tracking(shadow, size);
}

void GpuTop::set_irq(bool level) {
    irq_level_ = level;
    if (irq.size() > 0) irq->write(level);
}

void GpuTop::clear_irq() { set_irq(false); }

bool GpuTop::start(const core::LaunchConfig& cfg) {
    if (busy_) {
        SC_REPORT_WARNING("fgtlm/gpu", "start() while a kernel is running: ignored");
        return false;
    }
    launch_ = cfg;
    busy_ = true;
    control_.abort = false;
    control_.issued = 0;
    result_ = {};
    set_irq(false);
    start_pending_ = true;
    start_.notify(sc_core::SC_ZERO_TIME);
    return true;
}

// Each kind of RTL behaviour the kernel relied on (core::RtlPolicy) as one warning: the run
// goes on as on FlexGripPlus, but never silently.
void GpuTop::report_rtl_events(const core::RtlEvents& ev) {
    const std::pair<std::uint64_t, const char*> kinds[] = {
        {ev.global_wraps,
         "global accesses outside the memory kept their low address bits "
         "(core.rtl.global_address_bits)"},
        {ev.shared_wraps,
         "shared accesses outside the shared memory kept their low address bits "
         "(core.rtl.shared_address_bits)"},
        {ev.constant_wraps,
         "constant reads outside the constant memory kept their low address bits "
         "(core.rtl.constant_address_bits)"},
        {ev.misaligned, "misaligned accesses were done byte by byte at their address (core.rtl.misaligned)"},
        {ev.register_alias, "launch over-allocates registers: warps share register slots (core.rtl.register_alias)"},
        {ev.pc_wraps,
         "fetches at a PC outside the program kept its instruction address bits "
         "(core.rtl.instruction_address_bits)"},
        {ev.undescribed_words,
         "instruction words outside the SM_1.0 table ran as FlexGripPlus's decode stage reads them "
         "(core.rtl.undescribed_bits, unknown_words)"},
    };
    for (const auto& [count, what] : kinds)
        if (count != 0)
            SC_REPORT_WARNING("fgtlm/rtl-policy",
                              (std::to_string(count) + " " + what + "; first: " + ev.first).c_str());
}

void GpuTop::finish(const core::KernelError& err) {
    result_.error = err;
    result_.cycles = std::uint64_t((sc_core::sc_time_stamp() - t_start_) / cfg_.sm.clock_period);
    result_.warp_instructions = result_.thread_instructions = 0;
    for (auto& s : sms_) {
        result_.warp_instructions += s->core().warp_instructions;
        result_.thread_instructions += s->core().thread_instructions;
        result_.rtl_events.add(s->core().rtl_events);
        if (const std::uint64_t n = s->program().undescribed_words(); n != 0) {
            result_.rtl_events.undescribed_words += n;
            if (result_.rtl_events.first.empty()) result_.rtl_events.first = s->program().first_undescribed();
        }
    }
    report_rtl_events(result_.rtl_events);
    result_.sim_wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start_).count();
    result_.sim_cpu_seconds = double(std::clock() - cpu_start_) / CLOCKS_PER_SEC;
    if (observers_begun_)
        for (core::ExecutionObserver* o : observers_) o->on_kernel_end(result_);
    observers_begun_ = false;
    busy_ = false;
    set_irq(true);
    done_.notify(sc_core::SC_ZERO_TIME);
}

void GpuTop::scheduler() {
    for (;;) {
        while (!start_pending_) wait(start_);  // start() may come before this thread waits
        start_pending_ = false;
        t_start_ = sc_core::sc_time_stamp();
        wall_start_ = std::chrono::steady_clock::now();
        cpu_start_ = std::clock();
        core::KernelError err = prepare_kernel();
        if (err.ok()) {
            for (core::ExecutionObserver* o : observers_) o->on_kernel_begin(launch_);
            observers_begun_ = true;
            begin_host_threads();
            run_blocks(err);
            if (host_threads_) host_threads_->end_kernel();
            if (kernel_end_cycles_ != 0) wait(cfg_.sm.clock_period * double(kernel_end_cycles_));
        }
        // An abort request that raced with the error of another SM: report the real error.
        finish(err);
    }
}

// Checks the launch, copies the constant image and the code, starts the kernel on every SM.
core::KernelError GpuTop::prepare_kernel() {
    core::KernelError err;
    auto invalid = [&](const std::string& why) {
        err.kind = core::KernelErrorKind::InvalidLaunch;
        err.message = why;
    };
    const std::string why = core::check_launch(launch_, sms_[0]->core().config());
    if (!why.empty()) invalid(why);
    if (err.ok() && launch_.const_mem.size() > const_mem_.size()) invalid("constant image larger than constant memory");
    if (err.ok()) std::copy(launch_.const_mem.begin(), launch_.const_mem.end(), const_mem_.begin());
    if (err.ok() && copy_code_bytes_ != 0) {
        // Copy the code from global memory at code_base into instruction memory.
        if (std::uint64_t(launch_.code_base) + copy_code_bytes_ > imem.size()) {
            invalid("code does not fit in instruction memory");
        } else {
            const unsigned got =
                memory::debug_read(global_socket, launch_.code_base, imem.data() + launch_.code_base, copy_code_bytes_);
            if (got != copy_code_bytes_) invalid("code_base outside global memory");
            imem.invalidate_dmi();
        }
    }
    for (auto& s : sms_) s->core().clear_error();
    for (auto& s : sms_) {
        if (!err.ok()) break;
        std::string e;
        if (!s->begin_kernel(launch_, const_mem_.data(), std::uint32_t(const_mem_.size()), &control_, e)) invalid(e);
    }
    return err;
}

HostThreadCounts GpuTop::host_thread_counts() const {
    return host_threads_ ? host_threads_->counts() : HostThreadCounts{};
}

void GpuTop::begin_host_threads() {
    host_threads_refusal_.clear();
    if (!host_threads_) return;
    tlm::tlm_generic_payload probe;
    probe.set_command(tlm::TLM_WRITE_COMMAND);
    probe.set_address(0);
    tlm::tlm_dmi dmi;
    core::DirectWindow window;
    if (global_socket->get_direct_mem_ptr(probe, dmi) && dmi.get_read_latency() == sc_core::SC_ZERO_TIME &&
        dmi.get_write_latency() == sc_core::SC_ZERO_TIME)
        window = {dmi.get_dmi_ptr(), dmi.get_start_address(), dmi.get_end_address(), dmi.is_read_allowed(),
                  dmi.is_write_allowed()};
    host_threads_refusal_ = host_threads_->begin_kernel(window, &control_);
}

// Hands out the blocks until all ran or an SM failed (err: the first SM error).
void GpuTop::run_blocks(core::KernelError& err) {
    const std::uint32_t blocks = launch_.num_blocks();
    const std::uint32_t per = core::blocks_per_batch(launch_, sms_[0]->core().config());
    std::uint32_t next = 0;
    for (;;) {
        bool any_running = false;
        // Spread the remaining blocks over the idle SMs (with one SM: plain batches of
        // min(blocks_per_sm, blocks left), the FlexGripPlus order).
        std::uint32_t idle = 0;
        for (auto& s : sms_) idle += s->idle() ? 1u : 0u;
        for (auto& s : sms_) {
            // An SM whose next quantum runs on a worker has not failed (a failure ends the batch).
            const bool ahead = host_threads_ && host_threads_->in_flight(s->config().core.sm_id);
            if (!ahead && s->core().failed() && err.ok()) err = s->core().error();
            if (!s->idle()) {
                any_running = true;
                continue;
            }
            if (err.ok() && next < blocks) {
                const std::uint32_t left = blocks - next;
                const std::uint32_t share = (left + idle - 1) / std::max(idle, 1u);
                const std::uint32_t n = std::min(per, share);
                --idle;
                s->run_batch(next, n);
                next += n;
                any_running = true;
            }
        }
        if (!err.ok()) control_.abort = true;  // stop the other SMs at their next instruction
        if (!any_running) break;
        wait(any_batch_done_);
    }
}

}  // namespace fgtlm::gpu
