#include "kernel_runner.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace fgtlm::test {

namespace fs = std::filesystem;

namespace {

std::string join(const std::vector<std::uint32_t>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
    return s;
}

// Runs a shell command, returning its exit status and writing its output to `log`.
int shell(const std::string& cmd, const fs::path& log) {
    const int rc = std::system((cmd + " >" + log.string() + " 2>&1").c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

fs::path work_dir(const KernelRun& r) {
    return fs::path(FGTLM_TEST_WORK_DIR) / (fs::path(r.cu).stem().string() + r.variant);
}

}  // namespace

std::string module_text(const KernelRun& r) { return slurp(work_dir(r) / "module.json"); }

std::vector<std::uint8_t> run_kernel(const KernelRun& r) {
    const fs::path dir = work_dir(r);
    fs::create_directories(dir);
    const fs::path module = dir / "module.json", in = dir / "in.bin", out = dir / "out.bin", log = dir / "log.txt";
    const std::string exe = FGTLM_EXE;
    const std::string cu = std::string(FGTLM_KERNEL_DIR) + "/" + r.cu;
    std::string cc = exe + " cc " + cu + " -o " + module.string() + " --keep-ptx " + (dir / "k.ptx").string();
    if (!r.target.empty()) cc += " --target " + r.target;
    if (r.max_regs != 0) cc += " --max-regs " + std::to_string(r.max_regs);
    if (r.demote_f64) cc += " --demote-f64";
    if (r.float_subroutines) cc += " --float-subroutines";
    if (!r.clang_args.empty()) cc += " --";
    for (const std::string& a : r.clang_args) cc += " " + a;
    if (shell(cc, log) != 0) throw std::runtime_error("fgtlm cc failed:\n" + slurp(log));
    std::ofstream(in, std::ios::binary)
        .write(reinterpret_cast<const char*>(r.memory.data()), std::streamsize(r.memory.size()));
    std::string cmd = exe + " run " + module.string() + " --grid " + join(r.grid) + " --block " + join(r.block) +
                      " --global-init " + in.string() + " --dump-global " + out.string();
    if (!r.kernel.empty()) cmd += " --kernel " + r.kernel;
    if (r.dynamic_shared) cmd += " --dynamic-shared " + std::to_string(r.dynamic_shared);
    for (const std::string& p : r.params) cmd += " --param " + p;
    if (shell(cmd, log) != 0) throw std::runtime_error("fgtlm run failed: " + cmd + "\n" + slurp(log));
    const std::string bytes = slurp(out);
    return std::vector<std::uint8_t>(bytes.begin(), bytes.end());
}

}  // namespace fgtlm::test
