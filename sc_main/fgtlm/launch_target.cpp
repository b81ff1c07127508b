#include "launch_target.hpp"
#include "cli_numbers.hpp"

namespace fgtlm::cli {

void add_launch_target_options(CLI::App* sub, LaunchTarget& t) {
    sub->add_option("target", t.target, "bundle folder, FlexGripPlus application folder (--flexgrip) or .sass file")
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
    add_unsigned_list(sub, "--param", t.params, "(.sass) kernel parameter word (repeatable, decimal or 0x hex)", 0,
                      k32);
    sub->add_option("--global-init", t.global_init, "(.sass) initial global memory image (raw bytes from 0)");
    add_unsigned(sub, "--regs", t.regs, "(.sass) registers per thread", 0, k32);
    add_unsigned(sub, "--shared", t.shared, "(.sass) static shared memory bytes", 0, k32);
    add_unsigned(sub, "--blocks-per-sm", t.blocks_per_sm, "(.sass) blocks resident per SM", 0, k32);
    add_unsigned(sub, "--local-bytes", t.local_bytes,
                 "(.sass) local memory bytes per thread (LLD/LST; windows in global memory)", 0, k32);
    add_unsigned(sub, "--local-base", t.local_base,
                 "(.sass) global address of thread 0's local window (decimal or 0x hex)", 0, k32);
    add_unsigned(sub, "--dump-words", t.dump_words, "(.sass) words from address 0 compared after the kernel", 0,
                 loaders::kMaxDumpWords);
    sub->add_option("--textures", t.textures,
                    "(.sass) JSON file {\"textures\": {...}}: texture descriptor table (launch.json format)");
}

}  // namespace fgtlm::cli
