#include <fgtlm/loaders/launch_target.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <fmt/format.h>

#include <fgtlm/io/text.hpp>
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/testbench_loader.hpp>

#include "launch_input.hpp"
#include "module_launch.hpp"

namespace fgtlm::loaders {

namespace fs = std::filesystem;

// Reads a whole input file; a directory, a FIFO or a missing file is an error naming it.
std::string read_launch_input(const std::string& path, const std::string& what) {
    std::error_code ec;
    const auto st = fs::status(path, ec);
    if (ec || !fs::exists(st)) throw LoadError(path, 0, "no such file (" + what + ")");
    if (fs::is_directory(st)) throw LoadError(path, 0, "is a directory, not a file (" + what + ")");
    if (!fs::is_regular_file(st)) throw LoadError(path, 0, "not a regular file (" + what + ")");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LoadError(path, 0, "cannot open " + what);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

namespace {

// The first assembler errors, control bytes escaped and each cut (io's escaper).
std::string asm_errors(const std::vector<isa::AsmDiagnostic>& errors) {
    std::string out;
    for (std::size_t i = 0; i < errors.size() && i < 50; ++i) {
        out += io::escape_and_cut(errors[i].str(), 400) + '\n';
    }
    if (errors.size() > 50) out += fmt::format("... and {} more errors\n", errors.size() - 50);
    return out;
}

// gridDim / blockDim entries are 16-bit in the hardware: 70000 is an error, not 4464.
void check_dims(const std::vector<std::uint32_t>& v, std::size_t max_size, const char* option, const char* form) {
    if (v.size() > max_size) throw LoadError(fmt::format("{} takes {}", option, form));
    for (const std::uint32_t x : v)
        if (x == 0 || x > 0xffff) throw LoadError(fmt::format("{}: {} is out of range (1..65535)", option, x));
}

void sass_launch(const LaunchTarget& o, KernelImage& img) {
    check_dims(o.grid, 2, "--grid", "X[,Y]");
    check_dims(o.block, 3, "--block", "X[,Y,Z]");
    if (o.grid.empty()) img.warnings.push_back(o.target + ": no --grid given: gridDim 1");
    if (o.block.empty()) img.warnings.push_back(o.target + ": no --block given: blockDim 1 (one thread)");
    for (std::size_t i = 0; i < 2; ++i) img.launch.grid[i] = std::uint16_t(i < o.grid.size() ? o.grid[i] : 1);
    for (std::size_t i = 0; i < 3; ++i) img.launch.block[i] = std::uint16_t(i < o.block.size() ? o.block[i] : 1);
    img.launch.params = o.params;
    img.launch.regs_per_thread = o.regs;
    img.launch.shared_bytes = o.shared;
    img.launch.blocks_per_sm = o.blocks_per_sm;
    img.launch.local_bytes_per_thread = o.local_bytes;
    img.launch.local_base = o.local_base;
}

// Highest GPR an instruction names (R124 reads as zero and is not allocated), or -1.
int highest_register(const std::vector<std::uint32_t>& words) {
    int top = -1;
    for (const isa::Instruction& inst : isa::decode_program(words)) {
        for (const isa::Operand* op : {&inst.dst, &inst.src[0], &inst.src[1], &inst.src[2]}) {
            const bool gpr = op->kind == isa::OperandKind::Reg || op->kind == isa::OperandKind::RegLo ||
                             op->kind == isa::OperandKind::RegHi;
            if (gpr && op->reg < 124) top = std::max(top, int(op->reg));
        }
    }
    return top;
}

// A kernel that names more registers than --regs allocates reads the next warp's (as on
// FlexGripPlus): say so, naming the highest register.
void warn_on_registers(KernelImage& img, std::uint32_t regs, const std::string& path) {
    const int top = highest_register(img.program);
    if (top < 0 || std::uint32_t(top) < regs) return;
    img.warnings.push_back(
        fmt::format("{} uses R{} but --regs is {} (16 unless given): registers from R{} alias "
                    "another warp's; pass --regs {}",
                    path, top, regs, regs, top + 1));
}

KernelImage image_from_sass(const LaunchTarget& o) {
    const std::string source = read_launch_input(o.target, "the SASS file");
    const isa::AssembleResult r = isa::assemble(source, o.target);
    if (!r.ok()) throw LoadError(asm_errors(r.errors));
    KernelImage img;
    img.name = fs::path(o.target).stem().string();
    img.program = r.words;
    apply_launch_options(o, img);
    warn_on_registers(img, o.regs, o.target);
    return img;
}

}  // namespace

void apply_launch_options(const LaunchTarget& o, KernelImage& img) {
    sass_launch(o, img);
    if (!o.global_init.empty()) {
        const std::string g = read_launch_input(o.global_init, "the global memory image");
        if (g.size() > img.global_mem_bytes)
            throw LoadError(
                o.global_init, 0,
                fmt::format("{} bytes: larger than the global memory ({} bytes)", g.size(), img.global_mem_bytes));
        img.global_init.assign(g.begin(), g.end());
    }
    if (!o.textures.empty()) load_texture_section(o.textures, img);
    if (o.dump_words > kMaxDumpWords)
        throw LoadError(fmt::format("--dump-words: {} is out of range (0..{}, 256 MiB)", o.dump_words, kMaxDumpWords));
    const std::uint32_t words = o.dump_words != 0 || !o.auto_dump
                                    ? o.dump_words
                                    : std::max<std::uint32_t>(1024, std::uint32_t((img.global_init.size() + 3) / 4));
    img.dump = {0, 4 * words};
}

KernelImage load_launch_target(const LaunchTarget& t) {
    if (t.target.empty()) throw LoadError("no target: give a bundle folder, a FlexGripPlus folder or a .sass file");
    if (!fs::exists(t.target)) throw LoadError(t.target, 0, "no such file or folder");
    const bool module = !t.flexgrip && is_module_file(t.target);
    if (!module && (!t.kernel.empty() || !t.module_params.empty() || t.dynamic_shared != 0 || !t.consts.empty()))
        throw LoadError(
            t.target, 0,
            "--kernel, --dynamic-shared and --const apply to a MODULE (fgtlm ptxas / fgtlm cc output) only");
    KernelImage img;
    if (module)
        img = image_from_module(t);
    else if (t.flexgrip)
        img = load_testbench(t.target);
    else if (fs::is_directory(t.target))
        img = load_bundle(t.target);
    else
        img = image_from_sass(t);
    if (t.cores > 0) img.cores = std::uint32_t(t.cores);
    if (const ImageOverflow& o = img.global_init_overflow; o.first_line != 0)
        img.warnings.push_back(o.file + ":" + std::to_string(o.first_line) + ": " + std::to_string(o.bytes) +
                               " bytes past the " + std::to_string(img.global_mem_bytes) +
                               "-byte global memory ignored, as the RTL's dp_ram does (core.rtl.mif_truncate)");
    return img;
}

}  // namespace fgtlm::loaders
