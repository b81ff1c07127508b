// GHDL build of the FlexGripPlus testbench with fgtlm's run-time launch files and probes.
#include <fgtlm/cosim/rtl_build.hpp>

#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <regex>
#include <sstream>

#include <fmt/format.h>

#include "fnv.hpp"
#include "process.hpp"
#include "rtl_patches.hpp"
#include "rtl_vhdl.hpp"

namespace fgtlm::cosim {

namespace fs = std::filesystem;

namespace {

// Bump when the way a build is made changes (flags, patch logic), so old caches are not reused.
constexpr const char* kBuildFormat = "fgtlm-rtl-build-3";
const std::vector<std::string> kGhdlFlags = {"--std=08", "-frelaxed", "-fsynopsys"};

std::string read_file(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw CosimError(file.string() + ": cannot read");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void write_file(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
    if (!out) throw CosimError(file.string() + ": cannot write");
}

std::string source_key(const std::vector<fs::path>& files, unsigned cores, const std::string& ghdl, bool faults,
                       const RtlBuildVariant* variant) {
    Fnv64 f;
    f.add(kBuildFormat);
    if (variant != nullptr) {  // only then: ordinary keys stay as they were
        f.add("variant " + variant->name + " " + variant->top + " " + variant->patch_key);
        for (const auto* list : {&variant->packages, &variant->units, &variant->c_sources})
            for (const auto& [name, text] : *list) { f.add(name); f.add(text); }
    }
    if (faults)  // only then: the keys (and caches) of ordinary builds stay as they were
        for (const char* t :
             {"fault-injection", vhdl::kFaultPackage, vhdl::kFaultProbes, vhdl::kDpRegfileFlip, vhdl::kDpRegfileStuck})
            f.add(t);
    f.add(ghdl);
    f.add(std::to_string(cores));
    for (const char* t : {vhdl::kPickBench, vhdl::kTpInstructions, vhdl::kTpConfiguration, vhdl::kProbePackage,
                          vhdl::kMonitor, vhdl::kDpRamDump, vhdl::kSmProbes})
        f.add(t);
    for (const auto& file : files) {
        f.add(file.filename().string());
        f.add(read_file(file));
    }
    return fmt::format("{:016x}", f.h);
}

// Holds an exclusive flock on a file for the lifetime of the object.
class FileLock {
public:
    explicit FileLock(const fs::path& file) {
        fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd_ < 0 || ::flock(fd_, LOCK_EX) != 0) throw CosimError(file.string() + ": cannot lock");
    }
    ~FileLock() {
        if (fd_ >= 0) ::close(fd_);
    }
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

private:
    int fd_ = -1;
};

void analyse(const RtlBuildOptions& opt, const fs::path& work, const fs::path& file, const fs::path& log) {
    std::vector<std::string> argv{opt.ghdl, "-a"};
    argv.insert(argv.end(), kGhdlFlags.begin(), kGhdlFlags.end());
    argv.push_back("--workdir=" + work.string());
    argv.push_back(file.string());
    ProcessOptions po;
    po.output = log;
    po.append_output = true;
    const ProcessResult r = run_process(argv, po);
    if (r.exit_code != 0)
        throw CosimError(
            fmt::format("GHDL analysis of {} failed (log {}):\n{}", file.string(), log.string(), tail_of_file(log)));
}

// The variant's C sources compiled next to the VHDL; the linker options that add them.
std::vector<std::string> compile_c_sources(const RtlBuildVariant& variant, const fs::path& src, const fs::path& log) {
    std::vector<std::string> link;
    for (const auto& [name, text] : variant.c_sources) {
        const fs::path c = src / name, o = fs::path(c).replace_extension(".o");
        write_file(c, text);
        ProcessOptions po;
        po.output = log;
        po.append_output = true;
        if (run_process({"cc", "-O2", "-fPIC", "-c", c.string(), "-o", o.string()}, po).exit_code != 0)
            throw CosimError(fmt::format("cc {} failed (log {}):\n{}", c.string(), log.string(), tail_of_file(log)));
        link.push_back("-Wl," + o.string());
    }
    return link;
}

// ghdl -e of `top` in dir/work into the executable dir/top.
void elaborate(const RtlBuildOptions& opt, const fs::path& dir, const std::string& top,
               const std::vector<std::string>& link) {
    const fs::path work = dir / "work", log = dir / "build.log";
    std::vector<std::string> argv{opt.ghdl, "-e"};
    argv.insert(argv.end(), kGhdlFlags.begin(), kGhdlFlags.end());
    argv.push_back("--workdir=" + work.string());
    argv.insert(argv.end(), link.begin(), link.end());
    argv.insert(argv.end(), {"-o", (dir / top).string(), top});
    ProcessOptions po;
    po.cwd = dir;
    po.output = log;
    po.append_output = true;
    if (run_process(argv, po).exit_code != 0)
        throw CosimError(fmt::format("GHDL elaboration failed (log {}):\n{}", log.string(), tail_of_file(log)));
}

// Analyses every file in compile order, substituting fgtlm's versions, then elaborates.
void build_into(const RtlBuildOptions& opt, const std::vector<fs::path>& files, const fs::path& dir) {
    const fs::path src = dir / "src", work = dir / "work", log = dir / "build.log";
    fs::create_directories(src);
    fs::create_directories(work);
    const auto own = [&](const char* name, const std::string& text) {
        write_file(src / name, text);
        return src / name;
    };
    std::string pick = vhdl::kPickBench;
    pick = std::regex_replace(pick, std::regex("@CORES@"), std::to_string(opt.cores));
    pick = std::regex_replace(pick, std::regex("@WARP_LANES@"), std::to_string(32 / opt.cores));
    const RtlBuildVariant* variant = opt.variant;
    // A file as fgtlm's patches leave it, then the variant's patch (which may copy it too).
    const auto analyse_text = [&](const std::string& name, const std::string& text) {
        if (variant != nullptr && variant->patch)
            if (auto patched = variant->patch(name, text)) return analyse(opt, work, own(name.c_str(), *patched), log);
        analyse(opt, work, own(name.c_str(), text), log);
    };
    const auto analyse_file = [&](const fs::path& file) {
        const std::string name = file.filename().string();
        if (variant != nullptr && variant->patch)
            if (auto patched = variant->patch(name, read_file(file)))
                return analyse(opt, work, own(name.c_str(), *patched), log);
        analyse(opt, work, file, log);
    };
    for (const auto& file : files) {
        const std::string name = file.filename().string();
        if (name == "pick_bench.vhd") {
            analyse(opt, work, own("pick_bench.vhd", pick), log);
            analyse(opt, work, own("fgtlm_probe.vhd", vhdl::kProbePackage), log);
            if (variant != nullptr)
                for (const auto& [unit, text] : variant->packages) analyse(opt, work, own(unit.c_str(), text), log);
            if (opt.fault_injection) analyse(opt, work, own("fgtlm_fault.vhd", vhdl::kFaultPackage), log);
        } else if (name == "dp_regfile.vhd" && opt.fault_injection) {
            analyse(opt, work, own("dp_regfile.vhd", patch_dp_regfile_flip(read_file(file), file)), log);
        } else if (name == "TP_instructions.vhd") {
            analyse(opt, work, own("TP_instructions.vhd", vhdl::kTpInstructions), log);
        } else if (name == "TP_configuration.vhd") {
            analyse(opt, work, own("TP_configuration.vhd", vhdl::kTpConfiguration), log);
        } else if (name == "dp_ram.vhd") {
            analyse_text("dp_ram.vhd", patch_dp_ram(read_file(file), file));
        } else if (name == "streaming_multiprocessor.vhd") {
            std::string sm = patch_streaming_multiprocessor(read_file(file), file);
            if (opt.fault_injection) sm = patch_streaming_multiprocessor_faults(sm, file);
            analyse_text("streaming_multiprocessor.vhd", sm);
        } else if (name == "tb_top_level.vhd") {
            analyse(opt, work, own("fgtlm_monitor.vhd", vhdl::kMonitor), log);
            analyse(opt, work, own("tb_top_level.vhd", patch_testbench(read_file(file), file)), log);
        } else {
            analyse_file(file);
        }
    }
    const std::string top = variant != nullptr ? variant->top : "tb_top_level";
    std::vector<std::string> link;  // -Wl,object for every C source of the variant
    if (variant != nullptr) {
        for (const auto& [unit, text] : variant->units) analyse(opt, work, own(unit.c_str(), text), log);
        link = compile_c_sources(*variant, src, log);
    }
    elaborate(opt, dir, top, link);
}

}  // namespace

fs::path default_cache_dir() {
    if (const char* c = std::getenv("FGTLM_RTL_CACHE"); c != nullptr && *c != '\0') return c;
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x != nullptr && *x != '\0') return fs::path(x) / "fgtlm" / "rtl";
    if (const char* h = std::getenv("HOME"); h != nullptr && *h != '\0')
        return fs::path(h) / ".cache" / "fgtlm" / "rtl";
    return fs::temp_directory_path() / "fgtlm-rtl-cache";
}

