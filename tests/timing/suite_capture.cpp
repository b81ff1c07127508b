#include "suite_capture.hpp"

#include "bundle_on_core.hpp"
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/loaders/kernel_image.hpp>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace fgtlm::calibration {
namespace {

nlohmann::json read_json(const std::filesystem::path& f) {
    std::ifstream in(f);
    if (!in) throw std::runtime_error(f.string() + ": cannot open");
    return nlohmann::json::parse(in);
}

// The launch of one suite entry, as `fgtlm cosim KERNEL.sass --grid ... --block ...` makes it.
loaders::KernelImage image_of(const std::filesystem::path& dir, const nlohmann::json& k) {
    const std::filesystem::path sass = dir / k.at("sass").get<std::string>();
    std::ifstream in(sass);
    if (!in) throw std::runtime_error(sass.string() + ": cannot open");
    std::stringstream src;
    src << in.rdbuf();
    const isa::AssembleResult r = isa::assemble(src.str(), sass.string());
    if (!r.ok()) throw std::runtime_error(sass.string() + ": " + r.errors.front().str());
    loaders::KernelImage img;
    img.name = k.at("name");
    img.program = r.words;
    img.launch.grid[0] = std::uint16_t(k.at("grid")[0].get<int>());
    img.launch.grid[1] = std::uint16_t(k.at("grid")[1].get<int>());
    for (std::size_t i = 0; i < 3; ++i) img.launch.block[i] = std::uint16_t(k.at("block")[i].get<int>());
    for (const auto& p : k.at("params"))
        img.launch.params.push_back(std::uint32_t(std::stoul(p.get<std::string>(), nullptr, 0)));
    img.launch.regs_per_thread = 16;
    img.launch.shared_bytes = k.at("shared");
    img.launch.blocks_per_sm = k.at("blocks_per_sm");
    img.cores = k.at("cores");
    return img;
}

}  // namespace

std::vector<SuiteKernel> load_suite(const std::filesystem::path& dir, std::vector<std::string>* skipped) {
    const auto suite = read_json(dir / "suite.json");
    const auto results = read_json(dir / "rtl_results.json").at("kernels");
    std::vector<SuiteKernel> out;
    for (const auto& k : suite.at("kernels")) {
        const std::string name = k.at("name");
        if (!results.contains(name)) {
            if (skipped) skipped->push_back(name + ": not measured on the RTL");
            continue;
        }
        const auto& r = results.at(name);
        if (r.value("rtl_kernel_cycles", 0) == 0 || r.value("memory_match", false) != true) {
            if (skipped)
                skipped->push_back(name + ": " +
                                   (r.contains("failure") && r["failure"].is_string()
                                        ? r["failure"].get<std::string>()
                                        : "RTL and model results differ"));
            continue;
        }
        SuiteKernel s;
        s.name = name;
        s.cores = k.at("cores");
        s.rtl_cycles = r.at("rtl_kernel_cycles");
        s.memory_match = true;
        if (r.contains("commit_file") && r["commit_file"].is_string())
            s.commit_file = dir / r["commit_file"].get<std::string>();
        const loaders::KernelImage img = image_of(dir, k);
        s.capture = capture_image(img);
        out.push_back(std::move(s));
    }
    return out;
}

std::uint32_t fold_of(const std::string& name, std::uint32_t folds) {
    std::uint32_t h = 2166136261u;  // FNV-1a: stable across platforms and runs
    for (unsigned char c : name) h = (h ^ c) * 16777619u;
    return h % folds;
}

std::vector<CommitTime> replay_commits(const Capture& capture, const timing::TimingParams& params) {
    timing::TimingModel model(params, timing::Mode::Calibrated);
    model.begin_kernel(capture.launch);
    std::vector<CommitTime> out;
    for (const Event& e : capture.events) {
        switch (e.kind) {
            case Event::BlockStart: model.on_block_start(e.sm, e.block); break;
            case Event::BlockEnd: model.on_block_end(e.sm, e.block); break;
            case Event::Issue:
                model.on_issue(e.rec);
                out.push_back({e.rec.block, e.rec.warp, e.rec.pc, model.last().complete});
                break;
        }
    }
    return out;
}

std::vector<CommitTime> read_rtl_commits(const std::filesystem::path& file) {
    std::ifstream in(file);
    if (!in) throw std::runtime_error(file.string() + ": cannot open");
    std::vector<CommitTime> out;
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        CommitTime c;
        std::string pc;
        if (!(ss >> c.cycle >> c.block >> c.warp >> pc))
            throw std::runtime_error(file.string() + ":" + std::to_string(n) + ": malformed line");
        c.pc = std::uint32_t(std::stoul(pc, nullptr, 16));
        out.push_back(c);
    }
    return out;
}

}  // namespace fgtlm::calibration
