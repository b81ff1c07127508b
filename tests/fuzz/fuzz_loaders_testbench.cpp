// libFuzzer target: FlexGripPlus application folders. Byte 0 picks the file the rest of the
// input replaces in a small valid folder: pick_bench.vhd, TP_instructions.vhd,
// TP_configuration.vhd, global_mem.mif or gpgpu_rdata.log (so .mif and rdata logs are fuzzed
// through the loader that reads them). Checks: no crash, no allocation beyond libFuzzer's
// limit; every failure is a LoadError naming the file; a folder that loads has a program
// within the instruction memory and a memory image within global memory.
#include <fgtlm/loaders/testbench_loader.hpp>

#include "fuzz_files.hpp"

namespace {

namespace fs = std::filesystem;
using fgtlm::fuzz::finding;

constexpr const char* kPick =
    "package pick_bench is\n  constant BENCH_K_BLKX : integer := 32;\n  constant BENCH_KERNEL_GPRS : integer := 4;\n"
    "  constant BENCH_KERNEL_PARAM_SIZE : integer := 1;\n  constant BENCH_CMEM_PARAM_SIZE : integer := 4;\n"
    "  constant READ_DATA_SIZE : integer := 1;\nend pick_bench;\n";
constexpr const char* kTp =
    "case addr is\n  when 0 => instruction_out <= x\"10004205\";\n  when 1 => instruction_out <= x\"0023c781\";\n"
    "  when others => instruction_out <= x\"00000000\";\nend case;\n";
constexpr const char* kConfig =
    "package TP_configuration is\n  constant kernel_regs_default : kregs := (0 => x\"00000010\", others => x\"0\");\n"
    "  constant cmem_regs_default : cregs := (others => x\"00\");\nend TP_configuration;\n";
constexpr const char* kMif = "0a\n00\n00\n00\nuu\n";
constexpr const char* kLog = "00000 0000000a\n00004 uuuuuuuu\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const fs::path dir = fgtlm::fuzz::scratch_dir() / "app";
    fs::create_directories(dir);
    static const char* const kNames[] = {"pick_bench.vhd", "TP_instructions.vhd", "TP_configuration.vhd",
                                         "global_mem.mif", "gpgpu_rdata.log"};
    static const char* const kTexts[] = {kPick, kTp, kConfig, kMif, kLog};
    for (int i = 0; i < 5; ++i) fgtlm::fuzz::put(dir / kNames[i], kTexts[i]);
    const fs::path file = dir / kNames[data[0] % 5];
    fgtlm::fuzz::put(file, std::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
    const fgtlm::loaders::TestbenchOptions opt{8, 8, dir};
    try {
        const fgtlm::loaders::KernelImage img = fgtlm::loaders::load_testbench(dir, opt);
        if (img.program.empty() || img.program.size() > opt.max_program_words)
            finding("program of " + std::to_string(img.program.size()) + " words");
        if (img.global_init.size() > img.global_mem_bytes) finding("memory image larger than global memory");
        if (img.launch.params.size() > 16 || img.launch.const_mem.size() > 64) finding("too many registers");
    } catch (const fgtlm::loaders::LoadError& e) {
        const std::string what = e.what();
        bool named = false;
        for (const char* n : kNames) named = named || what.find(n) != std::string::npos;
        if (!named) finding("error names no file of the folder: " + what);
    }
    return 0;
}
