// fgtlm run: run one SM_1.0 kernel on the FlexGrip-TLM GPU model.
//
//   fgtlm run BUNDLE_DIR [--check] [--dump-global OUT.bin] [--rdata-log OUT.log] [--stats OUT.json]
//             [--mode calibrated|fixed] [--config PARAMS.json] [-p key=value]... [--summary]
//             [--trace-commit OUT.txt] [--trace-timeline OUT.json] [--vcd OUT.vcd]
//   fgtlm run --flexgrip APP_DIR [...]                  (FlexGripPlus testbench folder)
//   fgtlm run PROGRAM.sass --grid X[,Y] --block X[,Y,Z] --param V ... [--global-init FILE]
//             [--regs N] [--shared N] [--blocks-per-sm N] [--cores N]
//   fgtlm run MODULE [--kernel NAME] --grid .. --block .. --param V ... [--const SYMBOL=FILE]
//             [--dynamic-shared BYTES] [--global-init FILE]   (fgtlm cc / ptxas output)
//
// Exit codes: 0 ok / PASS, 1 FAIL or kernel error, 2 bad input.
#include "subcommand.hpp"
#include "diagnostics.hpp"
#include "cli_numbers.hpp"
#include "launch_target.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>

#include <systemc>
#include <tlm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/cosim/rtl_policy_params.hpp>
#include <fgtlm/gpu/gpu_params.hpp>
#include <fgtlm/gpu/hierarchy.hpp>
#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/io/output_file.hpp>
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/checker.hpp>
#include <fgtlm/loaders/testbench_loader.hpp>
#include <fgtlm/params/registry.hpp>
#include <fgtlm/stats/instrumentation.hpp>
#include <fgtlm/stats/signal_tracer.hpp>
#include <fgtlm/timing/timing_params.hpp>

