#include "conformance_capture.hpp"

#include "fgtlm/core/memory_port.hpp"
#include "fgtlm/core/program.hpp"
#include "fgtlm/core/sm_core.hpp"
#include "fgtlm/loaders/bundle_loader.hpp"

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
    const loaders::KernelImage img = loaders::load_bundle(dir);
    Capture cap;
    cap.bundle = img.name.empty() ? dir.filename().string() : img.name;
    cap.launch = img.launch;

    std::vector<std::uint8_t> global(img.global_mem_bytes, 0);
    std::copy(img.global_init.begin(), img.global_init.begin() + std::ptrdiff_t(std::min(img.global_init.size(), global.size())),
              global.begin());
    std::vector<std::uint8_t> constant(8192, 0);
    std::copy(img.launch.const_mem.begin(), img.launch.const_mem.begin() + std::ptrdiff_t(std::min<std::size_t>(img.launch.const_mem.size(), 8192)),
              constant.begin());
    core::ArrayGlobalMemory gmem(global.data(), global.size());
    core::Program program;
    program.bind(img.program.data(), std::uint32_t(img.program.size()));

    core::SmCoreConfig cfg;
    core::SmCore sm(cfg);
    sm.set_program(&program);
    sm.set_global(&gmem);
    sm.set_constant(constant.data(), std::uint32_t(constant.size()));
    Recorder rec(cap);
    sm.add_observer(&rec);
    if (const std::string why = core::check_launch(img.launch, cfg); !why.empty()) {
        throw std::runtime_error(cap.bundle + ": invalid launch: " + why);
    }
    sm.begin_kernel(img.launch);
    const std::uint32_t per_batch = std::min(core::blocks_per_batch(img.launch, cfg), std::max(1u, img.launch.blocks_per_sm));
    const std::uint32_t blocks = img.launch.num_blocks();
    for (std::uint32_t first = 0; first < blocks; first += per_batch) {
        sm.start_batch(first, std::min(per_batch, blocks - first));
        std::uint64_t guard = 0;
        for (;;) {
            const core::StepResult r = sm.step();
            if (r == core::StepResult::BatchDone) break;
            if (r == core::StepResult::Error) throw std::runtime_error(cap.bundle + ": " + sm.error().describe());
            if (++guard > 200'000'000) throw std::runtime_error(cap.bundle + ": runaway kernel");
        }
    }
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
