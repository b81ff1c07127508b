#include "launch_target.hpp"
#include "diagnostics.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/testbench_loader.hpp>

namespace fgtlm::cli {

namespace fs = std::filesystem;

std::uint32_t parse_u32(const std::string& s) {
    std::size_t pos = 0;
    unsigned long long v = 0;
    try {
        v = std::stoull(s, &pos, 0);
    } catch (const std::exception&) {
        pos = 0;  // stoull's own message is just "stoull": name the value instead
    }
    if (pos == 0 || pos != s.size() || v > 0xffffffffULL)
        throw std::invalid_argument("not a 32-bit number: '" + s + "'");
    return std::uint32_t(v);
}

void add_launch_target_options(CLI::App* sub, LaunchTarget& t) {
    sub->add_option("target", t.target, "bundle folder, FlexGripPlus application folder (--flexgrip) or .sass file")
        ->required();
    sub->add_flag("--flexgrip", t.flexgrip,
                  "TARGET is a FlexGripPlus application folder (TP_instructions.vhd, pick_bench.vhd, ...)");
    sub->add_option("--cores", t.cores, "SP lanes (8, 16, 32; default from the target, else 8)");
    add_sass_launch_options(sub, t);
}

void add_sass_launch_options(CLI::App* sub, LaunchTarget& t) {
    sub->add_option("--grid", t.grid, "(.sass) gridDim X[,Y]")->delimiter(',');
    sub->add_option("--block", t.block, "(.sass) blockDim X[,Y,Z]")->delimiter(',');
    sub->add_option("--param", t.params, "(.sass) kernel parameter word (repeatable, decimal or 0x hex)");
    sub->add_option("--global-init", t.global_init, "(.sass) initial global memory image (raw bytes from 0)");
    sub->add_option("--regs", t.regs, "(.sass) registers per thread (default 16)");
    sub->add_option("--shared", t.shared, "(.sass) static shared memory bytes");
    sub->add_option("--blocks-per-sm", t.blocks_per_sm, "(.sass) blocks resident per SM");
    sub->add_option("--local-bytes", t.local_bytes,
                    "(.sass) local memory bytes per thread (LLD/LST; windows in global memory)");
    sub->add_option("--local-base", t.local_base,
                    "(.sass) global address of thread 0's local window (decimal or 0x hex)");
    sub->add_option("--dump-words", t.dump_words, "(.sass) words from address 0 compared after the kernel");
    sub->add_option("--textures", t.textures,
                    "(.sass) JSON file {\"textures\": {...}}: texture descriptor table (launch.json format)");
}

namespace {

// Reads a whole input file; a directory or a missing file is an error naming it.
std::string read_input(const std::string& path, const char* what) {
    if (const std::string why = not_a_readable_file(path); !why.empty()) throw loaders::LoadError(path, 0, why);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw loaders::LoadError(path, 0, std::string("cannot open ") + what);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// gridDim / blockDim entries are 16-bit in the hardware: 70000 is an error, not 4464.
void check_dims(const std::vector<std::uint32_t>& v, const char* option) {
    for (const std::uint32_t x : v)
        if (x == 0 || x > 0xffff)
            throw loaders::LoadError(std::string(option) + ": " + std::to_string(x) + " is out of range (1..65535)");
}

// Highest GPR an instruction names (R124 reads as zero and is not allocated), or -1.
int highest_register(std::span<const std::uint32_t> words) {
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
void warn_on_registers(const std::vector<std::uint32_t>& words, std::uint32_t regs, const std::string& path) {
    const int top = highest_register(words);
    if (top < 0 || std::uint32_t(top) < regs) return;
    std::cerr << "fgtlm: warning: " << path << " uses R" << top << " but --regs is " << regs
              << " (16 unless given): registers from R" << regs << " alias another warp's; pass --regs " << top + 1
              << '\n';
}

loaders::KernelImage image_from_sass(const LaunchTarget& o) {
    const std::string source = read_input(o.target, "the SASS file");
    const isa::AssembleResult r = isa::assemble(source, o.target);
    if (!r.ok()) throw loaders::LoadError(format_asm_errors(r.errors));
    loaders::KernelImage img;
    img.name = fs::path(o.target).stem().string();
    img.program = r.words;
    if (o.grid.empty() || o.grid.size() > 2 || o.block.empty() || o.block.size() > 3)
        throw loaders::LoadError("--grid takes X[,Y] and --block X[,Y,Z]");
    check_dims(o.grid, "--grid");
    check_dims(o.block, "--block");
    img.launch.grid[0] = std::uint16_t(o.grid[0]);
    img.launch.grid[1] = std::uint16_t(o.grid.size() > 1 ? o.grid[1] : 1);
    for (std::size_t i = 0; i < 3; ++i) img.launch.block[i] = std::uint16_t(i < o.block.size() ? o.block[i] : 1);
    for (const auto& p : o.params) img.launch.params.push_back(parse_u32(p));
    img.launch.regs_per_thread = o.regs;
    warn_on_registers(img.program, o.regs, o.target);
    img.launch.shared_bytes = o.shared;
    img.launch.blocks_per_sm = o.blocks_per_sm;
    img.launch.local_bytes_per_thread = o.local_bytes;
    img.launch.local_base = parse_u32(o.local_base);
    if (!o.global_init.empty()) {
        const std::string g = read_input(o.global_init, "the global memory image");
        if (g.size() > img.global_mem_bytes)
            throw loaders::LoadError(o.global_init, 0,
                                     std::to_string(g.size()) + " bytes: larger than the global memory (" +
                                         std::to_string(img.global_mem_bytes) + " bytes)");
        img.global_init.assign(g.begin(), g.end());
    }
    if (!o.textures.empty()) loaders::load_texture_section(o.textures, img);
    const std::uint32_t words = o.dump_words != 0 || !o.auto_dump
                                    ? o.dump_words
                                    : std::max<std::uint32_t>(1024, std::uint32_t((img.global_init.size() + 3) / 4));
    img.dump = {0, 4 * words};
    return img;
}

}  // namespace

loaders::KernelImage load_launch_target(const LaunchTarget& t) {
    loaders::KernelImage img;
    if (t.flexgrip) img = loaders::load_testbench(t.target);
    else if (fs::is_directory(t.target)) img = loaders::load_bundle(t.target);
    else img = image_from_sass(t);
    if (t.cores > 0) img.cores = std::uint32_t(t.cores);
    if (const loaders::ImageOverflow& o = img.global_init_overflow; o.first_line != 0)
        img.warnings.push_back(o.file + ":" + std::to_string(o.first_line) + ": " + std::to_string(o.bytes) +
                               " bytes past the " + std::to_string(img.global_mem_bytes) +
                               "-byte global memory ignored, as the RTL's dp_ram does (core.rtl.mif_truncate)");
    return img;
}

}  // namespace fgtlm::cli