std::vector<fs::path> compile_order(const fs::path& rtl_dir) {
    const fs::path tcl = rtl_dir / "lib_m" / "gpgpu_compile.tcl";
    if (!fs::is_directory(rtl_dir / "RTL") || !fs::is_regular_file(tcl))
        throw CosimError(rtl_dir.string() + ": not a FlexGripPlus folder (expected RTL/ and lib_m/gpgpu_compile.tcl)");
    const std::string text = read_file(tcl);
    static const std::regex entry(R"re("\$GPGPU_GENERIC_ROOT/([^"]+\.vhdl?)")re");
    std::vector<fs::path> files;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), entry); it != std::sregex_iterator(); ++it) {
        const fs::path f = fs::absolute(rtl_dir / "RTL" / (*it)[1].str()).lexically_normal();
        if (!fs::is_regular_file(f)) throw CosimError(tcl.string() + ": listed file " + f.string() + " does not exist");
        files.push_back(f);
    }
    for (const char* needed : {"pick_bench.vhd", "dp_ram.vhd", "streaming_multiprocessor.vhd", "TP_instructions.vhd",
                               "TP_configuration.vhd", "tb_top_level.vhd"}) {
        bool found = false;
        for (const auto& f : files) found = found || f.filename() == needed;
        if (!found) throw CosimError(tcl.string() + ": compile order does not list " + needed);
    }
    return files;
}

