// Runs the elaborated testbench on one launch (file formats: models/cosim/README.md).
#include <fgtlm/cosim/rtl_run.hpp>

#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include <fgtlm/loaders/testbench_loader.hpp>
#include <fgtlm/loaders/testbench_writer.hpp>

#include <fgtlm/cosim/rtl_result_cache.hpp>
#include "process.hpp"

namespace fgtlm::cosim {

namespace fs = std::filesystem;

namespace {

void write_text(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
    if (!out) throw CosimError(file.string() + ": cannot write");
}

// fgtlm_launch.txt: 92 words, one per line (the order pick_bench.vhd reads them).
std::string launch_text(const loaders::KernelImage& img, const RtlRunOptions& opt) {
    const core::LaunchConfig& L = img.launch;
    std::vector<std::uint32_t> w{L.block[0], L.block[1], L.block[2], L.grid[0], L.grid[1],
                                 std::uint32_t(L.const_mem.size()), std::uint32_t(L.params.size()), L.regs_per_thread,
                                 L.shared_bytes, L.blocks_per_sm, loaders::read_data_size(img)};
    for (std::size_t i = 0; i < 16; ++i) w.push_back(i < L.params.size() ? L.params[i] : 0u);
    for (std::size_t i = 0; i < 64; ++i) w.push_back(i < L.const_mem.size() ? L.const_mem[i] : 0u);
    w.push_back((opt.fast_dump ? 1u : 0u) | (opt.commit_trace ? 2u : 0u));
    std::string s;
    for (auto v : w) s += fmt::format("{:08x}\n", v);
    return s;
}

std::string program_text(const loaders::KernelImage& img) {
    std::string s = fmt::format("{:08x}\n", img.program.size());
    for (auto v : img.program) s += fmt::format("{:08x}\n", v);
    return s;
}

// fgtlm_result.txt: `key value` lines written by the monitor.
void read_result(const fs::path& file, RtlResult& r) {
    std::ifstream in(file);
    std::string key;
    std::uint64_t value = 0;
    while (in >> key >> value) {
        if (key == "kernel_cycles") {
            r.kernel_cycles = value;
            r.kernel_done = true;
        }
    }
}

std::string read_optional(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream s;
    if (in) s << in.rdbuf();
    return s.str();
}

void write_run_files(const RtlRunInputs& in, const fs::path& run_dir) {
    std::error_code ec;
    fs::create_directories(run_dir, ec);
    if (ec) throw CosimError(run_dir.string() + ": cannot create: " + ec.message());
    for (const auto& stale : rtl_output_files()) fs::remove(run_dir / stale, ec);
    for (const auto& [name, text] : in.files) {
        fs::remove(run_dir / name, ec);  // an earlier copy may be read-only
        write_text(run_dir / name, text);
    }
}

}  // namespace

RtlRunInputs rtl_run_inputs(const RtlBuild& build, const loaders::KernelImage& img, const RtlRunOptions& opt) {
    loaders::validate_for_testbench(img);
    if (img.cores != build.cores)
        throw CosimError(
            fmt::format("{}: launch wants {} cores, the RTL build has {}", img.name, img.cores, build.cores));
    RtlRunInputs in;
    in.files = {{"fgtlm_launch.txt", launch_text(img, opt)},
                {"fgtlm_program.txt", program_text(img)},
                {"global_mem.mif", loaders::global_mem_mif(img)},
                {"constant_mem.mif", ""},  // constants come from the launch (zero elsewhere, as in the model)
                {"system_mem.mif", read_optional(build.rtl_dir / "RTL" / "system_mem.mif")}};
    in.sim_args = {"--ieee-asserts=disable", "--max-stack-alloc=0"};
    // Stop time: the launch phase (one cycle per instruction word + ~100) plus the kernel.
    if (opt.max_cycles != 0)
        in.sim_args.push_back(fmt::format("--stop-time={}ns", 10 * (opt.max_cycles + img.program.size() + 1000)));
    return in;
}

void write_rtl_inputs(const RtlBuild& build, const loaders::KernelImage& img, const fs::path& run_dir,
                      const RtlRunOptions& opt) {
    write_run_files(rtl_run_inputs(build, img, opt), run_dir);
}

RtlResult run_rtl(const RtlBuild& build, const loaders::KernelImage& img, const fs::path& run_dir,
                  const RtlRunOptions& opt) {
    const RtlRunInputs in = rtl_run_inputs(build, img, opt);
    write_run_files(in, run_dir);
    const std::string key = opt.result_cache.empty() ? std::string() : rtl_run_key(build.key, in);
    if (!key.empty()) {
        if (const auto hit = restore_rtl_run(opt.result_cache, key, run_dir)) {
            RtlResult r = read_rtl_outputs(run_dir, opt);
            r.wall_seconds = hit->wall_seconds;
            r.from_cache = true;
            r.cache_key = key;
            return r;
        }
        if (opt.cache_only)
            throw CosimError(fmt::format("{}: no cached RTL result (key {} in {}) and simulating is not allowed",
                                         img.name, key, opt.result_cache.string()));
    }
    std::vector<std::string> argv{build.executable.string()};
    argv.insert(argv.end(), in.sim_args.begin(), in.sim_args.end());
    ProcessOptions po;
    po.cwd = run_dir;
    po.output = run_dir / "rtl_sim.log";
    po.timeout_seconds = opt.timeout_seconds;
    po.unlimited_stack = true;
    const ProcessResult p = run_process(argv, po);

    RtlResult r = read_rtl_outputs(run_dir, opt);
    r.wall_seconds = p.wall_seconds;
    r.timed_out = p.timed_out;
    r.cache_key = key;
    // Only deterministic endings are cached: kernel done, or the simulated-time limit. Not a
    // wall-clock timeout and not a simulator killed by a signal.
    const bool deterministic = !p.timed_out && p.exit_code < 128 && (r.kernel_done || opt.max_cycles != 0);
    if (!key.empty() && deterministic)
        store_rtl_run(opt.result_cache, {key, p.wall_seconds, p.exit_code}, build.key, run_dir);
    return r;
}

RtlResult read_rtl_outputs(const fs::path& run_dir, const RtlRunOptions& opt) {
    RtlResult r;
    r.run_dir = run_dir;
    r.log_tail = tail_of_file(run_dir / "rtl_sim.log", 12);
    read_result(run_dir / "fgtlm_result.txt", r);
    const fs::path mem = opt.fast_dump ? run_dir / "fgtlm_gmem.log" : run_dir / "gpgpu_rdata.log";
    if (r.kernel_done && fs::is_regular_file(mem)) r.memory = loaders::read_rdata_log(mem);
    if (opt.commit_trace && fs::is_regular_file(run_dir / "fgtlm_commit.raw"))
        r.commit_trace = run_dir / "fgtlm_commit.raw";
    return r;
}

}  // namespace fgtlm::cosim
