// Register-file fault injection into the RTL (models/cosim fault-injection build) and comparison
// of the classes with the model's (models/faults/README.md, "Validation against the RTL").
#include <fgtlm/faults/rtl_validation.hpp>

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <ostream>
#include <stdexcept>

#include <fmt/format.h>

#include <fgtlm/cosim/rtl_run.hpp>

#include <fgtlm/faults/machine.hpp>

namespace fgtlm::faults {

namespace fs = std::filesystem;

namespace {

// Counts warp `warp`'s instructions fetched before the model's instruction `time`.
struct WarpCounter {
    std::uint32_t warp = 0;
    std::uint32_t count = 0;
    void after_fetch(core::ExecContext& ctx) { count += ctx.fetch.warp_slot == warp ? 1u : 0u; }
    void after_execute(core::ExecContext&) {}
};

// RTL class of a run against the RTL golden run's memory.
std::string rtl_class(const cosim::RtlResult& r, const loaders::ExpectedRange& golden) {
    if (!r.kernel_done) return "Hang";
    if (r.memory.words != golden.words) return "SDC";  // includes 'u'/'x' words
    return "Masked";
}

// Shared memory belongs to no warp: the fault goes before the model's instruction `time`, i.e.
// before warp w's k-th instruction where w runs that instruction (exact for one warp; with
// several, the other warps may be elsewhere in the RTL at that moment).
struct WarpTrace {
    std::vector<std::uint32_t>* slots;
    void after_fetch(core::ExecContext& ctx) { slots->push_back(ctx.fetch.warp_slot); }
    void after_execute(core::ExecContext&) {}
};

RtlSite shared_time(Campaign& c, const Fault& f, RtlSite s) {
    const RtlSite t = issue_time(c, f.time);
    s.warp = t.warp;
    s.k = t.k;
    s.reached = t.reached;
    return s;
}

}  // namespace

bool rtl_injectable(Structure s) {
    return s == Structure::Gpr || s == Structure::Areg || s == Structure::Pred || s == Structure::Shared;
}

RtlSite rtl_site(Campaign& c, const Fault& f) {
    if (!rtl_injectable(f.structure))
        throw std::invalid_argument(
            fmt::format("RTL validation covers gpr, areg, pred and shared faults, not {}", to_string(f.structure)));
    const loaders::KernelImage& img = c.image();
    const std::uint32_t regs = img.launch.regs_per_thread, cores = img.cores;
    RtlSite s;
    s.bit = f.bit;
    s.mode = f.model == FaultModel::Flip ? 0u : f.model == FaultModel::Stuck0 ? 1u : 2u;
    // Every register file is one dp_regfile per SP core; thread lane = pass * cores + core, and
    // the pass selects the upper address bits (8 cores: 2 bits; 16: 1; 32: none).
    switch (f.structure) {
        case Structure::Gpr:  // row = warp*regs + reg; address warp_lane_id & (base + reg), 9 bits of row
            s.warp = f.a / regs;
            s.file = 0;
            s.core = f.b % cores;
            s.address = (f.b / cores) * 512u + f.a;
            break;
        case Structure::Areg:  // address warp_lane_id & warp & (An - 1), 2 bits of register: A1-A3 only
            s.warp = f.a;
            s.file = 1;
            s.core = f.c % cores;
            s.address = (f.c / cores) * 128u + f.a * 4u + (f.b - 1u);
            s.stored = f.b >= 1 && f.b <= 3;
            break;
        case Structure::Pred:  // address warp_lane_id & warp & Cn; flag bits Z S C O = 0..3 in both
            s.warp = f.a;
            s.file = 2;
            s.core = f.c % cores;
            s.address = (f.c / cores) * 128u + f.a * 4u + f.b;
            break;
        default:  // Shared: one 8-bit dp_regfile, byte address = the model's SM shared byte
            s.file = 3;
            s.core = 0;
            s.address = f.a;
            return shared_time(c, f, s);
    }
    const RtlSite t = warp_time(c, s.warp, f.time);
    s.k = t.k;
    s.reached = t.reached;
    return s;
}

RtlSite issue_time(Campaign& c, std::uint64_t time) {
    const loaders::KernelImage& img = c.image();
    core::Program program;
    program.bind(img.program.data(), std::uint32_t(img.program.size()));
    Machine m(img, program);
    m.start();
    std::vector<std::uint32_t> slots;
    WarpTrace tr{&slots};
    while (m.steps() <= time && m.step(tr) == RunStatus::Running) {
    }
    RtlSite s;
    s.reached = slots.size() > time;
    if (s.reached) {
        s.warp = slots[time];
        s.k = std::uint32_t(std::count(slots.begin(), slots.begin() + std::ptrdiff_t(time), s.warp));
    }
    return s;
}

RtlSite warp_time(Campaign& c, std::uint32_t warp, std::uint64_t time) {
    const loaders::KernelImage& img = c.image();
    core::Program program;
    program.bind(img.program.data(), std::uint32_t(img.program.size()));
    Machine m(img, program);
    m.start();
    WarpCounter wc{warp, 0};
    while (m.steps() < time && m.step(wc) == RunStatus::Running) {
    }
    RtlSite s;
    s.warp = warp;
    s.k = wc.count;
    s.reached = m.status() == RunStatus::Running && m.sm().warp(warp).status != core::WarpStatus::Done;
    return s;
}

namespace {

// The summary of one structure: counts per class on each side, the class pairs, both AVFs
// (model: SDC + DUE + Hang; RTL: SDC + Hang, it has no DUE).
void count(nlohmann::json& st, const std::string& mc, const std::string& rc) {
    auto inc = [](nlohmann::json& j, const std::string& k) {
        if (!j.is_object()) j = nlohmann::json::object();
        j[k] = j.value(k, 0) + 1;
    };
    inc(st, "injections");
    if (mc == rc) inc(st, "agree");
    inc(st["model"], mc);
    inc(st["rtl"], rc);
    inc(st["model/rtl"], mc + "/" + rc);
    const double n = st["injections"];
    st["agree_percent"] = 100.0 * st.value("agree", 0) / n;
    st["avf_model"] = (n - st["model"].value("Masked", 0)) / n;
    st["avf_rtl"] = (n - st["rtl"].value("Masked", 0)) / n;
}

// What every injection run needs: the image (whole global memory dumped), the fault-injecting
// RTL build, the work folder, the run options with the hang watchdog, the golden run.
struct RtlSetup {
    loaders::KernelImage img;
    cosim::RtlBuild build;
    fs::path work;
    cosim::RtlRunOptions ro;
    cosim::RtlResult golden;
};

RtlSetup setup_rtl(Campaign& c, const std::vector<std::uint64_t>& ids, const RtlValidationOptions& opt,
                   std::ostream* log) {
    for (const std::uint64_t id : ids)  // refuse before the RTL build and golden run, not half way
        if (const Fault f = c.fault(id); !rtl_injectable(f.structure))
            throw std::invalid_argument(fmt::format(
                "--rtl: the RTL injector reaches gpr, areg, pred and shared, not {}", to_string(f.structure)));
    // The RTL dumps the whole global memory the model compares (the bundle's own dump range
    // may leave outputs out: VectorAdd_float's covers only its inputs).
    RtlSetup r;
    loaders::KernelImage& img = r.img;
    img = c.image();
    img.dump = {0, std::uint32_t(c.golden_global().size() & ~std::size_t(3))};
    cosim::RtlBuildOptions bo;
    bo.rtl_dir = opt.rtl_dir;
    bo.cores = img.cores;
    bo.cache_dir = fs::absolute(opt.cache_dir.empty() ? cosim::default_cache_dir() : opt.cache_dir);  // runs chdir
    bo.log = log;
    bo.fault_injection = true;
    r.build = cosim::ensure_rtl_build(bo);
    r.work = opt.work_dir.empty() ? fs::temp_directory_path() / fmt::format("fgtlm-rtl-faults-{}", ::getpid())
                                  : opt.work_dir;
    cosim::RtlRunOptions& ro = r.ro;
    ro.timeout_seconds = opt.timeout_seconds;
    ro.commit_trace = false;
    // Hang watchdog in simulated cycles: the campaign's factor times the golden run's cycles.
    const fs::path golden_dir = r.work / "golden";
    std::error_code ec;
    fs::create_directories(golden_dir, ec);
    fs::remove(golden_dir / "fgtlm_fault.txt", ec);
    r.golden = cosim::run_rtl(r.build, img, golden_dir, ro);
    if (!r.golden.kernel_done) throw std::runtime_error("RTL golden run did not finish:\n" + r.golden.log_tail);
    ro.max_cycles = std::uint64_t(double(r.golden.kernel_cycles) * c.spec().hang_factor) + 2000;
    if (log != nullptr)
        *log << fmt::format("RTL golden run: {} kernel cycles, {:.1f} s\n", r.golden.kernel_cycles,
                            r.golden.wall_seconds);
    return r;
}

}  // namespace

std::string structure_key(const Fault& f) {
    std::string k(to_string(f.structure));
    if (f.model != FaultModel::Flip) {  // appended piece by piece: GCC 12 -O3 warns (-Wrestrict) on "/" + string
        k += '/';
        k += to_string(f.model);
    }
    return k;
}

void count_not_stored(RtlValidationSummary& sum, const std::string& structure) {
    ++sum.not_stored;
    nlohmann::json& st = sum.structures[structure];
    if (!st.is_object()) st = nlohmann::json::object();
    st["not_stored"] = st.value("not_stored", 0) + 1;
}

void count_agreement(RtlValidationSummary& sum, const std::string& structure, const std::string& model_class,
                     const std::string& rtl_class) {
    ++sum.injections;
    sum.agree += rtl_class == model_class ? 1u : 0u;
    const std::string key = model_class + "/" + rtl_class;
    sum.confusion[key] = sum.confusion.value(key, 0) + 1;
    count(sum.structures[structure], model_class, rtl_class);
}

RtlValidationSummary validate_on_rtl(Campaign& c, const std::vector<std::uint64_t>& ids,
                                     const RtlValidationOptions& opt,
                                     const std::function<void(const nlohmann::json&)>& sink, std::ostream* log) {
    RtlSetup rtl = setup_rtl(c, ids, opt, log);
    const cosim::RtlBuild& build = rtl.build;
    const loaders::KernelImage& img = rtl.img;
    const fs::path& work = rtl.work;
    const cosim::RtlRunOptions& ro = rtl.ro;
    const cosim::RtlResult& golden = rtl.golden;
    std::error_code ec;
    RtlValidationSummary sum;
    std::vector<nlohmann::json> model;
    c.run(ids, [&](const std::string& line) { model.push_back(nlohmann::json::parse(line)); });
    for (nlohmann::json rec : model) {
        const std::uint64_t id = rec.at("id");
        const Fault f = c.fault(id);
        const RtlSite s = rtl_site(c, f);
        const std::string mc = rec.at("class");
        const nlohmann::json site = {{"warp", s.warp},       {"k", s.k},     {"file", s.file}, {"core", s.core},
                                     {"address", s.address}, {"bit", s.bit}, {"mode", s.mode}};
        if (!s.stored) {  // no RTL storage: reported, not run, not counted in the agreement
            count_not_stored(sum, structure_key(f));
            rec["rtl"] = {{"class", nullptr}, {"site", site}, {"not_stored", true}};
            if (log != nullptr) *log << fmt::format("id {}: model site has no RTL storage, not run\n", id);
            sink(rec);
            continue;
        }
        const fs::path dir = work / "run";
        fs::create_directories(dir, ec);
        {
            std::ofstream req(dir / "fgtlm_fault.txt");
            // Unreached time: the request names a fetch that never comes (no fault), as in the model.
            req << s.warp << ' ' << (s.reached ? s.k : 0x7fffffffu) << ' ' << s.file << ' ' << s.core << ' '
                << s.address << ' ' << s.bit << ' ' << s.mode << '\n';
        }
        const cosim::RtlResult r = cosim::run_rtl(build, img, dir, ro);
        const std::string rc = rtl_class(r, golden.memory);
        rec["rtl"] = {
            {"class", rc}, {"site", site}, {"kernel_cycles", r.kernel_cycles}, {"wall_seconds", r.wall_seconds}};
        rec["agree"] = rc == mc;
        count_agreement(sum, structure_key(f), mc, rc);
        if (log != nullptr)
            *log << fmt::format("[{}/{}] id {} {} model {} rtl {}{}\n", sum.injections + sum.not_stored, model.size(),
                                id, to_string(f.structure), mc, rc, rc == mc ? "" : "  (DISAGREE)")
                 << std::flush;
        sink(rec);
    }
    if (opt.work_dir.empty()) fs::remove_all(work, ec);
    return sum;
}

}  // namespace fgtlm::faults
