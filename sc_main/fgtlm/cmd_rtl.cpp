// fgtlm rtl: run a conformance bundle on the RTL-derived FlexGripPlus (models/rtl: the
// Verilated GPU, or GHDL simulating the VHDL clock by clock with --backend ghdl) and compare
// it with what GHDL produced for the bundle: the global memory
// (expected.json) and the kernel cycles (rtl_kernel_cycles / rtl_cycles.json at this core count).
//
//   fgtlm rtl BUNDLE_DIR [--backend verilator|ghdl] [--cycles N] [--commits OUT.txt]
//                        [--trace OUT.txt]   commit trace (traces/commit-trace.md; ghdl back end)
//   fgtlm rtl BUNDLE_DIR --lockstep      the TLM GPU and the RTL side by side (lockstep.hpp):
//                                        every committed instruction compared, first divergence reported
//
// Exit codes: 0 agreement, 1 memory or cycle mismatch, 2 bad input / model not built in.
// Present only in builds configured with -DFGTLM_FLEXGRIP_RTL=PATH.
#ifdef FGTLM_HAVE_RTL
#include "cli_numbers.hpp"
#include "subcommand.hpp"

#include <chrono>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include <fgtlm/gpu/gpu_top.hpp>
#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/checker.hpp>
#include <fgtlm/memory/fanin.hpp>
#include <fgtlm/memory/gpu_memory.hpp>
#include <fgtlm/rtl/lockstep.hpp>
#include <fgtlm/rtl/rtl_backend.hpp>
#include <tlm_utils/simple_initiator_socket.h>

namespace {

using namespace fgtlm;

struct RtlOptions {
    std::string bundle;
    std::uint64_t expect_cycles = 0;     // overrides the bundle's rtl_kernel_cycles
    std::uint64_t max_cycles = 20'000'000;
    std::string commits;                 // one line per pipeline_write_done
    std::string trace;                   // commit trace (traces/commit-trace.md)
    bool lockstep = false;
    std::string backend = "verilator";
};

// Lock-step bench: one memory (the bundle's 256 KiB image at 0, the code above it at
// kCodeBase) shared through a fan-in by the TLM GPU and the lock-step RTL engine.
constexpr std::uint32_t kCodeBase = rtl::kGlobalBytes;

struct LockstepBench : sc_core::sc_module {
    memory::GpuMemory mem;
    memory::Fanin fan;
    gpu::GpuTop tlm;
    rtl::LockstepGpu ls;
    tlm_utils::simple_initiator_socket<LockstepBench> regs_tie{"regs_tie"};  // launches go through start()
    sc_core::sc_signal<bool> irq{"irq"};

