// fgtlm cosim: run one launch on the FlexGripPlus RTL (GHDL) and on the model and compare
// global memory, kernel cycles and the instruction-commit streams (models/cosim/README.md).
//
//   fgtlm cosim TARGET --rtl RTL_DIR [--json OUT] [--cache-dir DIR] [--work-dir DIR]
//               [--flexgrip] [--cores N] [--no-rtl-cache] [.sass launch options as for `fgtlm run`]
//   fgtlm cosim --build-only --rtl RTL_DIR [--cores N] [--fault-injection] [--cache-dir DIR]
//               builds the RTL into the cache (or finds it there) and prints its folder: before
//               a campaign or a test suite, so the runs that follow do not wait on the build
//
// The RTL result of a launch is cached under CACHE/runs/<hash of the run inputs and build>
// (models/cosim/README.md); --no-rtl-cache simulates anyway.
//
// Exit codes: 0 results match, 1 mismatch or a side failed, 2 bad input / setup error.
#include "cli_numbers.hpp"
#include "subcommand.hpp"

#include <fgtlm/io/output_file.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fgtlm/cosim/cosim.hpp>
#include <fgtlm/cosim/rtl_build.hpp>
#include <fgtlm/loaders/testbench_writer.hpp>

#include "launch_target.hpp"