RtlBuild ensure_rtl_build(const RtlBuildOptions& opt) {
    if (opt.cores != 8 && opt.cores != 16 && opt.cores != 32)
        throw CosimError(fmt::format("{} SP cores: FlexGripPlus builds take 8, 16 or 32", opt.cores));
    const auto files = compile_order(opt.rtl_dir);
    RtlBuild b;
    b.rtl_dir = fs::absolute(opt.rtl_dir);
    b.cores = opt.cores;
    b.key = source_key(files, opt.cores, opt.ghdl, opt.fault_injection, opt.variant);
    const std::string tag = opt.variant != nullptr ? "-" + opt.variant->name : "";
    b.dir = opt.cache_dir / fmt::format("c{}{}{}-{}", opt.cores, opt.fault_injection ? "f" : "", tag, b.key);
    b.executable = b.dir / (opt.variant != nullptr ? opt.variant->top : "tb_top_level");
    std::error_code ec;
    fs::create_directories(opt.cache_dir, ec);
    if (ec) throw CosimError(opt.cache_dir.string() + ": cannot create cache folder: " + ec.message());
    FileLock lock(opt.cache_dir / fmt::format("c{}-{}.lock", opt.cores, b.key));
    if (fs::is_regular_file(b.dir / "BUILD_OK") && fs::is_regular_file(b.executable)) {
        b.reused = true;
        return b;
    }
    if (opt.log != nullptr)
        *opt.log << fmt::format("fgtlm: building the RTL ({} cores) with {} into {} ...\n", opt.cores, opt.ghdl,
                                b.dir.string())
                 << std::flush;
    const auto t0 = std::chrono::steady_clock::now();
    const fs::path tmp = opt.cache_dir / fmt::format("c{}-{}.tmp{}", opt.cores, b.key, ::getpid());
    fs::remove_all(tmp, ec);
    fs::remove_all(b.dir, ec);
    try {
        build_into(opt, files, tmp);
    } catch (const std::exception& e) {
        fs::remove_all(b.dir, ec);
        fs::rename(tmp, b.dir, ec);  // keep the folder and its build.log for the user to read
        throw CosimError(std::string(e.what()) + "(build folder kept as " + b.dir.string() + ")");
    }
    write_file(tmp / "BUILD_OK", std::string(kBuildFormat) + "\n" + b.rtl_dir.string() + "\n");
    fs::rename(tmp, b.dir);
    b.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (opt.log != nullptr)
        *opt.log << fmt::format("fgtlm: RTL build done in {:.1f} s\n", b.build_seconds) << std::flush;
    return b;
}

}  // namespace fgtlm::cosim
