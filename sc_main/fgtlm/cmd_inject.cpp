// fgtlm inject: fault-injection campaigns (models/faults).
//
//   fgtlm inject TARGET [--campaign FILE.json] [--structure gpr,pred,...] [--model flip|stuck0|stuck1]
//                [--count N | --margin E --confidence C | --exhaustive] [--seed S] [--at-instruction N]
//                [--out FILE.jsonl] [--summary-json FILE] [--plot FILE.svg] [--jobs J]
//                [--backend local|slurm --shards N --work-dir DIR [--no-wait]]
//   fgtlm inject --merge SHARD.jsonl... [--out FILE.jsonl] [--summary-json FILE] [--plot FILE.svg]
//
// TARGET as for `fgtlm run` (bundle, FlexGripPlus folder with --flexgrip, .sass or MODULE with its launch).
// Exit codes: 0 done, 1 campaign failure (golden run fails, worker or sbatch error), 2 bad input.
#include "cli_numbers.hpp"
#include "subcommand.hpp"
#include "diagnostics.hpp"
#include "inject_rtl_flops.hpp"
#include "launch_target.hpp"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fgtlm/faults/backends.hpp>
#include <fgtlm/faults/campaign.hpp>
#include <fgtlm/faults/summary.hpp>
#include <fgtlm/faults/rtl_validation.hpp>
#include <fgtlm/faults/systemc_path.hpp>
#include <fgtlm/io/output_file.hpp>
#include <fgtlm/io/text.hpp>
#include <fgtlm/loaders/kernel_image.hpp>

