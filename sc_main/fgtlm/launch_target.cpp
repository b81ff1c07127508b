#include "launch_target.hpp"
#include "cli_numbers.hpp"

#include <stdexcept>

#include <fgtlm/io/number.hpp>

namespace fgtlm::cli {

void add_launch_target_options(CLI::App* sub, LaunchTarget& t) {
    sub->add_option("target", t.target,
                    "bundle folder, FlexGripPlus application folder (--flexgrip), .sass file or MODULE")
        ->required();
    sub->add_flag("--flexgrip", t.flexgrip,
                  "TARGET is a FlexGripPlus application folder (TP_instructions.vhd, pick_bench.vhd, ...)");
    add_cores_option(sub, t);
    add_sass_launch_options(sub, t);
}

void add_cores_option(CLI::App* sub, LaunchTarget& t) {
    add_unsigned(sub, "--cores", t.cores, "SP lanes (8, 16, 32; default from the target, else 8)", 1, 32);
}

void add_sass_launch_options(CLI::App* sub, LaunchTarget& t) {
    constexpr std::uint64_t k32 = 0xffffffffu;
    add_unsigned_list(sub, "--grid", t.grid, "(.sass) gridDim X[,Y] (1..65535 each)", 1, 0xffff);
    add_unsigned_list(sub, "--block", t.block, "(.sass) blockDim X[,Y,Z] (1..65535 each)", 1, 0xffff);
    sub->add_option("--param", t.param_texts,
                    "kernel parameter (repeatable): a 32-bit word, decimal or 0x hex; for a MODULE typed by the "
                    "PTX parameter (integer, or a float / 0x raw bits for .f32)");
    sub->add_option("--global-init", t.global_init, "(.sass) initial global memory image (raw bytes from 0)");
    add_unsigned(sub, "--regs", t.regs, "(.sass) registers per thread (default 16)", 0, k32);
    add_unsigned(sub, "--shared", t.shared, "(.sass) static shared memory bytes", 0, k32);
    add_unsigned(sub, "--blocks-per-sm", t.blocks_per_sm,
                 "blocks resident per SM (default 8; a MODULE: at most the blocks whose registers fit)", 0, k32);
    add_unsigned(sub, "--local-bytes", t.local_bytes,
                 "(.sass) local memory bytes per thread (LLD/LST; windows in global memory)", 0, k32);
    add_unsigned(sub, "--local-base", t.local_base,
                 "(.sass) global address of thread 0's local window (decimal or 0x hex)", 0, k32);
    add_unsigned(sub, "--dump-words", t.dump_words, "(.sass) words from address 0 compared after the kernel", 0,
                 loaders::kMaxDumpWords);
    sub->add_option("--textures", t.textures,
                    "(.sass) JSON file {\"textures\": {...}}: texture descriptor table (launch.json format)");
    add_module_options(sub, t);
}

void add_module_options(CLI::App* sub, loaders::LaunchTarget& t) {
    sub->add_option("--kernel", t.kernel, "(MODULE) kernel to run: mangled or plain name (optional with one kernel)");
    add_unsigned(sub, "--dynamic-shared", t.dynamic_shared, "(MODULE) bytes of extern __shared__ arrays", 0, 16384);
    sub->add_option("--const", t.consts,
                    "(MODULE) SYMBOL=FILE: the file's bytes over a __constant__ or __device__ symbol, as "
                    "cudaMemcpyToSymbol (repeatable)");
}

loaders::LaunchTarget resolve_launch_target(const LaunchTarget& t) {
    loaders::LaunchTarget out = t;
    if (!t.flexgrip && loaders::is_module_file(t.target)) {
        out.module_params = t.param_texts;
        return out;
    }
    out.params.clear();
    try {
        for (const std::string& p : t.param_texts)
            out.params.push_back(std::uint32_t(io::parse_unsigned(p, "--param", 0, 0xffffffffu)));
    } catch (const std::invalid_argument& e) {
        throw loaders::LoadError(e.what());
    }
    return out;
}

loaders::KernelImage load_launch_target(const LaunchTarget& t) {
    return loaders::load_launch_target(resolve_launch_target(t));
}

}  // namespace fgtlm::cli
