#include <fgtlm/rtl/flop_campaign.hpp>

#include <algorithm>
#include <cmath>
#include <regex>
#include <stdexcept>

#include <fmt/format.h>

namespace fgtlm::rtl {

namespace {

constexpr std::uint64_t kGoldenLimit = 100'000'000;  // kernel cycles before a golden run is refused

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

bool starts_with_path(std::string_view path, std::string_view prefix) {
    return path.size() > prefix.size() && path.substr(0, prefix.size()) == prefix && path[prefix.size()] == '.';
}

bool selected_by(const RtlStorageInfo& s, const std::string& unit) {
    return unit_of(s) == unit || s.path == unit || starts_with_path(s.path, unit);
}

}  // namespace

std::string unit_of(const RtlStorageInfo& s) {
    if (s.depth == 0) {  // the VHDL file's stem
        std::string_view f = s.source.substr(0, s.source.find(':'));
        f = f.substr(f.rfind('/') == std::string_view::npos ? 0 : f.rfind('/') + 1);
        return std::string(f.substr(0, f.find('.')));
    }
    // A memory: its instance (…gregisterfile_n3_uregisterfile.dp_regfile_inst.mem -> uregisterfile).
    std::string_view p = s.path.substr(0, s.path.rfind('.'));
    if (p.ends_with(".dp_regfile_inst")) p.remove_suffix(std::string_view(".dp_regfile_inst").size());
    std::string inst(p.substr(p.rfind('.') == std::string_view::npos ? 0 : p.rfind('.') + 1));
    static const std::regex generate_prefix("^g[a-z]+_n[0-9]+_");
    return std::regex_replace(inst, generate_prefix, "");
}

FlopCampaign::FlopCampaign(const FlopCampaignKernel& kernel, const FlopCampaignSpec& spec)
    : kernel_(kernel), spec_(spec) {
    if (!gpu_.can_snapshot()) throw std::invalid_argument("flop injection needs the Verilated RTL model");
    if (spec_.shards == 0 || spec_.shard >= spec_.shards)
        throw std::invalid_argument(
            fmt::format("shard {} of {}: must be below the shard count", spec_.shard, spec_.shards));
    if (spec_.count == 0) throw std::invalid_argument("--count must be at least 1");
    if (!(spec_.hang_factor >= 1)) throw std::invalid_argument("--hang-factor must be at least 1");
    select(spec_);
    golden_run();
}

void FlopCampaign::select(const FlopCampaignSpec& spec) {
    const auto all = RtlBackend::verilated_storage();
    for (const std::string& u : spec.units)
        if (std::none_of(all.begin(), all.end(), [&](const RtlStorageInfo& s) { return selected_by(s, u); }))
            throw std::invalid_argument("unit '" + u + "' names no register or memory of the RTL (--list-units)");
    for (std::size_t i = 0; i < all.size(); ++i) {
        const RtlStorageInfo& s = all[i];
        if (s.depth != 0 && !spec.memories) continue;
        const bool in = spec.units.empty() ? starts_with_path(s.path, "ustreamingmultiprocessor")
                                           : std::any_of(spec.units.begin(), spec.units.end(),
                                                         [&](const std::string& u) { return selected_by(s, u); });
        if (!in) continue;
        selected_.push_back(i);
        prefix_.push_back(space_bits() + std::uint64_t(s.width) * std::max<std::uint32_t>(s.depth, 1));
    }
    if (selected_.empty())
        throw std::invalid_argument("the units selected hold only memories: add --memories to inject into them");
}

void load_kernel(RtlBackend& gpu, const FlopCampaignKernel& kernel) {
    gpu.reset();
    gpu.load_program(kernel.program);
    std::vector<std::uint8_t> image(kGlobalBytes, 0);
    std::copy_n(kernel.global_init.begin(), std::min<std::size_t>(kernel.global_init.size(), kGlobalBytes),
                image.begin());
    gpu.write_global(0, image);
    gpu.configure(kernel.launch);
}

std::size_t storage_index(std::string_view path) {
    const auto all = RtlBackend::verilated_storage();
    const auto it = std::find_if(all.begin(), all.end(), [&](const RtlStorageInfo& s) { return s.path == path; });
    if (it == all.end()) throw std::invalid_argument("the Verilated RTL has no storage " + std::string(path));
    return std::size_t(it - all.begin());
}

void FlopCampaign::load() { load_kernel(gpu_, kernel_); }

void FlopCampaign::golden_run() {
    // Register files and memories keep their words through reset, as in hardware: the run the
    // snapshots are taken from must start from the power-on state the golden run started from,
    // not from the words the golden run left (an injected run that skips a register write would
    // read the golden run's value and be classed Masked).
    RtlSnapshot power_on;
    gpu_.save(power_on);
    load();
    gpu_.start();
    while (!gpu_.step())
        if (gpu_.kernel_cycles() >= kGoldenLimit)
            throw std::invalid_argument(
                fmt::format("{}: the golden run on the RTL did not end in {} cycles", kernel_.name, kGoldenLimit));
    golden_cycles_ = gpu_.kernel_cycles();
    golden_memory_.resize(kGlobalBytes);
    gpu_.read_global(0, golden_memory_);
    interval_ = std::max<std::uint64_t>(1, (golden_cycles_ + spec_.checkpoints - 1) / std::max(1u, spec_.checkpoints));
    gpu_.restore(power_on);
    load();
    gpu_.start();
    snapshots_.emplace_back();
    gpu_.save(snapshots_.back());
    while (!gpu_.step())
        if (gpu_.kernel_cycles() % interval_ == 0) gpu_.save(snapshots_.emplace_back());
    if (gpu_.kernel_cycles() != golden_cycles_)
        throw std::logic_error(fmt::format("{}: the RTL model ran {} then {} cycles: not deterministic", kernel_.name,
                                           golden_cycles_, gpu_.kernel_cycles()));
    memory_.resize(kGlobalBytes);
}

std::vector<std::uint64_t> FlopCampaign::shard_ids() const {
    std::vector<std::uint64_t> ids;
    for (std::uint64_t id = spec_.shard; id < spec_.count; id += spec_.shards) ids.push_back(id);
    return ids;
}

FlopInjection FlopCampaign::site_of(std::uint64_t id) const {
    const std::uint64_t r1 = splitmix64(spec_.seed ^ splitmix64(id));
    const std::uint64_t r2 = splitmix64(r1);
    const std::uint64_t bit = r1 % space_bits();
    const std::size_t k = std::size_t(std::upper_bound(prefix_.begin(), prefix_.end(), bit) - prefix_.begin());
    const std::uint64_t within = bit - (k == 0 ? 0 : prefix_[k - 1]);
    const std::uint32_t width = RtlBackend::verilated_storage()[selected_[k]].width;
    FlopInjection inj;
    inj.id = id;
    inj.storage = selected_[k];
    inj.word = std::uint32_t(within / width);
    inj.bit = std::uint32_t(within % width);
    inj.cycle = r2 % golden_cycles_;
    return inj;
}

FlopInjection FlopCampaign::run(std::uint64_t id) {
    if (id >= spec_.count) throw std::out_of_range(fmt::format("injection {} of a campaign of {}", id, spec_.count));
    return run_at(site_of(id));
}

FlopInjection FlopCampaign::run_at(FlopInjection inj) {
    if (inj.cycle >= golden_cycles_)
        throw std::out_of_range(fmt::format("cycle {} of a {}-cycle golden run", inj.cycle, golden_cycles_));
    gpu_.restore(snapshots_[std::min<std::size_t>(inj.cycle / interval_, snapshots_.size() - 1)]);
    while (gpu_.kernel_cycles() < inj.cycle) gpu_.step();
    if (inj.stuck < 0) {
        gpu_.flip(inj.storage, inj.word, inj.bit);
        if (inj.twin != SIZE_MAX) gpu_.flip(inj.twin, 0, inj.bit);
    } else
        force(inj);
    classify(inj);
    return inj;
}

void FlopCampaign::force(const FlopInjection& inj) {
    if (gpu_.peek(inj.storage, inj.word, inj.bit, 1) != std::uint64_t(inj.stuck))
        gpu_.flip(inj.storage, inj.word, inj.bit);
}

void FlopCampaign::classify(FlopInjection& inj) {
    const auto limit = std::uint64_t(std::ceil(spec_.hang_factor * double(golden_cycles_)));
    for (;;) {
        if (gpu_.step()) break;
        if (inj.stuck >= 0) force(inj);  // a stuck bit never lets the state converge to the golden run's
        const std::uint64_t c = gpu_.kernel_cycles();
        if (inj.stuck < 0 && spec_.converge_early && c % interval_ == 0 && c / interval_ < snapshots_.size() &&
            gpu_.same_state(snapshots_[c / interval_])) {
            inj.cls = "Masked";
            inj.converged = true;
            inj.kernel_cycles = golden_cycles_;
            return;
        }
        if (c >= limit) {
            inj.cls = "Hang";
            inj.kernel_cycles = c;
            return;
        }
    }
    inj.kernel_cycles = gpu_.kernel_cycles();
    gpu_.read_global(0, memory_);
    for (std::size_t w = 0; w < kGlobalBytes; w += 4)
        inj.sdc_words += !std::equal(memory_.begin() + w, memory_.begin() + w + 4, golden_memory_.begin() + w);
    inj.cls = inj.sdc_words ? "SDC" : "Masked";
}

nlohmann::json FlopCampaign::header() const {
    nlohmann::json units = nlohmann::json::array();
    for (const auto& u : spec_.units) units.push_back(u);
    return {{"rtl_flops",
             {{"units", units},
              {"memories", spec_.memories},
              {"seed", spec_.seed},
              {"hang_factor", spec_.hang_factor},
              {"checkpoints", spec_.checkpoints},
              {"confidence", spec_.confidence},
              {"golden_cycles", golden_cycles_},
              {"storages", selected_.size()},
              {"space_bits", space_bits()},
              {"cores", RtlBackend::verilated_cores()}}},
            {"kernel", kernel_.name},
            {"injections", spec_.count}};
}

nlohmann::json FlopCampaign::record(const FlopInjection& inj) const {
    const RtlStorageInfo& s = RtlBackend::verilated_storage()[inj.storage];
    nlohmann::json r = {{"id", inj.id},
                        {"structure", unit_of(s)},
                        {"model", inj.stuck < 0    ? "flip"
                                  : inj.stuck == 0 ? "stuck0"
                                                   : "stuck1"},
                        {"class", inj.cls},
                        {"flop", std::string(s.path)},
                        {"source", std::string(s.source)},
                        {"bit", inj.bit},
                        {"cycle", inj.cycle},
                        {"kernel_cycles", inj.kernel_cycles},
                        {"converged", inj.converged}};
    if (s.depth != 0) r["word"] = inj.word;
    if (inj.cls == "SDC") r["sdc_words"] = inj.sdc_words;
    return r;
}

}  // namespace fgtlm::rtl
