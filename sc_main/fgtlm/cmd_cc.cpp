// fgtlm cc KERNEL.cu -o MODULE [--target ...] [--keep-ptx FILE] [-- clang args]: CUDA C to an
// SM_1.0 MODULE with no CUDA toolkit: clang turns the device code into PTX (sm_30, 32-bit
// addresses, <fgtlm/cuda.h> and shim headers on the include path), then `fgtlm ptxas`.
// With --flexgrip-folder DIR and a launch (--grid, --block, --param ... as for `fgtlm run MODULE`)
// it also writes a FlexGripPlus application folder of that launch (the testbench writer's files).
#include "subcommand.hpp"
#include "compile_cli.hpp"
#include "diagnostics.hpp"
#include "cli_numbers.hpp"
#include "launch_target.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>

#include <fgtlm/loaders/testbench_writer.hpp>

namespace fgtlm::cli {

namespace {

struct CcOptions {
    std::string input;
    std::string out;
    std::string keep_ptx;
    std::string clang = "clang";
    std::string include_dir;  // "" = default_include_dir()
    std::vector<std::string> clang_args;
    CompileCliOptions c;
    std::string flexgrip_folder;  // also write the FlexGripPlus application folder of the launch here
    LaunchTarget launch;          // the launch of --flexgrip-folder (target = the MODULE written)
};

// <fgtlm/cuda.h>'s folder: an installed fgtlm's (PREFIX/share/fgtlm/cuda_include beside
// PREFIX/bin/fgtlm), else the source tree's this fgtlm was built from.
std::string default_include_dir() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    const std::filesystem::path installed = exe.parent_path().parent_path() / "share" / "fgtlm" / "cuda_include";
    if (!ec && std::filesystem::is_regular_file(installed / "fgtlm" / "cuda.h", ec)) return installed.string();
    return FGTLM_CUDA_INCLUDE_DIR;
}

// Runs argv[0] with `args`; returns its exit status, 127 when it cannot be started.
int run_program(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid < 0) return 127;
    if (pid == 0) {
        execvp(argv[0], argv.data());
        std::fprintf(stderr, "fgtlm cc: cannot run %s: %s (install clang: scripts/deps)\n", argv[0],
                     std::strerror(errno));
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

// --flexgrip-folder: the launch of the MODULE just written, loaded as `fgtlm run MODULE` loads
// it, written by the testbench writer (as `fgtlm cosim --write-testbench`).
int write_flexgrip_folder(const CcOptions& o) {
    LaunchTarget t = o.launch;
    t.target = o.out;
    try {
        const loaders::KernelImage img = load_launch_target(t);
        for (const auto& w : img.warnings) std::cerr << "warning: " << w << '\n';
        loaders::validate_for_testbench(img);
        loaders::write_testbench(img, o.flexgrip_folder);
    } catch (const std::exception& e) {
        std::cerr << "fgtlm cc: --flexgrip-folder " << o.flexgrip_folder << ": " << e.what() << '\n';
        return 2;
    }
    return 0;
}

// Launch options without --flexgrip-folder would be silently ignored.
bool launch_given(const LaunchTarget& t) {
    return !t.grid.empty() || !t.block.empty() || !t.param_texts.empty() || !t.global_init.empty() ||
           !t.kernel.empty() || t.dynamic_shared != 0 || !t.consts.empty() || t.dump_words != 0;
}

int run_cc(const CcOptions& o) {
    if (o.flexgrip_folder.empty() && launch_given(o.launch)) {
        std::cerr << "fgtlm cc: launch options (--grid, --block, --param, ...) describe the launch of "
                     "--flexgrip-folder DIR, which is not given\n";
        return 2;
    }
    if (const std::string why = not_a_readable_file(o.input); !why.empty()) {
        std::cerr << o.input << ": error: " << why << '\n';
        return 1;
    }
    std::string ptx_path = o.keep_ptx;
    if (ptx_path.empty()) {
        char tmpl[] = "/tmp/fgtlm-cc-XXXXXX";
        const int fd = mkstemp(tmpl);
        if (fd < 0) {
            std::cerr << "fgtlm cc: error: cannot create a temporary file\n";
            return 1;
        }
        close(fd);
        ptx_path = tmpl;
    }
    std::vector<std::string> args{o.clang,
                                  "-x",
                                  "cuda",
                                  "--cuda-device-only",
                                  "--cuda-gpu-arch=sm_30",
                                  "-nocudainc",
                                  "-nocudalib",
                                  "-nostdlibinc",
                                  "-m32",
                                  "-O2",
                                  o.c.f32 == "fpu" ? "-ffp-contract=fast" : "-ffp-contract=off",
                                  "-Wno-unknown-cuda-version",
                                  "-I" + (o.include_dir.empty() ? default_include_dir() : o.include_dir)};
    args.insert(args.end(), o.clang_args.begin(), o.clang_args.end());
    args.insert(args.end(), {"-S", o.input, "-o", ptx_path});
    const int status = run_program(args);
    std::string why;
    const std::optional<std::string> ptx = status == 0 ? read_whole_file(ptx_path, why) : std::nullopt;
    if (o.keep_ptx.empty()) std::filesystem::remove(ptx_path);
    if (status != 0) {
        std::cerr << "fgtlm cc: error: " << o.clang << " failed on " << o.input << " (exit status " << status << ")\n";
        return status == 127 ? 127 : 1;
    }
    if (!ptx) {
        std::cerr << ptx_path << ": error: " << why << '\n';
        return 1;
    }
    const int rc = compile_to_module(*ptx, o.keep_ptx.empty() ? o.input + " (PTX)" : o.keep_ptx, o.c, o.out);
    return rc != 0 || o.flexgrip_folder.empty() ? rc : write_flexgrip_folder(o);
}

void add_folder_options(CLI::App* sub, CcOptions& o) {
    sub->add_option("--flexgrip-folder", o.flexgrip_folder,
                    "also write a FlexGripPlus application folder (TP_instructions.vhd, pick_bench.vhd, "
                    "TP_configuration.vhd, global_mem.mif) of the launch given by the options below");
    add_unsigned_list(sub, "--grid", o.launch.grid, "(--flexgrip-folder) gridDim X[,Y] (1..65535 each)", 1, 0xffff);
    add_unsigned_list(sub, "--block", o.launch.block, "(--flexgrip-folder) blockDim X[,Y,Z] (1..65535 each)", 1,
                      0xffff);
    sub->add_option("--param", o.launch.param_texts,
                    "(--flexgrip-folder) kernel parameter, typed by the PTX parameter (repeatable)");
    sub->add_option("--global-init", o.launch.global_init,
                    "(--flexgrip-folder) initial global memory image (raw bytes from 0)");
    add_unsigned(sub, "--dump-words", o.launch.dump_words,
                 "(--flexgrip-folder) words from address 0 the testbench reads back (default: the memory image)", 0,
                 loaders::kMaxDumpWords);
    add_module_options(sub, o.launch);
}

const SubcommandRegistration kCc{
    "cc", [](CLI::App& app) {
        auto opts = std::make_shared<CcOptions>();
        CLI::App* sub = app.add_subcommand("cc", "Compile a CUDA C file (device code) to an SM_1.0 MODULE with clang");
        sub->add_option("input", opts->input, ".cu file")->required();
        sub->add_option("-o,--output", opts->out, "MODULE file to write")->required();
        sub->add_option("--keep-ptx", opts->keep_ptx, "also write clang's PTX to this file");
        sub->add_option("--clang", opts->clang, "the clang to run (default: clang on PATH)");
        sub->add_option("--include-dir", opts->include_dir,
                        "folder holding <fgtlm/cuda.h> (default: PREFIX/share/fgtlm/cuda_include of an installed "
                        "fgtlm, else the source tree's)");
        sub->add_option("clang_args", opts->clang_args, "extra clang arguments after --");
        add_compile_options(sub, opts->c);
        add_folder_options(sub, *opts);
        return std::function<int()>([opts] { return run_cc(*opts); });
    }};

}  // namespace

}  // namespace fgtlm::cli
