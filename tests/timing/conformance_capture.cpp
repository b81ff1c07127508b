#include "conformance_capture.hpp"

#include "bundle_on_core.hpp"
#include <fgtlm/loaders/bundle_loader.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <stdexcept>

namespace fgtlm::calibration {
namespace {

class Recorder final : public core::ExecutionObserver {
public:
    explicit Recorder(Capture& c) : c_(c) {}
    void on_block_start(std::uint32_t sm, std::uint32_t block) override {
        c_.events.push_back({Event::BlockStart, sm, block, {}});
    }
    void on_block_end(std::uint32_t sm, std::uint32_t block) override {
        c_.events.push_back({Event::BlockEnd, sm, block, {}});
    }
    void on_issue(const core::IssueRecord& rec) override {
        Event e{Event::Issue, rec.sm, rec.block, rec};
        if (rec.inst != nullptr) {
            auto it = copies_.find(rec.inst);
            if (it == copies_.end()) {
                c_.instructions.push_back(std::make_unique<isa::Instruction>(*rec.inst));
                it = copies_.emplace(rec.inst, c_.instructions.back().get()).first;
            }
            e.rec.inst = it->second;
        }
        c_.events.push_back(e);
        ++c_.warp_instructions;
        c_.thread_instructions += std::uint32_t(__builtin_popcount(rec.active_mask));
    }

private:
    Capture& c_;
    std::map<const isa::Instruction*, const isa::Instruction*> copies_;
};

}  // namespace

Capture capture_bundle(const std::filesystem::path& dir) {
    loaders::KernelImage img = loaders::load_bundle(dir);
    if (img.name.empty()) img.name = dir.filename().string();
    return capture_image(img);
}

Capture capture_image(const loaders::KernelImage& img) {
    Capture cap;
    cap.bundle = img.name;
    cap.launch = img.launch;

    BundleOnCore kernel(img);
    Recorder rec(cap);
    kernel.sm().add_observer(&rec);
    if (const std::string error = kernel.run(200'000'000); !error.empty())
        throw std::runtime_error(cap.bundle + ": " + error);
    return cap;
}

std::uint64_t replay(const Capture& capture, const timing::TimingParams& params, timing::Mode mode) {
    timing::TimingModel model(params, mode);
    model.begin_kernel(capture.launch);
    for (const Event& e : capture.events) {
        switch (e.kind) {
            case Event::BlockStart: model.on_block_start(e.sm, e.block); break;
            case Event::BlockEnd: model.on_block_end(e.sm, e.block); break;
            case Event::Issue: model.on_issue(e.rec); break;
        }
    }
    return model.kernel_cycles();
}

std::vector<RtlRun> rtl_runs(const std::filesystem::path& conformance_dir) {
    std::vector<RtlRun> runs;
    auto add = [&](const std::string& bundle, std::uint32_t cores, std::uint64_t cycles) {
        for (const RtlRun& r : runs)
            if (r.bundle == bundle && r.cores == cores) return;
        runs.push_back({bundle, cores, cycles});
    };
    const auto list = conformance_dir / "rtl_cycles.json";
    std::ifstream in(list);
    if (!in) throw std::runtime_error(list.string() + ": cannot open");
    const auto j = nlohmann::json::parse(in);
    for (const auto& r : j.at("runs")) add(r.at("bundle"), r.at("cores"), r.at("cycles"));
    for (const auto& entry : std::filesystem::directory_iterator(conformance_dir)) {
        const auto exp = entry.path() / "expected.json";
        if (!entry.is_directory() || !std::filesystem::exists(exp)) continue;
        std::ifstream e(exp);
        const auto ej = nlohmann::json::parse(e);
        if (ej.contains("rtl_kernel_cycles") && ej.contains("rtl_cores")) {
            add(entry.path().filename().string(), ej["rtl_cores"], ej["rtl_kernel_cycles"]);
        }
    }
    return runs;
}

}  // namespace fgtlm::calibration
