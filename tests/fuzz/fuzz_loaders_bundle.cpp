// libFuzzer target: conformance bundles. Byte 0 picks the file the rest of the input replaces
// in a small valid bundle (program.hex, launch.json, expected.json, or a --textures file).
// Checks: no crash, no allocation beyond libFuzzer's limit, no hang; every failure is a
// LoadError naming the file; a bundle that loads has a program and a sane launch.
#include <fgtlm/loaders/bundle_loader.hpp>

#include "fuzz_files.hpp"

namespace {

namespace fs = std::filesystem;
using fgtlm::fuzz::finding;

constexpr const char* kLaunch =
    R"({"grid": [1, 1], "block": [32, 1, 1], "regs_per_thread": 4, "shared_bytes": 0, "blocks_per_core": 1,)"
    R"( "params": [16], "cores": 8, "dump": {"addr": 0, "words": 4}})";
constexpr const char* kExpected = R"({"rtl_kernel_cycles": 10, "ranges": [{"addr": 0, "words": ["0000000a", null]}]})";
constexpr const char* kProgram = "0x10004205\n0x0023c781\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const fs::path dir = fgtlm::fuzz::scratch_dir() / "bundle";
    fs::create_directories(dir);
    fgtlm::fuzz::put(dir / "program.hex", kProgram);
    fgtlm::fuzz::put(dir / "launch.json", kLaunch);
    fgtlm::fuzz::put(dir / "expected.json", kExpected);
    const std::string_view body(reinterpret_cast<const char*>(data + 1), size - 1);
    static const char* const kFiles[] = {"program.hex", "launch.json", "expected.json", "textures.json"};
    const fs::path file = dir / kFiles[data[0] % 4];
    fgtlm::fuzz::put(file, body);
    try {
        fgtlm::loaders::KernelImage img = fgtlm::loaders::load_bundle(dir);
        if (file.filename() == "textures.json") fgtlm::loaders::load_texture_section(file, img);
        if (img.program.empty()) finding("a bundle loaded without instructions");
        for (const auto b : img.launch.block)
            if (b == 0) finding("a bundle loaded with a zero block dimension");
        if (img.global_init.size() > img.global_mem_bytes) finding("global_init larger than global memory");
    } catch (const fgtlm::loaders::LoadError& e) {
        fgtlm::fuzz::check_names_file(e.what(), file);
    }
    return 0;
}
