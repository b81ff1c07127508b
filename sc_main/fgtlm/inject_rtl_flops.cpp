#include "inject_rtl_flops.hpp"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include <fgtlm/faults/backends.hpp>
#include <fgtlm/faults/summary.hpp>
#include <fgtlm/io/output_file.hpp>

#ifdef FGTLM_HAVE_RTL
#include <fgtlm/rtl/flop_campaign.hpp>
#include <fgtlm/rtl/verilated_validation.hpp>
#endif

namespace fgtlm::cli {

namespace {

namespace fs = std::filesystem;

#ifdef FGTLM_HAVE_RTL

// --list-units: registers and memories per unit (bits), the flop-level fault space.
int list_units() {
    struct Count {
        std::uint64_t regs = 0, reg_bits = 0, mems = 0, mem_bits = 0;
    };
    std::map<std::string, Count> units;
    for (const rtl::RtlStorageInfo& s : rtl::RtlBackend::verilated_storage()) {
        if (!s.path.starts_with("ustreamingmultiprocessor.") && s.depth == 0) continue;
        Count& c = units[rtl::unit_of(s)];
        if (s.depth == 0)
            ++c.regs, c.reg_bits += s.width;
        else
            ++c.mems, c.mem_bits += std::uint64_t(s.width) * s.depth;
    }
    std::cout << fmt::format("{:<34} {:>9} {:>10} {:>8} {:>12}\n", "unit", "registers", "bits", "memories", "bits");
    for (const auto& [name, c] : units)
        std::cout << fmt::format("{:<34} {:>9} {:>10} {:>8} {:>12}\n", name, c.regs, c.reg_bits, c.mems, c.mem_bits);
    return 0;
}

rtl::FlopCampaignKernel kernel_of(const loaders::KernelImage& img) {
    if (img.cores != rtl::RtlBackend::verilated_cores())
        throw std::invalid_argument(
            fmt::format("{} needs {} cores; this build's RTL model has {} (configure with "
                        "-DFGTLM_RTL_CORES={})",
                        img.name, img.cores, rtl::RtlBackend::verilated_cores(), img.cores));
    return {img.name, img.program, img.global_init, img.launch};
}

// This process's command line (quoted) without the options the Slurm script sets per shard.
std::string shard_command() {
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::vector<std::string> argv;
    for (std::string a; std::getline(in, a, '\0');) argv.push_back(a);
    static const std::set<std::string> with_value = {"--backend",      "--work-dir", "--partition", "--out",
                                                     "--summary-json", "--plot",     "--shards",    "--shard"};
    static const std::set<std::string> flags = {"--no-wait", "--progress", "--no-progress"};
    std::error_code ec;
    std::string cmd = faults::shell_quoted(fs::read_symlink("/proc/self/exe", ec).string());
    for (std::size_t i = 1; i < argv.size(); ++i) {
        const std::string name = argv[i].substr(0, argv[i].find('='));
        if (with_value.contains(name)) {
            i += argv[i].find('=') == std::string::npos ? 1 : 0;
            continue;
        }
        if (flags.contains(argv[i])) continue;
        cmd += ' ';  // appended in two steps: GCC 12 warns falsely (-Wrestrict) on " " + a temporary
        cmd += faults::shell_quoted(argv[i]);
    }
    return cmd;
}

void report(const RtlFlopsOptions& o, faults::Summary& sum, const std::string& title) {
    faults::print_table(std::cout, sum);
    std::cout << fmt::format("{} injections in {:.2f} s ({:.1f} injections/s, flop level on the Verilated RTL)\n",
                             sum.injected, sum.wall_seconds,
                             sum.wall_seconds > 0 ? double(sum.injected) / sum.wall_seconds : 0.0);
    if (!o.summary_json.empty()) io::write_file(o.summary_json, faults::to_json(sum).dump(2) + "\n");
    if (!o.plot.empty()) io::write_file(o.plot, faults::svg_plot(sum, title));
}

int run_local(const loaders::KernelImage& img, const RtlFlopsOptions& o) {
    rtl::FlopCampaignSpec spec;
    spec.units = o.units;
    spec.memories = o.memories;
    spec.count = o.count;
    spec.seed = o.seed;
    spec.shard = o.shard;
    spec.shards = o.shards;
    spec.hang_factor = o.hang_factor;
    spec.checkpoints = o.checkpoints;
    spec.confidence = o.confidence;
    const auto t0 = std::chrono::steady_clock::now();
    rtl::FlopCampaign c(kernel_of(img), spec);
    const std::vector<std::uint64_t> ids = c.shard_ids();
    std::cerr << fmt::format(
        "fgtlm inject: {}: golden run {} RTL cycles; {} flops/memories, {} bits; {} injections "
        "(seed {}, shard {} of {})\n",
        img.name, c.golden_cycles(), c.storages(), c.space_bits(), ids.size(), o.seed, o.shard, o.shards);
    std::optional<io::OutputFile> out;
    if (!o.out.empty()) {
        out.emplace(o.out);
        out->write(c.header().dump() + "\n");
    }
    faults::SummaryBuilder sum(o.confidence);
    const auto t1 = std::chrono::steady_clock::now();
    for (std::size_t n = 0; n < ids.size(); ++n) {
        const nlohmann::json rec = c.record(c.run(ids[n]));
        sum.add(rec);
        if (out) out->write(rec.dump() + "\n");
        if (o.progress && (n + 1) % 50 == 0) std::cerr << fmt::format("\r{} of {}", n + 1, ids.size()) << std::flush;
    }
    if (o.progress) std::cerr << '\n';
    if (out) out->commit();
    faults::Summary s = sum.finish();
    s.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    std::cerr << fmt::format("fgtlm inject: golden runs and snapshots {:.2f} s\n",
                             std::chrono::duration<double>(t1 - t0).count());
    report(o, s, img.name);
    return 0;
}

#endif  // FGTLM_HAVE_RTL

}  // namespace

int inject_rtl_flops(const loaders::KernelImage* image, const RtlFlopsOptions& o) {
#ifdef FGTLM_HAVE_RTL
    if (o.list_units) return list_units();
    if (image == nullptr) throw std::invalid_argument("--rtl-flops: TARGET is missing");
    return run_local(*image, o);
#else
    (void)image;
    (void)o;
    throw std::invalid_argument(
        "--rtl-flops needs the Verilated FlexGripPlus, which this build does not have (configure with "
        "-DFGTLM_FLEXGRIP_RTL=PATH to a FlexGripPlus folder; models/rtl/README.md)");
#endif
}

std::string submit_rtl_flops_slurm(const faults::SlurmOptions& so) {
#ifdef FGTLM_HAVE_RTL
    return faults::submit_slurm_command(shard_command(), so);
#else
    (void)so;
    throw std::invalid_argument("--rtl-flops needs the Verilated FlexGripPlus, which this build does not have");
#endif
}

int validate_on_verilated_rtl(faults::Campaign& c, const std::string& out_path, const std::string& summary_json) {
#ifdef FGTLM_HAVE_RTL
    std::vector<std::uint64_t> ids(c.size());
    for (std::uint64_t i = 0; i < ids.size(); ++i) ids[i] = i;
    std::optional<io::OutputFile> out;
    if (!out_path.empty()) out.emplace(out_path);
    const auto t0 = std::chrono::steady_clock::now();
    const faults::RtlValidationSummary s = rtl::validate_on_verilated(
        c, ids,
        [&](const nlohmann::json& rec) {
            if (out) out->write(rec.dump() + "\n");
        },
        &std::cerr);
    if (out) out->commit();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const nlohmann::json j = {{"injections", s.injections}, {"agree", s.agree},           {"model/rtl", s.confusion},
                              {"not_stored", s.not_stored}, {"structures", s.structures}, {"seed", c.spec().seed},
                              {"kernel", c.image().name},   {"wall_seconds", wall},       {"rtl", "verilated"}};
    std::cout << fmt::format("RTL validation (Verilated): {} of {} injections agree\n{}\n", s.agree, s.injections,
                             j.dump(1));
    if (!summary_json.empty()) io::write_file(summary_json, j.dump(2) + "\n");
    return s.agree == s.injections ? 0 : 1;
#else
    (void)c;
    (void)out_path;
    (void)summary_json;
    throw std::invalid_argument(
        "--rtl-verilated needs the Verilated FlexGripPlus, which this build does not have "
        "(configure with -DFGTLM_FLEXGRIP_RTL=PATH to a FlexGripPlus folder)");
#endif
}

}  // namespace fgtlm::cli
