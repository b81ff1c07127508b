// KernelImage -> conformance bundle (inverse of bundle_loader.cpp for the fields it reads).
#include <fgtlm/loaders/bundle_writer.hpp>

#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace fgtlm::loaders {

namespace fs = std::filesystem;

namespace {

void write_text(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
    if (!out) throw LoadError(file, 0, "cannot write");
}

}  // namespace

void write_bundle(const KernelImage& img, const fs::path& dir, const std::vector<ExpectedRange>& expected,
                  std::uint64_t rtl_cycles, const std::string& expected_source) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw LoadError(dir, 0, "cannot create folder: " + ec.message());
    std::string hex;
    for (auto w : img.program) hex += fmt::format("0x{:08X}\n", w);
    write_text(dir / "program.hex", hex);
    const core::LaunchConfig& L = img.launch;
    std::string cmem;
    for (auto b : L.const_mem) cmem += fmt::format("{:02x}", b);
    nlohmann::json undefined = nlohmann::json::array();
    for (const auto& u : img.global_init_undefined) undefined.push_back({u.addr, u.len});
    const nlohmann::json launch = {
        {"format", "fgapps-testvector/1"}, {"source", img.name},
        {"grid", {L.grid[0], L.grid[1]}}, {"block", {L.block[0], L.block[1], L.block[2]}},
        {"cores", img.cores}, {"regs_per_thread", L.regs_per_thread}, {"shared_bytes", L.shared_bytes},
        {"params", L.params}, {"const_mem_hex", cmem}, {"blocks_per_core", L.blocks_per_sm},
        {"shared_block_stride", L.shared_block_stride()}, {"global_mem_bytes", img.global_mem_bytes},
        {"global_init_bytes", img.global_init.size()}, {"global_init_undefined", undefined},
        {"code_base", L.code_base}, {"dump", {{"addr", img.dump.addr}, {"words", img.dump.len / 4}}}};
    write_text(dir / "launch.json", launch.dump(1) + "\n");
    std::ofstream g(dir / "global_init.bin", std::ios::binary);
    g.write(reinterpret_cast<const char*>(img.global_init.data()), std::streamsize(img.global_init.size()));
    if (!g) throw LoadError(dir / "global_init.bin", 0, "cannot write");
    nlohmann::json ranges = nlohmann::json::array();
    for (const auto& r : expected) {
        nlohmann::json words = nlohmann::json::array();
        for (const auto& w : r.words)
            words.push_back(w ? nlohmann::json(fmt::format("0x{:08X}", *w)) : nlohmann::json());
        ranges.push_back({{"addr", r.addr}, {"words", words}});
    }
    const nlohmann::json exp = {{"format", "fgapps-testvector/1"}, {"source", img.name}, {"expected_kind", "rtl-ghdl"},
                                {"expected_source", expected_source}, {"rtl_kernel_cycles", rtl_cycles},
                                {"rtl_cores", img.cores}, {"ranges", ranges}};
    write_text(dir / "expected.json", exp.dump(1) + "\n");
}

}  // namespace fgtlm::loaders