namespace {

namespace fs = std::filesystem;
using namespace fgtlm;
using nlohmann::json;

struct InjectOptions {
    cli::LaunchTarget target;  // TARGET and its launch (--param as text: a MODULE types it)
    std::string campaign_file;
    std::string rtl, rtl_cache, rtl_work_dir;  // --rtl validation
    std::vector<std::string> structures;
    std::string model;
    std::uint64_t count = 0, seed = 1, at_instruction = 0, at_cycle = 0;
    double margin = 0, confidence = 0.99, hang_factor = 4;
    bool exhaustive = false;
    std::string out, summary_json, plot;
    unsigned jobs = 1;
    bool progress = false, no_progress = false;
    std::string backend = "local";
    std::string path = "core";
    unsigned shards = 4;
    std::uint64_t shard = 0;
    std::string work_dir;
    bool no_wait = false;
    std::string partition;
    std::vector<std::string> merge;
    // Which options the command line gave (they override the --campaign file).
    CLI::Option *o_count{}, *o_seed{}, *o_margin{}, *o_conf{}, *o_at{}, *o_atc{}, *o_hang{}, *o_shard{}, *o_model{},
        *o_max{};
    std::uint64_t max_instructions = faults::kDefaultGoldenInstructions;
    bool rtl_flops = false;      // --rtl-flops: flop-level injection on the Verilated RTL
    bool rtl_verilated = false;  // --rtl-verilated: faults validated on the Verilated RTL
    cli::RtlFlopsOptions flops;
    std::uint32_t checkpoints = 64;
};

faults::CampaignSpec build_spec(const InjectOptions& o) {
    faults::CampaignSpec s;
    if (!o.campaign_file.empty()) {
        // A FIFO or device would block the open or the read forever.
        if (const std::string why = fgtlm::cli::not_a_readable_file(o.campaign_file); !why.empty())
            throw std::invalid_argument(o.campaign_file + ": " + why);
        std::ifstream in(o.campaign_file);
        if (!in) throw std::invalid_argument(o.campaign_file + ": cannot open");
        json j;
        try {
            j = json::parse(in);
        } catch (const json::exception& e) {
            throw std::invalid_argument(o.campaign_file + ": invalid JSON: " + io::json_error_text(e.what()));
        }
        try {
            s = faults::campaign_from_json(j);
        } catch (const std::invalid_argument& e) {  // name the file: the message names the key
            throw std::invalid_argument(o.campaign_file + ": " + e.what());
        }
    }
    if (!o.target.target.empty()) s.target = cli::resolve_launch_target(o.target);
    std::optional<faults::FaultModel> model;
    if (o.o_model->count()) {
        model = faults::parse_model(o.model);
        if (!model) throw std::invalid_argument("unknown fault model '" + o.model + "' (flip, stuck0, stuck1)");
        for (auto& p : s.plans) p.model = *model;
    }
    if (!o.structures.empty()) {
        s.plans.clear();
        for (const auto& name : o.structures) {
            const auto st = faults::parse_structure(name);
            if (!st)
                throw std::invalid_argument(
                    "unknown structure '" + name +
                    "' (gpr pred areg shared const global inst pc mask stack barrier sp fpu sfu)");
            s.plans.push_back({*st, model.value_or(faults::FaultModel::Flip), 0});
        }
    } else if (model && s.plans.empty()) {
        s.plans.push_back({faults::Structure::Gpr, *model, 0});
    }
    if (o.o_count->count()) s.count = o.count;
    if (o.o_seed->count()) s.seed = o.seed;
    if (o.o_margin->count()) s.margin = o.margin;
    if (o.o_conf->count()) s.confidence = o.confidence;
    if (o.o_hang->count()) s.hang_factor = o.hang_factor;
    if (o.o_at->count()) s.at_instruction = o.at_instruction;
    if (o.o_atc->count()) s.at_cycle = o.at_cycle;
    if (o.o_max->count()) s.max_instructions = o.max_instructions;
    if (o.exhaustive) s.exhaustive = true;
    return faults::campaign_from_json(faults::to_json(s));  // same validation as a file
}

void report(const InjectOptions& o, faults::Summary& sum, const std::string& title) {
    faults::print_table(std::cout, sum);
    std::cout << fmt::format("{} injections in {:.2f} s ({:.0f} injections/s)\n", sum.injected, sum.wall_seconds,
                             sum.wall_seconds > 0 ? double(sum.injected) / sum.wall_seconds : 0.0);
    if (!o.summary_json.empty()) io::write_file(o.summary_json, faults::to_json(sum).dump(2) + "\n");
    if (!o.plot.empty()) io::write_file(o.plot, faults::svg_plot(sum, title));
}

// Wall seconds of a Slurm campaign: the longest shard (they run side by side).
double shard_wall_seconds(const std::vector<fs::path>& files) {
    double wall = 0;
    for (const auto& f : files) {
        fs::path s = f;
        s.replace_extension(".summary.json");
        std::ifstream in(s);
        if (!in) continue;
        try {
            wall = std::max(wall, json::parse(in).value("wall_seconds", 0.0));
        } catch (const json::exception&) {
        }
    }
    return wall;
}

int merge(const InjectOptions& o, const std::vector<fs::path>& files, double wall) {
    const faults::RecordsFile rf = faults::merge_records(files);
    if (!o.out.empty()) faults::write_records(o.out, rf);
    const json& campaign = rf.header.contains("rtl_flops") ? rf.header.at("rtl_flops") : rf.header.at("campaign");
    const double confidence = campaign.value("confidence", 0.99);
    faults::Summary sum = faults::summarize(rf.records, confidence);
    sum.wall_seconds = wall > 0 ? wall : shard_wall_seconds(files);
    const auto expected = rf.header.value("injections", std::uint64_t(0));
    if (rf.records.size() != expected)
        std::cerr << fmt::format("fgtlm inject: warning: {} of {} injections present (shards missing or unfinished)\n",
                                 rf.records.size(), expected);
    report(o, sum, rf.header.value("kernel", std::string("campaign")));
    return rf.records.size() == expected ? 0 : 1;
}

std::string self_exe() {
    std::error_code ec;
    const fs::path p = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : p.string();
}

// --rtl: the campaign's register-file faults (gpr, areg, pred) on the RTL under GHDL and on the
// model, classes compared.
// Exit 0 only when every injection agrees.
int validate_rtl(const InjectOptions& o, faults::Campaign& c) {
    faults::RtlValidationOptions vo;
    vo.rtl_dir = o.rtl;
    vo.cache_dir = o.rtl_cache;
    vo.work_dir = o.rtl_work_dir;
    std::vector<std::uint64_t> ids(c.size());
    for (std::uint64_t i = 0; i < ids.size(); ++i) ids[i] = i;
    // Records go to a temporary file beside --out (each flushed, every write checked) that
    // becomes --out when the validation is done: a record that cannot be written fails the run.
    std::optional<io::OutputFile> out;
    if (!o.out.empty()) out.emplace(o.out);
    const faults::RtlValidationSummary s = faults::validate_on_rtl(
        c, ids, vo,
        [&](const json& rec) {
            if (!out) return;
            out->write(rec.dump() + "\n");
            out->flush();
        },
        &std::cerr);
    if (out) out->commit();
    const json j = {{"injections", s.injections}, {"agree", s.agree},           {"not_stored", s.not_stored},
                    {"model/rtl", s.confusion},   {"structures", s.structures}, {"seed", c.spec().seed},
                    {"kernel", c.image().name}};
    std::cout << fmt::format("RTL validation: {} of {} injections agree\n{}\n", s.agree, s.injections, j.dump(1));
    if (!o.summary_json.empty()) io::write_file(o.summary_json, j.dump(2) + "\n");
    return s.agree == s.injections ? 0 : 1;
}

faults::SlurmOptions slurm_options(const InjectOptions& o) {
    faults::SlurmOptions so;
    so.workdir =
        o.work_dir.empty() ? fs::path(o.out.empty() ? "inject-slurm" : o.out + ".slurm") : fs::path(o.work_dir);
    so.shards = o.shards;
    so.wait = !o.no_wait;
    so.fgtlm = self_exe();
    so.partition = o.partition;
    return so;
}

// A submitted Slurm job array (model or --rtl-flops campaign): its shards merged when it waited.
int after_submit(const InjectOptions& o, const std::string& job, const faults::SlurmOptions& so,
                 std::chrono::steady_clock::time_point t0) {
    std::cerr << fmt::format("fgtlm inject: Slurm job {} ({} shards) in {}\n", job, o.shards, so.workdir.string());
    if (!so.wait) {
        std::cout << fmt::format("submitted job {}; when it is done: fgtlm inject --merge {}/shard-*.jsonl\n", job,
                                 so.workdir.string());
        return 0;
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return merge(o, faults::shard_files(so.workdir, so.shards), wall);
}

// --rtl-flops: the options this mode shares with model campaigns, then the campaign.
int run_rtl_flops(InjectOptions& o) {
    if (!o.structures.empty() || o.o_model->count() || !o.campaign_file.empty() || !o.rtl.empty() || o.exhaustive ||
        o.o_at->count() || o.o_atc->count() || o.o_margin->count())
        throw std::invalid_argument(
            "--rtl-flops takes --unit and --memories, not --structure, --model, --campaign, "
            "--rtl, --exhaustive, --at-instruction, --at-cycle or --margin");
    cli::RtlFlopsOptions& f = o.flops;
    if (o.o_count->count()) f.count = o.count;
    f.seed = o.seed;
    f.shard = o.shard;
    f.shards = o.o_shard->count() || o.backend == "slurm" ? o.shards : 1;
    f.hang_factor = o.hang_factor;
    f.confidence = o.confidence;
    f.checkpoints = o.checkpoints;
    f.out = o.out;
    f.summary_json = o.summary_json;
    f.plot = o.plot;
    f.progress = o.progress || (!o.no_progress && ::isatty(2));
    if (o.backend == "slurm") {
        const faults::SlurmOptions so = slurm_options(o);
        return after_submit(o, cli::submit_rtl_flops_slurm(so), so, std::chrono::steady_clock::now());
    }
    if (f.list_units) return cli::inject_rtl_flops(nullptr, f);
    if (o.target.target.empty()) throw std::invalid_argument("--rtl-flops: TARGET is missing");
    const loaders::KernelImage img = cli::load_launch_target(o.target);
    return cli::inject_rtl_flops(&img, f);
}

int run(InjectOptions& o) {
    try {
        if (!o.merge.empty()) return merge(o, {o.merge.begin(), o.merge.end()}, 0.0);
        if (o.rtl_flops || o.flops.list_units) return run_rtl_flops(o);
        const faults::CampaignSpec spec = build_spec(o);
        const auto t0 = std::chrono::steady_clock::now();
        faults::Campaign c(spec);
        for (const auto& w : c.image().warnings) std::cerr << "fgtlm inject: warning: " << w << '\n';
        std::cerr << fmt::format("fgtlm inject: {}: golden run {} warp instructions; {} injections (seed {})\n",
                                 c.image().name, c.golden_steps(), c.size(), spec.seed);
        if (!o.rtl.empty()) return validate_rtl(o, c);
        if (o.rtl_verilated) return cli::validate_on_verilated_rtl(c, o.out, o.summary_json);
        if (o.backend == "slurm") {
            if (o.path != "core") throw std::invalid_argument("the Slurm backend runs the core path");
            const faults::SlurmOptions so = slurm_options(o);
            return after_submit(o, faults::submit_slurm(c, so), so, t0);
        }
        faults::LocalOptions lo;
        lo.out = o.out;
        lo.jobs = o.jobs;
        lo.keep_records = false;  // records stream to --out; the summary is counted as they come
        lo.progress = o.progress || (!o.no_progress && ::isatty(2));
        lo.shard = o.shard;
        lo.shards = o.o_shard->count() ? o.shards : 1;
        if (o.path == "systemc") lo.runner = faults::run_on_systemc;
        const faults::LocalResult r = faults::run_local(c, lo);
        if (r.resumed) std::cerr << fmt::format("fgtlm inject: resumed {} records from {}\n", r.resumed, o.out);
        faults::Summary sum = r.summary;
        sum.wall_seconds = r.wall_seconds;
        sum.injected = r.injected;
        report(o, sum, c.image().name);
        return 0;
    } catch (const std::invalid_argument& e) {
        std::cerr << "fgtlm inject: " << e.what() << '\n';
        return 2;
    } catch (const loaders::LoadError& e) {
        std::cerr << "fgtlm inject: " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "fgtlm inject: " << e.what() << '\n';
        return 1;
    }
}

// TARGET and the .sass/MODULE launch (loaders::LaunchTarget's checks), and the golden run's watchdog.
void add_target_options(CLI::App* sub, InjectOptions& opt) {
    InjectOptions* o = &opt;
    sub->add_option("target", o->target.target,
                    "bundle folder, FlexGripPlus application folder (--flexgrip), .sass file or MODULE");
    sub->add_flag("--flexgrip", o->target.flexgrip, "TARGET is a FlexGripPlus application folder");
    constexpr std::uint64_t k32 = 0xffffffffu;
    cli::add_unsigned_list(sub, "--grid", o->target.grid, "(.sass) gridDim X[,Y] (1..65535 each)", 1, 0xffff);
    cli::add_unsigned_list(sub, "--block", o->target.block, "(.sass) blockDim X[,Y,Z] (1..65535 each)", 1, 0xffff);
    sub->add_option("--param", o->target.param_texts,
                    "kernel parameter (repeatable): a 32-bit word, decimal or 0x hex; for a MODULE typed by the "
                    "PTX parameter (integer, or a float / 0x raw bits for .f32)");
    sub->add_option("--global-init", o->target.global_init, "(.sass) initial global memory image");
    cli::add_unsigned(sub, "--regs", o->target.regs, "(.sass) registers per thread", 0, k32);
    cli::add_unsigned(sub, "--shared", o->target.shared, "(.sass) static shared memory bytes", 0, k32);
    cli::add_unsigned(sub, "--blocks-per-sm", o->target.blocks_per_sm,
                      "blocks resident per SM (default 8; a MODULE: at most the blocks whose registers fit)", 0, k32);
    cli::add_module_options(sub, o->target);
    o->o_max = cli::add_unsigned(sub, "--max-instructions", o->max_instructions,
                                 "golden run watchdog: warp instructions (default 2e7, as `fgtlm run`)", 1,
                                 faults::kMaxGoldenInstructions);
}

// Flop-level injection on the Verilated RTL (inject_rtl_flops.hpp).
void add_rtl_flops_options(CLI::App* sub, InjectOptions& opt) {
    InjectOptions* o = &opt;
    sub->add_flag("--rtl-flops", o->rtl_flops,
                  "flip bits of the Verilated FlexGripPlus's flip-flops at random kernel cycles (builds with "
                  "-DFGTLM_FLEXGRIP_RTL); classes Masked/SDC/Hang per RTL unit");
    sub->add_option("--unit", o->flops.units,
                    "--rtl-flops: units (VHDL file stem or memory instance, --list-units) or instance-path prefixes; "
                    "default every register of the SM")
        ->delimiter(',');
    sub->add_flag("--rtl-verilated", o->rtl_verilated,
                  "validate the campaign's gpr/areg/pred/shared faults and pc/mask flips against the Verilated "
                  "FlexGripPlus, injection by injection");
    sub->add_flag("--memories", o->flops.memories, "--rtl-flops: memory words too (register files, warp state)");
    sub->add_flag("--list-units", o->flops.list_units, "--rtl-flops: list the units and their bits, then stop");
    cli::add_unsigned(sub, "--checkpoints", o->checkpoints, "--rtl-flops: golden snapshots (64)", 1, 100000);
}

const fgtlm::cli::SubcommandRegistration kInject{
    "inject", [](CLI::App& app) {
        auto o = std::make_shared<InjectOptions>();
        CLI::App* sub =
            app.add_subcommand("inject", "Fault-injection campaign: golden run, injections, Masked/SDC/DUE/Hang, AVF");
        add_target_options(sub, *o);
        sub->add_option("--campaign", o->campaign_file,
                        "campaign description, JSON (models/faults/README.md); options override it")
            ->check(CLI::ExistingFile);
        sub->add_option(
               "--structure", o->structures,
               "structures: gpr pred areg shared const global inst pc mask stack barrier sp fpu sfu (default gpr)")
            ->delimiter(',');
        o->o_model = sub->add_option("--model", o->model, "fault model: flip (transient), stuck0, stuck1 (permanent)");
        o->o_count = cli::add_unsigned(sub, "--count", o->count, "injections per structure (default 1000)", 1,
                                       faults::kMaxInjections);
        o->o_margin = cli::add_real(sub, "--margin", o->margin,
                                    "error margin: the count per structure follows Leveugle et al.", 0.0, 0.5);
        o->o_conf = cli::add_real(sub, "--confidence", o->confidence,
                                  "confidence level for --margin and the AVF interval (0.99)", 0.5, 0.999999);
        o->o_seed =
            cli::add_unsigned(sub, "--seed", o->seed, "campaign seed: same seed, same campaign", 0, io::kU64Max);
        sub->add_flag("--exhaustive", o->exhaustive, "every site at every instruction (small spaces)");
        o->o_at = cli::add_unsigned(sub, "--at-instruction", o->at_instruction,
                                    "all faults at this dynamic warp instruction", 0, io::kU64Max);
        o->o_atc = cli::add_unsigned(sub, "--at-cycle", o->at_cycle,
                                     "all faults at this fixed-mode cycle (32/lanes cycles per warp instruction)", 0,
                                     io::kU64Max);
        o->o_hang = cli::add_real(sub, "--hang-factor", o->hang_factor,
                                  "watchdog: this many times the golden instruction count (4)", 1.0, 1e6);
        sub->add_option("--out", o->out, "JSON Lines records (resumes a campaign interrupted half way)");
        sub->add_option("--summary-json", o->summary_json, "summary JSON: counts, AVF per structure, wall_seconds");
        sub->add_option("--plot", o->plot, "SVG plot of the classes and AVF per structure");
        cli::add_unsigned(sub, "-j,--jobs", o->jobs, "worker processes (local backend)", 1, 256);
        sub->add_flag("--progress", o->progress, "progress bar on stderr even when it is not a terminal");
        sub->add_flag("--no-progress", o->no_progress, "no progress bar");
        sub->add_option("--backend", o->backend, "local (worker processes) or slurm (sbatch job array)")
            ->check(CLI::IsMember({"local", "slurm"}));
        sub->add_option(
               "--path", o->path,
               "core: functional core with snapshot/restore (fast); systemc: the full SystemC model with fault "
               "probes in the SM pipeline, every injection from the start (slow, cross-check)")
            ->check(CLI::IsMember({"core", "systemc"}));
        cli::add_unsigned(sub, "--shards", o->shards, "Slurm: array tasks; with --shard: shard count", 1, 10000);
        o->o_shard =
            cli::add_unsigned(sub, "--shard", o->shard, "run only shard K (injections id % shards == K)", 0, 9999);
        sub->add_option("--work-dir", o->work_dir, "Slurm: folder for the campaign, script and shard files");
        sub->add_flag("--no-wait", o->no_wait, "Slurm: submit and return (merge later with --merge)");
        sub->add_option("--partition", o->partition, "Slurm partition");
        sub->add_option(
            "--rtl", o->rtl,
            "validate the gpr/areg/pred faults against this FlexGripPlus RTL folder under GHDL (slow: seconds "
            "per injection)");
        sub->add_option("--rtl-cache", o->rtl_cache, "RTL build cache folder (default as fgtlm cosim)");
        sub->add_option("--rtl-work-dir", o->rtl_work_dir,
                        "keep the RTL run folders here (default: a temporary folder)");
        sub->add_option("--merge", o->merge, "merge shard JSON Lines files into one summary (and --out)");
        add_rtl_flops_options(sub, *o);
        return std::function<int()>([o] { return run(*o); });
    }};

}  // namespace