namespace {

namespace fs = std::filesystem;
using namespace fgtlm;

struct CosimCliOptions {
    cli::LaunchTarget target;
    std::string rtl_dir;
    std::string json;
    std::string cache_dir;
    std::string work_dir;
    std::string ghdl = "ghdl-llvm";
    std::string write_testbench;  // also write the testbench files (TP_instructions.vhd ...) here
    double rtl_timeout = 0;
    std::uint64_t max_cycles = 0;
    bool readback = false;
    bool no_commits = false;
    bool reuse_rtl = false;
    bool no_rtl_cache = false;
    bool build_only = false;          // --build-only: the RTL build alone, no TARGET
    bool fault_injection = false;     // --build-only: the fault-injection build (fgtlm inject --rtl's)
    std::vector<std::string> params;  // -p for the model run (core.semantics, core.rtl.*, timing)
};

int build_only(const CosimCliOptions& o) {
    try {
        cosim::RtlBuildOptions bo;
        bo.rtl_dir = o.rtl_dir;
        bo.cores = o.target.cores < 0 ? 8u : unsigned(o.target.cores);
        bo.cache_dir = o.cache_dir.empty() ? cosim::default_cache_dir() : fs::path(o.cache_dir);
        bo.ghdl = o.ghdl;
        bo.fault_injection = o.fault_injection;
        bo.log = &std::cerr;
        const cosim::RtlBuild b = cosim::ensure_rtl_build(bo);
        std::cout << fmt::format("RTL build {} ({} lanes{}): {}\n", b.dir.string(), b.cores,
                                 o.fault_injection ? ", fault injection" : "",
                                 b.reused ? "found in the cache" : fmt::format("built in {:.0f} s", b.build_seconds));
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "fgtlm cosim: " << e.what() << '\n';
        return 2;
    }
}

int run(const CosimCliOptions& o) {
    if (o.build_only) return build_only(o);
    if (o.fault_injection) {
        std::cerr << "fgtlm cosim: --fault-injection goes with --build-only\n";
        return 2;
    }
    if (o.target.target.empty()) {
        std::cerr << "fgtlm cosim: TARGET is required (a bundle, FlexGripPlus folder, .sass file or MODULE), "
                     "unless --build-only\n";
        return 2;
    }
    loaders::KernelImage img;
    cosim::CosimOptions co;
    try {
        img = cli::load_launch_target(o.target);
        loaders::validate_for_testbench(img);
        if (!o.write_testbench.empty()) loaders::write_testbench(img, o.write_testbench);
        co.rtl_dir = o.rtl_dir;
        co.cache_dir = o.cache_dir;
        co.work_dir = o.work_dir.empty() ? fs::path("fgtlm-cosim") / img.name : fs::path(o.work_dir);
        co.ghdl = o.ghdl;
        co.rtl_timeout_seconds = o.rtl_timeout;
        co.rtl_max_cycles = o.max_cycles;
        co.fast_dump = !o.readback;
        co.commit_trace = !o.no_commits;
        co.reuse_rtl_run = o.reuse_rtl;
        co.model.param_overrides = o.params;
        co.rtl_result_cache = !o.no_rtl_cache;
        co.log = &std::cerr;
    } catch (const std::exception& e) {
        std::cerr << "fgtlm cosim: " << e.what() << '\n';
        return 2;
    }
    for (const auto& w : img.warnings) std::cerr << "warning: " << w << '\n';
    cosim::CosimResult r;
    try {
        r = cosim::cosimulate(img, co);
    } catch (const std::exception& e) {
        std::cerr << "fgtlm cosim: " << e.what() << '\n';
        return 2;
    }
    std::cout << cosim::format_report(r);
    if (!o.json.empty()) {
        try {
            io::write_file(o.json, cosim::to_json(r).dump(1) + "\n");
        } catch (const std::exception& e) {
            std::cerr << "fgtlm cosim: " << e.what() << '\n';
            return 2;
        }
    }
    return r.pass() ? 0 : 1;
}

const fgtlm::cli::SubcommandRegistration kCosim{
    "cosim", [](CLI::App& app) {
        auto o = std::make_shared<CosimCliOptions>();
        CLI::App* sub = app.add_subcommand(
            "cosim", "Co-simulate a kernel on the FlexGripPlus RTL (GHDL) and the model, compare everything");
        cli::add_launch_target_options(sub, o->target);
        sub->get_option("target")->required(false);  // not with --build-only: run() checks
        sub->add_option("--rtl", o->rtl_dir,
                        "FlexGripPlus folder holding RTL/ and lib_m/ (scripts/get-flexgrip clones one)")
            ->required();
        sub->add_option("--json", o->json, "write the comparison as JSON");
        sub->add_option("-p,--set", o->params,
                        "model parameter for the model run: -p core.rtl.misaligned=fault (repeatable; RTL policies, "
                        "core.semantics, timing)");
        sub->add_option("--cache-dir", o->cache_dir,
                        "RTL build cache (default $FGTLM_RTL_CACHE, $XDG_CACHE_HOME/fgtlm/rtl or ~/.cache/fgtlm/rtl)");
        sub->add_option("--work-dir", o->work_dir,
                        "run folder for launch files, logs and both commit traces (default fgtlm-cosim/NAME)");
        sub->add_option("--ghdl", o->ghdl, "GHDL executable (LLVM back end)");
        sub->add_option("--write-testbench", o->write_testbench,
                        "also write the FlexGripPlus testbench files of the launch into this folder");
        cli::add_real(sub, "--rtl-timeout", o->rtl_timeout,
                      "wall-clock limit of the RTL simulation in seconds (default none)", 0.0, 1e9);
        cli::add_unsigned(sub, "--max-cycles", o->max_cycles,
                          "simulated-time limit of the RTL run in clock cycles (default none)", 1,
                          std::uint64_t{1} << 62);
        sub->add_flag("--readback", o->readback,
                      "read memory back through the testbench (slow) instead of dumping the array at kernel done");
        sub->add_flag("--no-commit-trace", o->no_commits, "do not write or compare commit traces");
        sub->add_flag(
            "--no-rtl-cache", o->no_rtl_cache,
            "simulate the RTL even when the RTL result cache (CACHE/runs) holds a run with the same inputs and build");
        sub->add_flag("--build-only", o->build_only,
                      "build the RTL for --cores into the cache (or find it there), print its folder, run nothing");
        sub->add_flag("--fault-injection", o->fault_injection,
                      "--build-only: the fault-injection build that fgtlm inject --rtl uses");
        sub->add_flag("--reuse-rtl-run", o->reuse_rtl,
                      "compare with the RTL outputs already in --work-dir instead of simulating again");
        return std::function<int()>([o] { return run(*o); });
    }};

}  // namespace
