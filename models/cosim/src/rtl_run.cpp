// Runs the elaborated testbench on one launch (file formats: models/cosim/README.md).
#include "fgtlm/cosim/rtl_run.hpp"

#include <fstream>

#include <fmt/format.h>

#include <fgtlm/loaders/testbench_loader.hpp>
#include <fgtlm/loaders/testbench_writer.hpp>

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

}  // namespace

void write_rtl_inputs(const RtlBuild& build, const loaders::KernelImage& img, const fs::path& run_dir, const RtlRunOptions& opt) {
    loaders::validate_for_testbench(img);
    if (img.cores != build.cores)
        throw CosimError(fmt::format("{}: launch wants {} cores, the RTL build has {}", img.name, img.cores, build.cores));
    std::error_code ec;
    fs::create_directories(run_dir, ec);
    if (ec) throw CosimError(run_dir.string() + ": cannot create: " + ec.message());
    for (const char* stale : {"fgtlm_result.txt", "fgtlm_gmem.log", "gpgpu_rdata.log", "fgtlm_commit.raw"}) fs::remove(run_dir / stale, ec);
    write_text(run_dir / "fgtlm_launch.txt", launch_text(img, opt));
    write_text(run_dir / "fgtlm_program.txt", program_text(img));
    write_text(run_dir / "global_mem.mif", loaders::global_mem_mif(img));
    write_text(run_dir / "constant_mem.mif", "");  // constants come from the launch (zero elsewhere, as in the model)
    const fs::path sysmem = build.rtl_dir / "RTL" / "system_mem.mif";
    if (fs::is_regular_file(sysmem)) {
        fs::copy_file(sysmem, run_dir / "system_mem.mif", fs::copy_options::overwrite_existing);
        fs::permissions(run_dir / "system_mem.mif", fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::add);
    }
    else write_text(run_dir / "system_mem.mif", "");
}

RtlResult run_rtl(const RtlBuild& build, const loaders::KernelImage& img, const fs::path& run_dir, const RtlRunOptions& opt) {
    write_rtl_inputs(build, img, run_dir, opt);
    std::vector<std::string> argv{build.executable.string(), "--ieee-asserts=disable", "--max-stack-alloc=0"};
    // Stop time: the launch phase (one cycle per instruction word + ~100) plus the kernel.
    if (opt.max_cycles != 0) argv.push_back(fmt::format("--stop-time={}ns", 10 * (opt.max_cycles + img.program.size() + 1000)));
    ProcessOptions po;
    po.cwd = run_dir;
    po.output = run_dir / "rtl_sim.log";
    po.timeout_seconds = opt.timeout_seconds;
    po.unlimited_stack = true;
    const ProcessResult p = run_process(argv, po);

    RtlResult r = read_rtl_outputs(run_dir, opt);
    r.wall_seconds = p.wall_seconds;
    r.timed_out = p.timed_out;
    return r;
}

RtlResult read_rtl_outputs(const fs::path& run_dir, const RtlRunOptions& opt) {
    RtlResult r;
    r.run_dir = run_dir;
    r.log_tail = tail_of_file(run_dir / "rtl_sim.log", 12);
    read_result(run_dir / "fgtlm_result.txt", r);
    const fs::path mem = opt.fast_dump ? run_dir / "fgtlm_gmem.log" : run_dir / "gpgpu_rdata.log";
    if (r.kernel_done && fs::is_regular_file(mem)) r.memory = loaders::read_rdata_log(mem);
    if (opt.commit_trace && fs::is_regular_file(run_dir / "fgtlm_commit.raw")) r.commit_trace = run_dir / "fgtlm_commit.raw";
    return r;
}

}  // namespace fgtlm::cosim
