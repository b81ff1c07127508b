// fgtlm difftest: random differential testing of the model against the FlexGripPlus RTL.
//
//   fgtlm difftest --count N --seed S --rtl RTL_DIR [--jobs J] [--cores 8] [--save-dir DIR]
//                  [--work-dir DIR] [--cache-dir DIR] [--json OUT] [--shrink-budget K]
//                  [--no-rtl-cache | --rtl-cache-only]
//   fgtlm difftest TARGET [launch options] --random ADDR:BYTES | --random-float ADDR:BYTES ...
//                  --count N --seed S --rtl RTL_DIR [...]     (one kernel, random inputs:
//                  difftest_inputs.cpp)
//
// Kernel i uses seed S + i, so any kernel can be regenerated alone (--count 1 --seed S+i).
// Every failing kernel is shrunk and saved as a regression bundle (models/cosim/README.md).
// Exit codes: 0 every kernel matched, 1 mismatches, 2 bad input / setup error.
#include "cli_numbers.hpp"
#include "difftest_cli.hpp"
#include "subcommand.hpp"

#include <fgtlm/io/output_file.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fgtlm/cosim/difftest.hpp>

namespace {

namespace fs = std::filesystem;
using namespace fgtlm;

using cli::DifftestCliOptions;

nlohmann::json divergence_json(const std::optional<cosim::Divergence>& d) {
    if (!d) return nullptr;
    return {{"block", d->block},
            {"warp", d->warp},
            {"pc", fmt::format("0x{:04x}", d->pc)},
            {"instruction", d->instruction},
            {"what", d->what},
            {"rtl_value", d->rtl_value},
            {"model_value", d->model_value},
            {"rtl_cycle", d->rtl_cycle},
            {"rtl_context", d->rtl_context},
            {"model_context", d->model_context}};
}

nlohmann::json outcome_json(const cosim::KernelOutcome& o) {
    return {{"seed", o.seed},
            {"kernel", o.name},
            {"pass", o.pass},
            {"instructions", o.instructions},
            {"commits_compared", o.commits_compared},
            {"words_compared", o.words_compared},
            {"summary", o.summary},
            {"rtl_wall_seconds", o.rtl_wall_seconds},
            {"saved", o.saved.string()},
            {"shrunk_instructions", o.shrunk_instructions},
            {"signature", o.signature},
            {"shrunk", o.shrunk},
            {"rtl_from_cache", o.rtl_from_cache},
            {"rtl_kernel_cycles", o.rtl_cycles},
            {"model_kernel_cycles", o.model_cycles},
            {"first_divergence", divergence_json(o.divergence)}};
}

// Worker `j` of `jobs`: kernels i = j, j + jobs, ...; one JSON line per kernel. The lines go to
// a temporary file beside `out` (flushed per kernel, so a stopped run keeps what it did:
// scripts/difftest-recheck reads it) that becomes `out` when the worker is done; a line that
// cannot be written ends the worker with an error naming `out` (throws).
void worker(const DifftestCliOptions& o, cosim::DifftestOptions d, unsigned j, const fs::path& out) {
    io::OutputFile lines(out.string());
    std::set<std::string> shrunk;
    d.shrunk_signatures = &shrunk;
    for (std::uint64_t i = j; i < o.count; i += o.jobs) {
        cosim::KernelOutcome k;
        try {
            k = cosim::difftest_kernel(o.seed + i, d);
        } catch (const std::exception& e) {
            k.seed = o.seed + i;
            k.name = fmt::format("seed {}", k.seed);
            k.summary = std::string("setup error: ") + e.what();
        }
        lines.write(outcome_json(k).dump() + "\n");
        lines.flush();
        std::cerr << fmt::format("[{}/{}] {} {} ({} instructions, {} commits compared, RTL {:.1f} s{}){}\n", i + 1,
                                 o.count, k.pass ? "PASS" : "FAIL", k.name, k.instructions, k.commits_compared,
                                 k.rtl_wall_seconds, k.rtl_from_cache ? ", cached" : "",
                                 k.pass ? "" : ": " + k.summary + (k.saved.empty() ? "" : " -> " + k.saved.string()));
    }
    lines.commit();
}

// A worker in a process of its own: its error is said here, its exit status tells the parent.
[[noreturn]] void worker_process(const DifftestCliOptions& o, const cosim::DifftestOptions& d, unsigned j,
                                 const fs::path& out) {
    try {
        worker(o, d, j, out);
    } catch (const std::exception& e) {
        std::cerr << "fgtlm difftest: worker " << j << ": " << e.what() << '\n';
        _exit(1);
    }
    _exit(0);
}

// What regenerates every kernel of a run (with seed + i): written as WORK/options.json when the
// run starts and into --json, so a stopped run can be re-checked too (scripts/difftest-recheck).
nlohmann::json run_description(const DifftestCliOptions& o) {
    return {{"seed", o.seed},
            {"count", o.count},
            {"options",
             {{"cores", o.cores},
              {"max_items", o.max_items},
              {"single_warp", o.single_warp},
              {"avoid_known", o.avoid_known},
              {"int_forms", o.int_forms},
              {"float_mix", o.float_mix}}}};
}

cosim::DifftestOptions difftest_options(const DifftestCliOptions& o) {
    cosim::DifftestOptions d;
    d.cosim = cli::cosim_options(o);
    d.cosim.rtl_max_cycles = 2'000'000;
    d.work_root = o.work_dir;
    d.save_dir = cli::save_dir(o);
    d.gen.cores = o.cores;
    d.gen.max_items = std::max(o.max_items, d.gen.min_items);
    d.shrink_budget = o.shrink_budget;
    d.keep_passing = o.keep;
    d.gen.multi_warp = !o.single_warp;
    d.gen.avoid_known = o.avoid_known;
    d.gen.float_mix = o.float_mix;
    d.gen.int_forms = o.int_forms;
    return d;
}

// Writes WORK/options.json and builds (or finds) the RTL once before the workers start.
bool prepare_work(const DifftestCliOptions& o, const cosim::DifftestOptions& d) {
    try {
        fs::create_directories(d.work_root);
        io::write_file((d.work_root / "options.json").string(), run_description(o).dump(1) + "\n");
        // Build (or find) the RTL once before the workers start.
        cosim::RtlBuildOptions bo;
        bo.rtl_dir = o.rtl_dir;
        bo.cores = o.cores;
        bo.cache_dir = o.cache_dir.empty() ? cosim::default_cache_dir() : fs::path(o.cache_dir);
        bo.ghdl = o.ghdl;
        bo.log = &std::cerr;
        cosim::ensure_rtl_build(bo);
    } catch (const std::exception& e) {
        std::cerr << "fgtlm difftest: " << e.what() << '\n';
        return false;
    }
    return true;
}

// One worker process per job (none with one job), each writing WORK/results.J.jsonl; false
// when a worker failed (its error was said).
bool run_workers(const DifftestCliOptions& o, const cosim::DifftestOptions& d, unsigned jobs) {
    std::vector<pid_t> pids;
    for (unsigned j = 0; j < jobs; ++j) {
        const fs::path out = d.work_root / fmt::format("results.{}.jsonl", j);
        if (jobs == 1) {
            try {
                worker(o, d, 0, out);
            } catch (const std::exception& e) {
                std::cerr << "fgtlm difftest: " << e.what() << '\n';
                return false;
            }
            break;
        }
        const pid_t pid = fork();
        if (pid == 0) worker_process(o, d, j, out);
        if (pid > 0) pids.push_back(pid);
    }
    bool ok = true;
    for (pid_t p : pids) {
        int status = 0;
        if (waitpid(p, &status, 0) != p || !WIFEXITED(status) || WEXITSTATUS(status) != 0) ok = false;
    }
    return ok;
}

// Reads every worker's results, prints the summary and writes --json; the exit status.
int report(const DifftestCliOptions& o, const cosim::DifftestOptions& d, unsigned jobs) {
    std::size_t run_count = 0, passed = 0, commits = 0, words = 0, instructions = 0, cached = 0;
    nlohmann::json failures = nlohmann::json::array(), all = nlohmann::json::array();
    for (unsigned j = 0; j < jobs; ++j) {
        std::ifstream in(d.work_root / fmt::format("results.{}.jsonl", j));
        std::string line;
        while (std::getline(in, line)) {
            const auto k = nlohmann::json::parse(line);
            ++run_count;
            if (k["pass"].get<bool>())
                ++passed;
            else
                failures.push_back(k);
            commits += k["commits_compared"].get<std::size_t>();
            words += k["words_compared"].get<std::size_t>();
            instructions += k["instructions"].get<std::size_t>();
            if (k.value("rtl_from_cache", false)) ++cached;
            all.push_back(k);
        }
    }
    std::cout << fmt::format(
        "== fgtlm difftest: {} kernels run (seeds {}..{}), {} generated instructions, {} warp instructions "
        "compared, {} memory words compared, {} mismatches ({} RTL results from the cache)\n",
        run_count, o.seed, o.seed + o.count - 1, instructions, commits, words, failures.size(), cached);
    for (const auto& f : failures)
        std::cout << fmt::format(
            "  seed {} {}: {}{}\n", f["seed"].get<std::uint64_t>(), f["kernel"].get<std::string>(),
            f["summary"].get<std::string>(),
            f["saved"].get<std::string>().empty() ? "" : " (minimal kernel: " + f["saved"].get<std::string>() + ")");
    if (!o.json.empty()) {
        nlohmann::json j = run_description(o);
        j.update({{"kernels_run", run_count},
                  {"passed", passed},
                  {"mismatches", failures.size()},
                  {"instructions_compared", commits},
                  {"words_compared", words},
                  {"generated_instructions", instructions},
                  {"rtl_results_from_cache", cached},
                  {"failures", failures},
                  {"kernels", all}});
        io::write_file(o.json, j.dump(1) + "\n");  // throws naming the file: the run has failed
    }
    return failures.empty() && run_count == o.count ? 0 : 1;
}

int run(const DifftestCliOptions& o) {
    if (!o.target.target.empty()) return cli::run_input_difftest(o);
    const cosim::DifftestOptions d = difftest_options(o);
    if (!prepare_work(o, d)) return 2;
    const unsigned jobs = std::max(1u, o.jobs);
    const bool workers_ok = run_workers(o, d, jobs);
    const int status = report(o, d, jobs);
    return workers_ok ? status : std::max(status, 1);
}

const fgtlm::cli::SubcommandRegistration kDifftest{
    "difftest", [](CLI::App& app) {
        auto o = std::make_shared<DifftestCliOptions>();
        CLI::App* sub = app.add_subcommand(
            "difftest", "Random differential testing against the FlexGripPlus RTL (shrinks and saves failures)");
        cli::add_unsigned(sub, "--count", o->count, "number of random kernels", 1, 1'000'000);
        cli::add_unsigned(sub, "--seed", o->seed, "seed of the first kernel (kernel i uses seed + i)", 0,
                          io::kU64Max - 1'000'000);
        sub->add_option("--rtl", o->rtl_dir, "FlexGripPlus folder holding RTL/ and lib_m/")->required();
        sub->add_option("--cache-dir", o->cache_dir, "RTL build cache (default as for fgtlm cosim)");
        sub->add_option("--work-dir", o->work_dir, "run folders and per-worker results (default fgtlm-difftest)");
        sub->add_option("--save-dir", o->save_dir,
                        "where shrunk failing kernels are saved as bundles (default WORK/regressions)");
        sub->add_option("--json", o->json, "write the summary and every kernel's outcome as JSON");
        sub->add_option("--ghdl", o->ghdl, "GHDL executable (LLVM back end)");
        cli::add_unsigned(sub, "--jobs", o->jobs, "kernels co-simulated in parallel", 1, 64);
        CLI::Option* cores = cli::add_unsigned(sub, "--cores", o->cores,
                                               "SP lanes of the RTL build and the model (8, 16, 32; TARGET: default "
                                               "the target's)",
                                               8, 32);
        cores->check(CLI::IsMember({"8", "16", "32"}));
        cli::add_unsigned(sub, "--shrink-budget", o->shrink_budget, "co-simulations spent shrinking one failing kernel",
                          0, 100'000);
        cli::add_unsigned(sub, "--max-items", o->max_items, "largest number of random items per kernel", 1, 100'000);
        cli::add_real(sub, "--rtl-timeout", o->rtl_timeout, "wall-clock limit of one RTL simulation (s)", 0.0, 1e9);
        sub->add_flag("--keep", o->keep, "keep the run folders of passing kernels");
        sub->add_flag(
            "--avoid-known", o->avoid_known,
            "leave out the instruction forms with known RTL/model differences (docs/cosim-known-differences.md)");
        sub->add_flag("--int-forms", o->int_forms,
                      "draw half of the computational items from the integer forms of the RTL's odd decodes "
                      "(IMIN/IMAX, carries, 16-bit halves, 24-bit multiplies)");
        sub->add_flag("--float-mix", o->float_mix,
                      "half of the computational items from the float forms with every operand kind "
                      "(shared, c[0x0-0x3], immediates, .C0 flags)");
        sub->add_flag("--no-rtl-cache", o->no_rtl_cache,
                      "simulate the RTL even for kernels whose RTL result is cached (CACHE/runs)");
        sub->add_flag("--rtl-cache-only", o->rtl_cache_only,
                      "never simulate the RTL: a kernel whose RTL result is not cached is a setup error (re-checks of "
                      "earlier runs)");
        sub->add_flag("--single-warp", o->single_warp, "one block of 32 threads per kernel (fastest RTL runs)");
        cli::add_input_difftest_options(sub, *o);
        return std::function<int()>([o, cores] {
            o->cores_given = cores->count() > 0;
            return run(*o);
        });
    }};

}  // namespace