    LockstepBench(sc_core::sc_module_name name, const gpu::GpuConfig& g, const rtl::RtlEngineConfig& r)
        : sc_module(name), mem("mem", 2 * rtl::kGlobalBytes), fan("fan"), tlm("tlm", g), ls("ls", tlm, r) {
        tlm.global_socket.bind(fan.in);
        ls.rtl.global_socket.bind(fan.in);
        fan.out.bind(mem.socket);
        regs_tie.bind(ls.regs.socket);
        ls.regs.irq.bind(irq);
    }
};

// Bytes of global memory whose values derive from undefined input bytes (the RTL's 'U' in
// the bundle's global_init_undefined), as `fgtlm run --check` skips them: GHDL's expected
// values there come from 'U' arithmetic, the RTL model computes with zeros. The taint is
// the model's, from a run of the same launch (milliseconds to a second). Empty when the
// bundle has no undefined input.
std::vector<std::uint8_t> undefined_shadow(const loaders::KernelImage& img) {
    if (img.global_init_undefined.empty()) return {};
    gpu::SystemConfig cfg;
    cfg.global_bytes = img.global_mem_bytes;
    cfg.gpu.sm.sp_lanes = img.cores;
    gpu::StandaloneSystem sys("undefined_taint", cfg);
    std::vector<gpu::StandaloneSystem::UndefinedRange> undefined;
    for (const auto& u : img.global_init_undefined) undefined.push_back({u.addr, u.len});
    sys.load_global(img.global_init, undefined);
    sys.load_program(img.program, img.launch.code_base);
    const core::KernelResult res = sys.run(img.launch);
    if (!res.error.ok())
        throw std::runtime_error("the model's run for the undefined-input taint failed: " + res.error.describe());
    return sys.undefined_shadow();
}

rtl::RtlBackendOptions backend_options(const RtlOptions& o, const loaders::KernelImage& img) {
    rtl::RtlBackendOptions b;
    b.kind = rtl::parse_backend_kind(o.backend);
    b.cores = img.cores;
    b.log = &std::cerr;  // the GHDL back end's first use builds its simulation
    return b;
}

int run_lockstep(const loaders::KernelImage& img, const RtlOptions& o) {
    gpu::GpuConfig g;
    g.sm.sp_lanes = img.cores;
    g.max_instructions = 50'000'000;
    rtl::RtlEngineConfig r;
    r.window_base = 0;
    r.backend = backend_options(o, img);
    LockstepBench bench("lockstep", g, r);
    std::copy_n(img.global_init.begin(), std::min<std::size_t>(img.global_init.size(), rtl::kGlobalBytes),
                bench.mem.data());
    std::memcpy(bench.mem.data() + kCodeBase, img.program.data(), img.program.size() * 4);
    // The TLM side tracks which words derive from undefined input bytes, so the check below
    // skips them as the plain RTL run does (undefined_shadow); the values are not affected.
    std::vector<std::uint8_t> shadow;
    if (!img.global_init_undefined.empty()) {
        shadow.assign(rtl::kGlobalBytes, 0);
        for (const auto& u : img.global_init_undefined)
            for (std::uint64_t a = u.addr; a < std::uint64_t(u.addr) + u.len && a < shadow.size(); ++a) shadow[a] = 1;
        bench.tlm.set_undefined_tracking(shadow.data(), shadow.size());
    }
    core::LaunchConfig launch = img.launch;
    launch.code_base = kCodeBase;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);  // completes elaboration: the fan-in's bindings
    const auto t0 = std::chrono::steady_clock::now();
    bench.ls.start(launch, std::uint32_t(img.program.size() * 4));
    // The RTL engine's watchdog ends a runaway kernel; this bound only guards the bench.
    const sc_core::sc_time limit = r.clock_period * double(r.max_cycles + 1'000'000);
    while (bench.ls.busy()) {
        sc_core::sc_start(sc_core::sc_time(100, sc_core::SC_US));
        if (sc_core::sc_time_stamp() > limit) {
            std::cerr << "fgtlm rtl: " << img.name << ": lock-step run did not end (TLM busy " << bench.tlm.busy()
                      << ", RTL busy " << bench.ls.rtl.busy() << ")\n";
            return 1;
        }
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const loaders::CheckReport report = loaders::check_global(img, bench.mem.data(), rtl::kGlobalBytes,
                                                              shadow.empty() ? nullptr : shadow.data());
    std::cout << loaders::format_report(img.name, report, 16);
    const auto& res = bench.ls.result();
    std::cout << fmt::format(
        "{}: lock-step: {} instructions compared, RTL {} cycles, TLM {} warp instructions, {:.2f} s\n", img.name,
        bench.ls.comparator().compared(), res.cycles, bench.ls.tlm_result().warp_instructions, wall);
    if (!bench.ls.last_report().empty()) {
        std::cout << img.name << ": " << bench.ls.last_report() << '\n';
        return 1;
    }
    std::cout << img.name << ": lock-step: no divergence\n";
    return report.pass() ? 0 : 1;
}

// A trace that could not be written in full fails the run naming the file (a full disk).
void check_written(std::ofstream& f, const std::string& path) {
    if (f.is_open() && !f.flush()) throw std::runtime_error(path + ": write failed");
}

int run_rtl(const RtlOptions& o) {
    const loaders::KernelImage img = loaders::load_bundle(o.bundle);
    if (o.backend != "ghdl" && img.cores != rtl::RtlBackend::verilated_cores()) {
        std::cerr << fmt::format("fgtlm rtl: {} needs {} cores; this build's RTL model has {} "
                                 "(configure with -DFGTLM_RTL_CORES={}, or use --backend ghdl)\n",
                                 img.name, img.cores, rtl::RtlBackend::verilated_cores(), img.cores);
        return 2;
    }
    if (o.lockstep && !o.trace.empty()) throw std::invalid_argument("--trace is not available with --lockstep");
    if (o.lockstep) return run_lockstep(img, o);
    rtl::RtlBackend gpu(backend_options(o, img));
    gpu.reset();
    gpu.load_program(img.program);
    std::vector<std::uint8_t> mem(rtl::kGlobalBytes, 0);
    std::copy_n(img.global_init.begin(), std::min<std::size_t>(img.global_init.size(), mem.size()), mem.begin());
    gpu.write_global(0, mem);
    gpu.configure(img.launch);
    std::ofstream trace, commit_trace;
    if (!o.commits.empty()) trace.open(o.commits);
    if (!o.commits.empty() && !trace) throw std::runtime_error(o.commits + ": cannot write");
    if (!o.trace.empty()) {
        commit_trace.open(o.trace);
        if (!commit_trace) throw std::runtime_error(o.trace + ": cannot write");
        gpu.trace_commits(&commit_trace);
    }
    const auto t0 = std::chrono::steady_clock::now();
    gpu.start();
    while (!gpu.step()) {
        if (trace.is_open() && gpu.committed()) {
            const auto& c = gpu.last_commit();
            trace << fmt::format("{} warp={} next_pc=0x{:04x} mask=0x{:08x} state={}\n", c.cycle, c.warp,
                                 c.next_pc, c.mask, c.warp_state);
        }
        if (gpu.kernel_cycles() >= o.max_cycles) {
            std::cerr << fmt::format("fgtlm rtl: {}: still running after {} cycles\n", img.name, o.max_cycles);
            return 1;
        }
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    check_written(trace, o.commits);
    check_written(commit_trace, o.trace);
    gpu.read_global(0, mem);
    std::vector<std::uint8_t> shadow = undefined_shadow(img);
    if (!shadow.empty()) shadow.resize(mem.size(), 0);
    const loaders::CheckReport report =
        loaders::check_global(img, mem.data(), mem.size(), shadow.empty() ? nullptr : shadow.data());
    const std::uint64_t want = o.expect_cycles ? o.expect_cycles : img.rtl_kernel_cycles;
    const bool cycles_ok = want == 0 || gpu.kernel_cycles() == want;
    std::cout << loaders::format_report(img.name, report, 16);
    std::cout << fmt::format(
        "{}: RTL model ({}, {} cores) {} cycles (GHDL {}{}), {} warp instructions, "
        "{:.2f} s, {:.0f} cycles/s\n",
        img.name, rtl::backend_name(gpu.kind()), gpu.cores(), gpu.kernel_cycles(),
        want ? std::to_string(want) : "unknown", cycles_ok ? "" : ": MISMATCH", gpu.commit_count(), wall,
        double(gpu.kernel_cycles()) / wall);
    return report.pass() && cycles_ok ? 0 : 1;
}

const fgtlm::cli::SubcommandRegistration kRtl{"rtl", [](CLI::App& app) {
    auto opts = std::make_shared<RtlOptions>();
    CLI::App* sub = app.add_subcommand("rtl",
                                       "Run a conformance bundle on the FlexGripPlus RTL (Verilated, or GHDL clock by "
                                       "clock) and compare with GHDL's results");
    sub->add_option("bundle", opts->bundle, "conformance bundle folder")->required();
    cli::add_unsigned(sub, "--cycles", opts->expect_cycles,
                      "expected kernel cycles (default: the bundle's rtl_kernel_cycles)", 1, std::uint64_t{1} << 62);
    cli::add_unsigned(sub, "--max-cycles", opts->max_cycles, "give up after this many cycles", 1,
                      std::uint64_t{1} << 40);
    sub->add_option("--commits", opts->commits, "write one line per instruction the RTL commits");
    sub->add_option("--backend", opts->backend,
                    "what simulates the RTL: verilator (default) or ghdl (GHDL clock by clock over VHPIDIRECT)")
        ->check(CLI::IsMember({"verilator", "ghdl"}));
    sub->add_option("--trace", opts->trace, "write the RTL's commit trace (traces/commit-trace.md; ghdl back end)");
    sub->add_flag("--lockstep", opts->lockstep,
                  "run the TLM GPU and the RTL in lock step, comparing every committed instruction");
    return std::function<int()>([opts] {
        try {
            return run_rtl(*opts);
        } catch (const std::exception& e) {
            std::cerr << "fgtlm rtl: " << e.what() << '\n';
            return 2;
        }
    });
}};

}  // namespace
#endif  // FGTLM_HAVE_RTL
