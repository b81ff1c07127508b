// GPR fault injection into the RTL (models/cosim fault-injection build) and comparison of the
// classes with the model's (models/faults/README.md, "Validation against the RTL").
#include "fgtlm/faults/rtl_validation.hpp"

#include <unistd.h>

#include <fstream>
#include <ostream>
#include <stdexcept>

#include <fmt/format.h>

#include <fgtlm/cosim/rtl_run.hpp>

#include "fgtlm/faults/machine.hpp"

namespace fgtlm::faults {

namespace fs = std::filesystem;

namespace {

// Counts warp `warp`'s instructions fetched before the model's instruction `time`.
struct WarpCounter {
    std::uint32_t warp = 0;
    std::uint32_t count = 0;
    void after_fetch(core::ExecContext& ctx) { count += ctx.warp_slot == warp ? 1u : 0u; }
    void after_execute(core::ExecContext&) {}
};

// RTL class of a run against the RTL golden run's memory.
std::string rtl_class(const cosim::RtlResult& r, const loaders::ExpectedRange& golden) {
    if (!r.kernel_done) return "Hang";
    if (r.memory.words != golden.words) return "SDC";  // includes 'u'/'x' words
    return "Masked";
}

}  // namespace

RtlGprSite rtl_gpr_site(Campaign& c, const Fault& f) {
    if (f.structure != Structure::Gpr || f.model != FaultModel::Flip)
        throw std::invalid_argument("RTL validation covers transient GPR flips only");
    const loaders::KernelImage& img = c.image();
    const std::uint32_t regs = img.launch.regs_per_thread, cores = img.cores;
    RtlGprSite s;
    s.warp = f.a / regs;
    // dp_regfile address: warp_lane_id & (base + reg), 9 bits of row (8 cores: 2 pass bits;
    // 16 cores: 1; 32 cores: none), thread lane = pass * cores + core.
    s.core = f.b % cores;
    s.address = (f.b / cores) * 512u + f.a;
    s.bit = f.bit;
    core::Program program;
    program.bind(img.program.data(), std::uint32_t(img.program.size()));
    Machine m(img, program);
    m.start();
    WarpCounter wc{s.warp, 0};
    while (m.steps() < f.time && m.step(wc) == RunStatus::Running) {}
    s.k = wc.count;
    s.reached = m.status() == RunStatus::Running && m.sm().warp(s.warp).status != core::WarpStatus::Done;
    return s;
}

RtlValidationSummary validate_on_rtl(Campaign& c, const std::vector<std::uint64_t>& ids, const RtlValidationOptions& opt,
                                     const std::function<void(const nlohmann::json&)>& sink, std::ostream* log) {
    // The RTL dumps the whole global memory the model compares (the bundle's own dump range
    // may leave outputs out: VectorAdd_float's covers only its inputs).
    loaders::KernelImage img = c.image();
    img.dump = {0, std::uint32_t(c.golden_global().size() & ~std::size_t(3))};
    cosim::RtlBuildOptions bo;
    bo.rtl_dir = opt.rtl_dir;
    bo.cores = img.cores;
    bo.cache_dir = fs::absolute(opt.cache_dir.empty() ? cosim::default_cache_dir() : opt.cache_dir);  // runs chdir
    bo.log = log;
    bo.fault_injection = true;
    const cosim::RtlBuild build = cosim::ensure_rtl_build(bo);
    const fs::path work = opt.work_dir.empty() ? fs::temp_directory_path() / fmt::format("fgtlm-rtl-faults-{}", ::getpid())
                                               : opt.work_dir;
    cosim::RtlRunOptions ro;
    ro.timeout_seconds = opt.timeout_seconds;
    ro.commit_trace = false;
    // Hang watchdog in simulated cycles: the campaign's factor times the golden run's cycles.
    const fs::path golden_dir = work / "golden";
    std::error_code ec;
    fs::create_directories(golden_dir, ec);
    fs::remove(golden_dir / "fgtlm_fault.txt", ec);
    const cosim::RtlResult golden = cosim::run_rtl(build, img, golden_dir, ro);
    if (!golden.kernel_done) throw std::runtime_error("RTL golden run did not finish:\n" + golden.log_tail);
    ro.max_cycles = std::uint64_t(double(golden.kernel_cycles) * c.spec().hang_factor) + 2000;
    if (log != nullptr) *log << fmt::format("RTL golden run: {} kernel cycles, {:.1f} s\n", golden.kernel_cycles, golden.wall_seconds);

    RtlValidationSummary sum;
    std::vector<nlohmann::json> model;
    c.run(ids, [&](const std::string& line) { model.push_back(nlohmann::json::parse(line)); });
    for (nlohmann::json rec : model) {
        const std::uint64_t id = rec.at("id");
        const Fault f = c.fault(id);
        const RtlGprSite s = rtl_gpr_site(c, f);
        const fs::path dir = work / "run";
        fs::create_directories(dir, ec);
        {
            std::ofstream req(dir / "fgtlm_fault.txt");
            // Unreached time: the request names a fetch that never comes (no flip), as in the model.
            req << s.warp << ' ' << (s.reached ? s.k : 0x7fffffffu) << ' ' << s.core << ' ' << s.address << ' ' << s.bit << '\n';
        }
        const cosim::RtlResult r = cosim::run_rtl(build, img, dir, ro);
        const std::string rc = rtl_class(r, golden.memory);
        const std::string mc = rec.at("class");
        rec["rtl"] = {{"class", rc},
                      {"site", {{"warp", s.warp}, {"k", s.k}, {"core", s.core}, {"address", s.address}, {"bit", s.bit}}},
                      {"kernel_cycles", r.kernel_cycles},
                      {"wall_seconds", r.wall_seconds}};
        rec["agree"] = rc == mc;
        ++sum.injections;
        sum.agree += rc == mc ? 1u : 0u;
        const std::string key = mc + "/" + rc;
        sum.confusion[key] = sum.confusion.value(key, 0) + 1;
        if (log != nullptr)
            *log << fmt::format("[{}/{}] id {} model {} rtl {}{}\n", sum.injections, model.size(), id, mc, rc,
                                rc == mc ? "" : "  (DISAGREE)") << std::flush;
        sink(rec);
    }
    if (opt.work_dir.empty()) fs::remove_all(work, ec);
    return sum;
}

}  // namespace fgtlm::faults
