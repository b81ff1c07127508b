// fork/exec with a wall-clock limit. Only the child this function started is ever signalled.
#include "process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <deque>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace fgtlm::cosim {

namespace {

// In the child, between fork and exec: only async-signal-safe calls.
[[noreturn]] void exec_child(const std::vector<char*>& args, const ProcessOptions& opt, int out_fd) {
    // A simulation whose fgtlm is killed ends with it instead of running on unobserved.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (!opt.cwd.empty() && chdir(opt.cwd.c_str()) != 0) _exit(126);
    if (out_fd >= 0) {
        dup2(out_fd, 1);
        dup2(out_fd, 2);
        close(out_fd);
    }
    if (opt.unlimited_stack) {
        rlimit rl{};
        if (getrlimit(RLIMIT_STACK, &rl) == 0) {
            rl.rlim_cur = rl.rlim_max;
            setrlimit(RLIMIT_STACK, &rl);
        }
    }
    execvp(args[0], args.data());
    _exit(127);
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& opt) {
    if (argv.empty()) throw std::runtime_error("run_process: empty command");
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const std::string out = opt.output.empty() ? std::string("/dev/null") : opt.output.string();
    const int out_fd =
        open(out.c_str(), O_WRONLY | O_CREAT | (opt.append_output ? O_APPEND : O_TRUNC) | O_CLOEXEC, 0644);
    if (out_fd < 0) throw std::runtime_error(out + ": cannot write: " + std::strerror(errno));

    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid < 0) {
        close(out_fd);
        throw std::runtime_error(std::string("fork failed: ") + std::strerror(errno));
    }
    if (pid == 0) exec_child(args, opt, out_fd);
    close(out_fd);

    ProcessResult r;
    int status = 0;
    for (;;) {
        const pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid) break;
        if (w < 0 && errno != EINTR) throw std::runtime_error(std::string("waitpid failed: ") + std::strerror(errno));
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (opt.timeout_seconds > 0 && elapsed > opt.timeout_seconds && !r.timed_out) {
            r.timed_out = true;
            kill(pid, SIGKILL);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(elapsed < 1.0 ? 2 : 20));
    }
    r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status)) r.exit_code = 128 + WTERMSIG(status);
    if (r.exit_code == 127) throw std::runtime_error("cannot run '" + argv[0] + "' (not installed? see scripts/deps)");
    return r;
}

std::string tail_of_file(const std::filesystem::path& file, std::size_t max_lines) {
    std::ifstream in(file);
    std::deque<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        lines.push_back(line);
        if (lines.size() > max_lines) lines.pop_front();
    }
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
}

}  // namespace fgtlm::cosim
