// fgtlm cc KERNEL.cu -o MODULE [--target ...] [--keep-ptx FILE] [-- clang args]: CUDA C to an
// SM_1.0 MODULE with no CUDA toolkit: clang turns the device code into PTX (sm_30, 32-bit
// addresses, <fgtlm/cuda.h> and shim headers on the include path), then `fgtlm ptxas`.
#include "subcommand.hpp"
#include "compile_cli.hpp"
#include "diagnostics.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>

namespace fgtlm::cli {

namespace {

struct CcOptions {
    std::string input;
    std::string out;
    std::string keep_ptx;
    std::string clang = "clang";
    std::string include_dir = FGTLM_CUDA_INCLUDE_DIR;
    std::vector<std::string> clang_args;
    CompileCliOptions c;
};

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

int run_cc(const CcOptions& o) {
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
                                  "-ffp-contract=off",
                                  "-Wno-unknown-cuda-version",
                                  "-I" + o.include_dir};
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
    return compile_to_module(*ptx, o.keep_ptx.empty() ? o.input + " (PTX)" : o.keep_ptx, o.c, o.out);
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
                        "folder holding <fgtlm/cuda.h> (default: the source tree's)");
        sub->add_option("clang_args", opts->clang_args, "extra clang arguments after --");
        add_compile_options(sub, opts->c);
        return std::function<int()>([opts] { return run_cc(*opts); });
    }};

}  // namespace

}  // namespace fgtlm::cli
