// Loads a campaign's target the way `fgtlm run` does: bundle folder, FlexGripPlus folder, .sass.
#include <filesystem>
#include <fstream>
#include <iterator>

#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/testbench_loader.hpp>

#include <fgtlm/faults/campaign.hpp>

namespace fgtlm::faults {

namespace fs = std::filesystem;

namespace {

loaders::KernelImage image_from_sass(const TargetSpec& t) {
    std::ifstream in(t.path, std::ios::binary);
    if (!in) throw loaders::LoadError(t.path, 0, "cannot open");
    const std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const isa::AssembleResult r = isa::assemble(source, t.path);
    if (!r.ok()) {
        std::string all;
        for (const auto& e : r.errors) all += e.str() + "\n";
        throw loaders::LoadError(all);
    }
    if (t.grid.empty() || t.grid.size() > 2 || t.block.empty() || t.block.size() > 3)
        throw loaders::LoadError("--grid takes X[,Y] and --block X[,Y,Z]");
    loaders::KernelImage img;
    img.name = fs::path(t.path).stem().string();
    img.program = r.words;
    img.launch.grid[0] = std::uint16_t(t.grid[0]);
    img.launch.grid[1] = std::uint16_t(t.grid.size() > 1 ? t.grid[1] : 1);
    for (std::size_t i = 0; i < 3; ++i) img.launch.block[i] = std::uint16_t(i < t.block.size() ? t.block[i] : 1);
    img.launch.params = t.params;
    img.launch.regs_per_thread = t.regs;
    img.launch.shared_bytes = t.shared;
    img.launch.blocks_per_sm = t.blocks_per_sm;
    if (!t.global_init.empty()) {
        std::ifstream g(t.global_init, std::ios::binary);
        if (!g) throw loaders::LoadError(t.global_init, 0, "cannot open");
        img.global_init.assign(std::istreambuf_iterator<char>(g), std::istreambuf_iterator<char>());
    }
    return img;
}

}  // namespace

loaders::KernelImage load_target(const TargetSpec& t) {
    if (t.path.empty())
        throw loaders::LoadError("no target: give a bundle folder, a FlexGripPlus folder or a .sass file");
    if (!fs::exists(t.path)) throw loaders::LoadError(t.path, 0, "no such file or folder");
    if (t.flexgrip) return loaders::load_testbench(t.path);
    if (fs::is_directory(t.path)) return loaders::load_bundle(t.path);
    return image_from_sass(t);
}

}  // namespace fgtlm::faults
