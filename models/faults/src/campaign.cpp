// Campaign: golden run, fault list, injection and classification.
#include <fgtlm/faults/campaign.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fgtlm/core/program.hpp>

#include <fmt/format.h>

#include <fgtlm/faults/injector.hpp>
#include <fgtlm/faults/machine.hpp>
#include <fgtlm/faults/sampling.hpp>

namespace fgtlm::faults {

using nlohmann::json;

namespace {
constexpr std::uint64_t kExhaustiveLimit = 10'000'000ull;
}  // namespace

const char* to_string(Outcome o) {
    switch (o) {
        case Outcome::Masked: return "Masked";
        case Outcome::Sdc: return "SDC";
        case Outcome::Due: return "DUE";
        case Outcome::Hang: return "Hang";
    }
    return "?";
}

// The machines of a campaign: the program (shared decode cache), the golden end state, the
// prefix machine that walks forward through injection times, and the work machine.
struct Campaign::Engine {
    explicit Engine(const loaders::KernelImage& img) : golden(img, program), prefix(img, program), work(img, program) {
        program.bind(img.program.data(), std::uint32_t(img.program.size()));
    }
    core::Program program;
    Machine golden, prefix, work;
};

Campaign::Campaign(CampaignSpec spec) : spec_(std::move(spec)) {
    if (!spec_.target.target.empty())
        spec_.target.target = std::filesystem::weakly_canonical(spec_.target.target).string();
    // --const SYMBOL=FILE: the file as an absolute path too (Slurm shards run elsewhere).
    for (std::string& c : spec_.target.consts)
        if (const std::size_t eq = c.find('='); eq != std::string::npos && eq + 1 < c.size())
            c = c.substr(0, eq + 1) + std::filesystem::weakly_canonical(c.substr(eq + 1)).string();
    image_ = load_target(spec_.target);
    prepare();
}

Campaign::Campaign(CampaignSpec spec, loaders::KernelImage image) : spec_(std::move(spec)), image_(std::move(image)) {
    prepare();
}

void Campaign::prepare() {
    engine_ = std::make_unique<Engine>(image_);
    Machine& g = engine_->golden;
    if (const std::string why = g.check(); !why.empty()) throw std::invalid_argument("invalid launch: " + why);
    g.start();
    g.run_until(spec_.max_instructions);
    if (g.status() == RunStatus::Error)
        throw std::runtime_error("the golden run fails: " + g.sm().error().describe());
    if (g.status() != RunStatus::Done)
        throw std::runtime_error("the golden run does not finish in " + std::to_string(spec_.max_instructions) +
                                 " warp instructions (watchdog: --max-instructions, campaign max_instructions)");
    golden_steps_ = g.steps();
    if (golden_steps_ == 0) throw std::runtime_error("the golden run executes no instruction");
    cpi_ = std::max(1u, 32u / std::max(1u, image_.cores));

    if (spec_.at_instruction) at_ = spec_.at_instruction;
    if (spec_.at_cycle) at_ = *spec_.at_cycle / cpi_;
    if (at_ && *at_ >= golden_steps_)
        throw std::invalid_argument("fault time " + std::to_string(*at_) + " is past the kernel's " +
                                    std::to_string(golden_steps_) + " warp instructions");

    plans_ = spec_.plans.empty() ? std::vector<StructurePlan>{{Structure::Gpr, FaultModel::Flip, 0}} : spec_.plans;
    for (StructurePlan& p : plans_) {
        const StructureSpace sp = space_of(p.structure, image_);
        if (sp.bits() == 0)
            throw std::invalid_argument("structure '" + std::string(to_string(p.structure)) +
                                        "' is empty for this kernel" +
                                        (p.structure == Structure::Const ? " (no constant memory image)" : ""));
        const double population = double(sp.bits()) * double(at_ ? 1 : golden_steps_);
        if (p.count == 0) {
            // (a population beyond the exhaustive limit is refused below, before any cast can wrap)
            if (spec_.exhaustive) p.count = std::uint64_t(std::min(population, double(kExhaustiveLimit + 1)));
            else if (spec_.margin > 0) p.count = leveugle_sample_size(population, spec_.margin, spec_.confidence);
            else p.count = spec_.count;
        }
        if (spec_.exhaustive && p.count > kExhaustiveLimit)
            throw std::invalid_argument("exhaustive campaign over '" + std::string(to_string(p.structure)) + "' has " +
                                        std::to_string(p.count) + " faults (limit 1e7): sample it instead");
        if (spec_.exhaustive) p.count = std::min(p.count, std::uint64_t(population));
        // Each term is at most the limit, so the sum cannot wrap (two plans of 2^63 were 0).
        if (p.count > kMaxInjections || total_ + p.count > kMaxInjections)
            throw std::invalid_argument(fmt::format("'{}' plans {} injections after {} planned: the limit is {}",
                                                    to_string(p.structure), p.count, total_, kMaxInjections));
        spaces_.push_back(sp);
        plan_first_.push_back(total_);
        total_ += p.count;
    }
}

Campaign::~Campaign() = default;

std::size_t Campaign::plan_of(std::uint64_t id) const {
    return std::size_t(std::upper_bound(plan_first_.begin(), plan_first_.end(), id) - plan_first_.begin()) - 1;
}

Fault Campaign::fault(std::uint64_t id) const {
    const std::size_t p = plan_of(id);
    const std::uint64_t i = id - plan_first_[p];
    return spec_.exhaustive ? exhaustive_fault(spaces_[p], plans_[p].model, golden_steps_, i, at_)
                            : sample_uniform(spaces_[p], plans_[p].model, golden_steps_, spec_.seed, i, at_);
}

json Campaign::header() const {
    json plans = json::array();
    for (std::size_t p = 0; p < plans_.size(); ++p)
        plans.push_back({{"structure", to_string(plans_[p].structure)}, {"model", to_string(plans_[p].model)},
                         {"count", plans_[p].count}, {"bits", spaces_[p].bits()}});
    return {{"campaign", to_json(spec_)}, {"kernel", image_.name}, {"golden_instructions", golden_steps_},
            {"cycles_per_instruction", cpi_}, {"injections", total_}, {"plans", plans}, {"format", 1}};
}

json Campaign::inject(Machine& work, std::uint64_t id, const Fault& f) {
    const bool activated = run_with_fault(work, f, hang_limit());
    // The core's count includes an instruction that failed in write-back (as the SystemC path reports).
    return record(id, f, activated, work.sm().warp_instructions, work.status(), work.sm().error(),
                  work.global().data());
}

std::uint64_t Campaign::hang_limit() const {
    const auto limit = std::uint64_t(std::ceil(spec_.hang_factor * double(golden_steps_)));
    return std::max(limit, golden_steps_ + 1);
}

const std::vector<std::uint8_t>& Campaign::golden_global() const { return engine_->golden.global(); }

json Campaign::record(std::uint64_t id, const Fault& f, bool activated, std::uint64_t instructions, RunStatus status,
                      const core::KernelError& e, const std::uint8_t* got) const {
    json r;
    r["id"] = id;
    r["structure"] = to_string(f.structure);
    r["model"] = to_string(f.model);
    r["instruction"] = f.time;
    r["cycle"] = f.time * cpi_;
    r["site"] = site_json(f, image_.launch.regs_per_thread);
    r["activated"] = activated;
    r["instructions"] = instructions;
    Outcome o = Outcome::Masked;
    if (status == RunStatus::Error && e.kind != core::KernelErrorKind::Watchdog) {
        // No hardware detects a barrier deadlock or a stalled unit (FlexGripPlus's kernel never
        // ends: Hang under --rtl-verilated; G80's driver times it out): the model only sees it
        // early, so it is a Hang. The record keeps the error all the same.
        const bool hangs = e.kind == core::KernelErrorKind::BarrierDeadlock || e.kind == core::KernelErrorKind::Stalled;
        o = hangs ? Outcome::Hang : Outcome::Due;
        r["error"] = {{"kind", core::to_string(e.kind)}, {"pc", e.pc}, {"block", e.block}, {"warp", e.warp},
                      {"address", e.address}};
    } else if (status != RunStatus::Done) {
        o = Outcome::Hang;
    } else {
        const auto& gold = golden_global();
        if (std::memcmp(gold.data(), got, gold.size()) != 0) {
            o = Outcome::Sdc;
            std::uint64_t words = 0;
            for (std::size_t a = 0; a + 4 <= gold.size(); a += 4) {
                std::uint32_t x, y;
                std::memcpy(&x, &gold[a], 4);
                std::memcpy(&y, &got[a], 4);
                if (x == y) continue;
                if (words++ == 0) r["first_diff"] = {{"address", a}, {"expected", x}, {"got", y}};
            }
            r["sdc_words"] = words;
        }
    }
    r["class"] = to_string(o);
    return r;
}

json Campaign::inject_fault(const Fault& f) {
    if (f.time >= golden_steps_) throw std::out_of_range("fault time past the end of the kernel");
    Machine& prefix = engine_->prefix;
    prefix.start();
    prefix.run_until(f.time);
    engine_->work.restore(prefix);
    return inject(engine_->work, 0, f);
}

void Campaign::run(std::vector<std::uint64_t> ids, const std::function<void(const std::string&)>& sink) {
    std::vector<std::pair<Fault, std::uint64_t>> todo;
    todo.reserve(ids.size());
    for (std::uint64_t id : ids) {
        if (id >= total_) throw std::out_of_range("injection " + std::to_string(id) + " is not in the campaign");
        todo.emplace_back(fault(id), id);
    }
    std::sort(todo.begin(), todo.end(), [](const auto& x, const auto& y) {
        return std::tie(x.first.time, x.second) < std::tie(y.first.time, y.second);
    });
    Machine& prefix = engine_->prefix;
    Machine& work = engine_->work;
    prefix.start();
    for (const auto& [f, id] : todo) {
        prefix.run_until(f.time);
        work.restore(prefix);
        sink(inject(work, id, f).dump());
    }
}

json site_json(const Fault& f, std::uint32_t regs) {
    regs = std::max(1u, regs);
    switch (f.structure) {
        case Structure::Gpr:
            return {{"row", f.a}, {"warp", f.a / regs}, {"reg", f.a % regs}, {"lane", f.b}, {"bit", f.bit}};
        case Structure::Pred: return {{"warp", f.a}, {"reg", f.b}, {"lane", f.c}, {"flag", f.bit}};
        case Structure::Areg: return {{"warp", f.a}, {"reg", f.b}, {"lane", f.c}, {"bit", f.bit}};
        case Structure::Shared:
        case Structure::Const:
        case Structure::Global: return {{"address", f.a}, {"bit", f.bit}};
        case Structure::Inst: return {{"bit", f.bit}};
        case Structure::Pc:
        case Structure::Mask: return {{"warp", f.a}, {"bit", f.bit}};
        case Structure::Stack:
            return {{"warp", f.a}, {"entry", f.b}, {"field", f.c == 0 ? "pc" : "mask"}, {"bit", f.bit}};
        case Structure::Barrier: return {{"block", f.a}, {"bit", f.bit}};
        default: return {{"lane", f.a}, {"bit", f.bit}};
    }
}

}  // namespace fgtlm::faults