namespace {

using namespace fgtlm;
using cli::add_sass_launch_options;
using cli::LaunchTarget;
using cli::load_launch_target;

// Every option of `fgtlm run` (extend here: timing modes, parameters, traces).
struct RunOptions {
    LaunchTarget launch;  // TARGET, --flexgrip, --cores and the .sass launch (shared with cosim)
    bool check = false;
    std::string dump_global;  // raw global memory after the kernel
    std::string rdata_log;    // gpgpu_rdata.log format of the dump range
    std::string stats;        // stats JSON
    // calibrated (default): the cycle-approximate FlexGripPlus pipeline model (models/timing);
    // fixed: 32/lanes cycles per warp instruction. Old spellings at/lt: deprecated aliases.
    std::string mode = "calibrated";
    std::string config;                        // model parameters (JSON, nested objects or dotted keys)
    std::vector<std::string> param_overrides;  // -p key=value
    std::string trace_commit;                  // one line per committed warp instruction
    std::string trace_timeline;                // Chrome/Perfetto trace-event JSON
    std::string vcd;                           // waveform of per-warp PC/mask and unit busy
    bool summary = false;                      // one-screen statistics summary on stderr
    // Watchdog. The default stops a runaway kernel in about 7 s (about 3e6 warp instructions/s
    // on one core); the corpus kernels need at most 1e4 (MxM_naive_float).
    // 0 = not given: 2e7, or 1e6 with --vcd (the waveform of 2e7 warp instructions of an endless
    // kernel is most of a gigabyte and a minute of tracing).
    std::uint64_t max_instructions = 0;
    std::uint64_t max_cycles = 0;
    std::uint32_t sms = 1;
    bool no_dmi = false;
    std::size_t max_report_lines = 64;
    bool print_hierarchy = false;  // print the SystemC module graph before running
};

// The calibrated cycle-approximate timing (--mode calibrated, or its old spelling at).
bool calibrated(const RunOptions& o) { return o.mode == "calibrated" || o.mode == "at"; }

// Refuses, before anything is allocated for it, a launch or program the model cannot run
// (read as `core` does: its RTL policies), or a memory image it must not truncate.
int check_image(const loaders::KernelImage& img, const core::SmCoreConfig& sm_core) {
    const gpu::GpuConfig defaults;
    if (const loaders::ImageOverflow& o = img.global_init_overflow; o.first_line != 0 && !sm_core.rtl.mif_truncate) {
        std::cerr << "fgtlm run: " << o.file << ":" << o.first_line << ": more bytes than the global memory holds ("
                  << img.global_mem_bytes << "; core.rtl.mif_truncate=true ignores them as the RTL does)\n";
        return 2;
    }
    std::string why = core::check_launch(img.launch, sm_core);
    if (why.empty() && std::uint64_t(img.launch.code_base) + 4 * img.program.size() > defaults.imem_bytes)
        why = fmt::format("program of {} words at code_base {} does not fit in the {} KiB instruction memory",
                          img.program.size(), img.launch.code_base, defaults.imem_bytes / 1024);
    if (why.empty()) return 0;
    std::cerr << "fgtlm run: " << img.name << ": invalid launch: " << why << '\n';
    if (!img.launch_origin.empty()) std::cerr << "  the launch comes from " << img.launch_origin << '\n';
    return 2;
}

// --print-hierarchy without a target: the module graph of a default system.
int print_default_hierarchy(const RunOptions& o) {
    gpu::SystemConfig cfg;
    cfg.gpu.num_sms = o.sms;
    gpu::StandaloneSystem sys("system", cfg);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborate: resolves the socket bindings
    gpu::print_hierarchy(std::cout, sys);
    return 0;
}

// The kernel image of the target, with its warnings printed; 0 or the exit code of the failure.
int load_image(const RunOptions& o, loaders::KernelImage& img) {
    try {
        img = load_launch_target(o.launch);
    } catch (const std::exception& e) {
        std::cerr << "fgtlm run: " << e.what() << '\n';
        return 2;
    }
    for (const auto& w : img.warnings) std::cerr << "warning: " << w << '\n';
    return 0;
}

// Model parameters and the instrumentation that opens the output files (bad paths fail here).
// Precedence: bundle lane count < --cores / --sms < --config < -p.
int configure(const RunOptions& o, const loaders::KernelImage& img, params::Registry& reg,
              std::unique_ptr<stats::Instrumentation>& inst) {
    timing::declare_timing_params(reg);
    cosim::declare_rtl_policy_params(reg);
    gpu::declare_gpu_params(reg);
    try {
        const char* lanes_from = o.launch.cores > 0  ? "--cores"
                                 : o.launch.flexgrip ? "FlexGripPlus folder (BENCH_CORES of pick_bench.vhd)"
                                                     : "bundle (launch.json cores)";
        reg.set("sm.sp_lanes", std::int64_t(img.cores), lanes_from);
        reg.set("gpu.num_sms", std::int64_t(o.sms), "--sms");
        if (!o.config.empty()) reg.load_json_file(o.config);
        for (const auto& kv : o.param_overrides) reg.apply_override(kv);
        stats::InstrumentationOptions io;
        io.mode = calibrated(o) ? timing::Mode::Calibrated : timing::Mode::Fixed;
        io.stats_path = o.stats;
        io.commit_path = o.trace_commit;
        io.timeline_path = o.trace_timeline;
        inst = std::make_unique<stats::Instrumentation>(reg, io);
    } catch (const std::exception& e) {
        std::cerr << "fgtlm run: " << e.what() << '\n';
        return 2;
    }
    return 0;
}

// Empty when the SM can have `lanes` SP lanes: FlexGripPlus is built with 8, 16 or 32 (the
// rtl semantics models that RTL); the g80 model takes any power of two up to a warp.
std::string lanes_problem(std::uint32_t lanes, core::Semantics semantics) {
    if (semantics == core::Semantics::Rtl && lanes != 8 && lanes != 16 && lanes != 32)
        return "FlexGripPlus has 8, 16 or 32 SP lanes (core.semantics=rtl)";
    if (lanes == 0 || lanes > 32 || (lanes & (lanes - 1)) != 0) return "SP lanes must be a power of two up to 32";
    return {};
}

// The simulated system's configuration from the image, the options and the parameters.
int system_config(const RunOptions& o, const loaders::KernelImage& img, const params::Registry& reg,
                  gpu::SystemConfig& cfg) {
    cfg.global_bytes = img.global_mem_bytes;
    cfg.dmi = !o.no_dmi;
    cfg.gpu.num_sms = std::uint32_t(reg.get_int("gpu.num_sms"));
    cfg.gpu.sm.sp_lanes = std::uint32_t(reg.get_int("sm.sp_lanes"));
    cfg.gpu.host_threads = std::uint32_t(reg.get_int("gpu.host_threads"));
    if (const std::string why = cosim::resolve_rtl_policy(reg, cfg.gpu.sm.core.rtl); !why.empty()) {
        std::cerr << "fgtlm run: " << why << '\n';
        return 2;
    }
    core::Semantics preset = core::Semantics::Rtl;  // resolve_rtl_policy has checked the name
    core::parse_semantics(reg.get_string("core.semantics"), preset);
    if (const std::string why = lanes_problem(cfg.gpu.sm.sp_lanes, preset); !why.empty()) {
        std::cerr << "fgtlm run: " << img.name << ": sm.sp_lanes " << cfg.gpu.sm.sp_lanes << " (from "
                  << reg.find("sm.sp_lanes").source << "): " << why << '\n';
        return 2;
    }
    cfg.gpu.max_instructions = o.max_instructions != 0 ? o.max_instructions : o.vcd.empty() ? 20'000'000 : 1'000'000;
    cfg.gpu.max_cycles = o.max_cycles;
    return 0;
}

// --vcd: sc_trace of per-warp PC/mask/state and unit-busy signals (traces/vcd.md). The SMs
// then synchronise every cycle they advance (the GPU's quantum = one clock period, set by
// run_kernel) instead of every 100 us: slower, but SystemC time follows each instruction.
int make_tracer(const RunOptions& o, const gpu::SystemConfig& cfg, stats::Instrumentation& inst,
                std::unique_ptr<stats::SignalTracer>& tracer) {
    if (o.vcd.empty()) return 0;
    try {
        stats::SignalTracerConfig tc;
        tc.vcd_path = o.vcd;
        tc.num_sms = cfg.gpu.num_sms;
        tc.warp_slots = cfg.gpu.sm.core.max_warps;
        tc.clock_period = cfg.gpu.sm.clock_period;
        tc.time_unit = stats::clock_time_unit(tc.clock_period);  // 1 VCD unit = 1 cycle: the GPU is alone
        tracer = std::make_unique<stats::SignalTracer>("vcd", tc, inst.timing());
    } catch (const std::exception& e) {
        std::cerr << "fgtlm run: " << e.what() << '\n';
        return 2;
    }
    return 0;
}

// Loads the image into the system and attaches the observers: the instrumentation (timing
// model first, then statistics and traces) observes every SM (the GPU top calls its
// on_kernel_begin).
void prepare_system(const RunOptions& o, const loaders::KernelImage& img, gpu::StandaloneSystem& sys,
                    stats::Instrumentation& inst, stats::SignalTracer* tracer) {
    // Undefined-value tracking (a shadow byte per global byte, taint per lane) serves only
    // --check's report of results derived from undefined input: off otherwise.
    std::vector<gpu::StandaloneSystem::UndefinedRange> undefined;
    if (o.check)
        for (const auto& u : img.global_init_undefined) undefined.push_back({u.addr, u.len});
    sys.load_global(img.global_init, undefined);
    sys.load_program(img.program, img.launch.code_base);
    // Loosely timed with no statistics or trace output requested, nothing observes the issue
    // stream: leave the instrumentation detached so the SM skips the per-instruction records.
    const bool observed = calibrated(o) || !o.stats.empty() || !o.trace_commit.empty() || !o.trace_timeline.empty() ||
                          o.summary || tracer != nullptr;
    if (observed) sys.gpu.add_observer(&inst);
    if (tracer) sys.gpu.add_observer(tracer);  // after the timing model: reads its stamps
    // The timing model is the SMs' timing interface whenever it observes (in fixed mode it
    // returns the fixed cost, so statistics and traces get a time base).
    if (observed) sys.gpu.set_issue_cost(&inst.sm_clock());
    if (o.print_hierarchy) {
        sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborate: resolves the socket bindings
        gpu::print_hierarchy(std::cout, sys);
    }
}

// --check: the global memory against the image's expected values (PASS/FAIL report).
int check_results(const RunOptions& o, const loaders::KernelImage& img, gpu::StandaloneSystem& sys,
                  const core::KernelResult& res) {
    if (!res.error.ok()) {
        std::cout << "FAIL " << img.name << ": kernel error: " << res.error.describe() << '\n';
        return 0;  // the kernel error already set the exit code
    }
    if (img.expected.empty()) {
        std::cout << "FAIL " << img.name << ": no expected values to check against\n";
        return 1;
    }
    const auto& sh = sys.undefined_shadow();
    const loaders::CheckReport rep =
        loaders::check_global(img, sys.global.data(), sys.global.size(), sh.empty() ? nullptr : sh.data());
    if (rep.compared == 0 && rep.pass()) {
        // Every expected word null or undefined: a check that compared nothing has not passed.
        std::cout << "FAIL " << img.name << ": no words compared (" << rep.skipped_null << " expected words null, "
                  << rep.skipped_undefined << " derived from undefined input)\n";
        return 1;
    }
    std::cout << loaders::format_report(img.name, rep, o.max_report_lines);
    return rep.pass() ? 0 : 1;
}

// --dump-global (raw bytes) and --rdata-log (FlexGripPlus gpgpu_rdata.log of the dump range),
// each complete or not at all (io::OutputFile).
int dump_memory(const RunOptions& o, const loaders::KernelImage& img, gpu::StandaloneSystem& sys) {
    try {
        if (!o.dump_global.empty())
            io::write_file(o.dump_global,
                           std::string_view(reinterpret_cast<const char*>(sys.global.data()), sys.global.size()));
        if (!o.rdata_log.empty()) {
            io::OutputFile out(o.rdata_log);
            loaders::ByteRange d = img.dump;
            if (d.len == 0) d = {0, std::uint32_t(sys.global.size())};
            for (std::uint64_t a = d.addr; a + 4 <= std::uint64_t(d.addr) + d.len && a + 4 <= sys.global.size(); a += 4)
                out.write(fmt::format("{:05X} {:08X}\n", a, sys.read_u32(std::uint32_t(a))));
            out.commit();
        }
    } catch (const std::exception& e) {
        std::cerr << "fgtlm run: " << e.what() << '\n';
        return 2;
    }
    return 0;
}

// What the run did as the RTL does where a checked model stops (RtlPolicy), for --stats.
nlohmann::json rtl_events_json(const loaders::KernelImage& img, const core::RtlEvents& ev) {
    return {{"global_address_wraps", ev.global_wraps},
            {"shared_address_wraps", ev.shared_wraps},
            {"constant_address_wraps", ev.constant_wraps},
            {"misaligned_byte_accesses", ev.misaligned},
            {"register_alias_launches", ev.register_alias},
            {"pc_wrapped_fetches", ev.pc_wraps},
            {"undescribed_instruction_words", ev.undescribed_words},
            {"mif_bytes_ignored", img.global_init_overflow.bytes},
            {"first", ev.first}};
}

// Statistics JSON (--stats) and traces. kernel_cycles comes from the timing model (calibrated: the
// FlexGripPlus cycles; fixed: 32/lanes per warp instruction); gpu_cycles is the
// SystemC time the GPU model took.
int finish_outputs(const RunOptions& o, const loaders::KernelImage& img, const params::Registry& reg,
                   const core::KernelResult& res, stats::Instrumentation& inst, stats::SignalTracer* tracer) {
    nlohmann::json context{
        {"kernel", img.name}, {"bundle", img.name}, {"gpu_cycles", res.cycles}, {"params", reg.values_as_config()}};
    if (img.rtl_kernel_cycles != 0) context["rtl_kernel_cycles"] = img.rtl_kernel_cycles;
    context["rtl_events"] = rtl_events_json(img, res.rtl_events);
    try {
        inst.end_kernel(res.sim_wall_seconds, res.error.ok() ? std::string() : res.error.describe(), context);
        if (tracer) tracer->close();
    } catch (const std::exception& e) {
        std::cerr << "fgtlm run: " << e.what() << '\n';
        return 2;
    }
    if (tracer) {
        if (tracer->late_changes() != 0)
            std::cerr << "fgtlm run: warning: " << tracer->late_changes()
                      << " VCD changes came after their cycle and were recorded late\n";
    }
    if (o.summary) std::cerr << inst.stats().summary();
    return 0;
}

// With gpu.host_threads > 1: how the SMs' quanta ran, or why the kernel stayed on one thread.
void report_host_threads(const gpu::GpuTop& gpu) {
    if (gpu.config().host_threads < 2 || gpu.num_sms() < 2) return;
    if (!gpu.host_threads_refusal().empty()) {
        std::cerr << "fgtlm run: gpu.host_threads=" << gpu.config().host_threads
                  << " not used: " << gpu.host_threads_refusal() << '\n';
        return;
    }
    const gpu::HostThreadCounts c = gpu.host_thread_counts();
    std::cerr << "fgtlm run: host threads: " << c.speculated << " quanta taken from workers, " << c.replayed
              << " replayed, " << c.direct << " run on the SystemC thread\n";
}

int run(const RunOptions& o) {
    if (o.mode == "at" || o.mode == "lt")  // the old names: AT is TLM-2.0's nb_transport protocol, not this mode
        std::cerr << "fgtlm run: --mode " << o.mode << " is deprecated: use --mode "
                  << (o.mode == "at" ? "calibrated" : "fixed") << '\n';
    if (o.launch.target.empty()) {
        if (o.print_hierarchy) return print_default_hierarchy(o);
        std::cerr << "fgtlm run: a target (bundle folder, FlexGripPlus folder, .sass file or MODULE) is required\n";
        return 2;
    }
    loaders::KernelImage img;
    if (const int rc = load_image(o, img); rc != 0) return rc;
    params::Registry reg;
    std::unique_ptr<stats::Instrumentation> inst;
    if (const int rc = configure(o, img, reg, inst); rc != 0) return rc;
    gpu::SystemConfig cfg;
    if (const int rc = system_config(o, img, reg, cfg); rc != 0) return rc;
    if (const int rc = check_image(img, cfg.gpu.sm.core); rc != 0) return rc;
    gpu::StandaloneSystem sys("system", cfg);
    std::unique_ptr<stats::SignalTracer> tracer;
    if (const int rc = make_tracer(o, cfg, *inst, tracer); rc != 0) return rc;
    if (tracer) sys.gpu.set_quantum(cfg.gpu.sm.clock_period);
    prepare_system(o, img, sys, *inst, tracer.get());

    const core::KernelResult res = sys.run(img.launch);
    report_host_threads(sys.gpu);
    int rc = 0;
    if (!res.error.ok()) {
        std::cerr << "fgtlm run: kernel error: " << res.error.describe() << '\n';
        rc = 1;
    }
    if (o.check && check_results(o, img, sys, res) != 0) rc = 1;
    if (const int dump_rc = dump_memory(o, img, sys); dump_rc != 0) return dump_rc;
    if (const int out_rc = finish_outputs(o, img, reg, res, *inst, tracer.get()); out_rc != 0) return out_rc;
    return rc;
}

const fgtlm::cli::SubcommandRegistration kRun{
    "run", [](CLI::App& app) {
        auto o = std::make_shared<RunOptions>();
        CLI::App* sub = app.add_subcommand(
            "run", "Run an SM_1.0 kernel: conformance bundle, FlexGripPlus app folder or .sass file");
        o->launch.auto_dump = false;  // run writes the dump range only when asked (--dump-words)
        sub->add_option("target", o->launch.target,
                        "bundle folder, FlexGripPlus application folder (--flexgrip), .sass file or MODULE");
        sub->add_flag("--print-hierarchy", o->print_hierarchy,
                      "print the SystemC module graph (modules, sockets and their bindings)");
        sub->add_flag("--flexgrip", o->launch.flexgrip,
                      "TARGET is a FlexGripPlus application folder (TP_instructions.vhd, pick_bench.vhd, ...)");
        sub->add_flag("--check", o->check, "compare global memory with the expected words; exit 1 on mismatch");
        sub->add_option("--dump-global", o->dump_global, "write global memory after the kernel (raw bytes)");
        sub->add_option("--rdata-log", o->rdata_log, "write the dump range in gpgpu_rdata.log format");
        sub->add_option("--stats", o->stats, "write statistics JSON");
        sub->add_option("--mode", o->mode,
                        "timing: calibrated (the cycle-approximate FlexGripPlus pipeline model, default) or fixed "
                        "(32/lanes cycles per warp instruction); at/lt: deprecated spellings of the same")
            ->check(CLI::IsMember({"calibrated", "fixed", "at", "lt"}));
        sub->add_option("--config", o->config, "model parameters, JSON (see `fgtlm params`)")->check(CLI::ExistingFile);
        sub->add_option("-p,--set", o->param_overrides, "set a model parameter: -p sm.sp_lanes=16 (repeatable)");
        sub->add_option("--trace-commit", o->trace_commit,
                        "commit trace: one line per committed warp instruction (traces/commit-trace.md)");
        sub->add_option("--trace-timeline", o->trace_timeline,
                        "timeline in Chrome/Perfetto trace-event JSON (traces/timeline.md)");
        sub->add_option(
            "--vcd", o->vcd,
            "VCD waveform (sc_trace): per-warp PC/mask/state, unit busy; 1 time unit = 1 SM cycle (traces/vcd.md)");
        sub->add_flag("--summary", o->summary, "print a one-screen statistics summary on stderr");
        cli::add_unsigned(sub, "--max-instructions", o->max_instructions,
                          "watchdog: warp instructions per kernel (default 2e7; 1e6 with --vcd)", 1,
                          std::uint64_t{1} << 62);
        cli::add_unsigned(sub, "--max-cycles", o->max_cycles, "watchdog: SM cycles per kernel (default off)", 1,
                          std::uint64_t{1} << 62);
        cli::add_unsigned(sub, "--sms", o->sms, "number of SMs", 1, 64);
        cli::add_cores_option(sub, o->launch);
        sub->add_flag("--no-dmi", o->no_dmi, "route every global access through b_transport");
        cli::add_unsigned(sub, "--max-report-lines", o->max_report_lines, "mismatch lines printed by --check", 0,
                          1'000'000);
        add_sass_launch_options(sub, o->launch);
        return std::function<int()>([o] { return run(*o); });
    }};

}  // namespace
