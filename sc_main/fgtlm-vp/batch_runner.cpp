#include "batch_runner.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <regex>
#include <string>

extern char** environ;

namespace fgtlm::vp {

std::vector<std::string> find_apps(const std::string& dir) {
    std::vector<std::string> apps;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".elf") apps.push_back(entry.path().string());
    std::sort(apps.begin(), apps.end());
    return apps;
}

namespace {

struct Outcome {
    std::string app;
    int code = -1;
    std::vector<std::string> reports;
    std::string speed;  // from the app's summary line: host MIPS of the CPU, GPU thread-instructions/s
};

// "... (12.3 MIPS host) ... GPU 456 thread-instructions (78.9 M/s host)" -> "cpu_mips=12.3 gpu_mtips=78.9".
std::string speed_of(const std::string& line) {
    static const std::regex re(R"(\(([0-9.]+) MIPS host\).*GPU [0-9]+ thread-instructions \(([0-9.]+) M/s host\))");
    std::smatch m;
    if (!std::regex_search(line, m, re)) return {};
    return "cpu_mips=" + m[1].str() + " gpu_mtips=" + m[2].str();
}

// Runs `self --firmware app ...` with stdout+stderr on a pipe; echoes and collects REPORT lines.
Outcome run_child(const std::string& self, const std::string& app, const RunOptions& o) {
    Outcome out;
    out.app = std::filesystem::path(app).stem().string();
    std::vector<std::string> args = {self, "--firmware", app, "--max-time", o.max_time};
    for (const auto& p : o.overrides) { args.push_back("-p"); args.push_back(p); }
    if (!o.config_file.empty()) { args.push_back("--config"); args.push_back(o.config_file); }
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);

    int fds[2];
    if (pipe(fds) != 0) { std::perror("fgtlm-vp: pipe"); return out; }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, self.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (rc != 0) {
        std::cerr << "fgtlm-vp: cannot start " << self << '\n';
        close(fds[0]);
        return out;
    }
    FILE* in = fdopen(fds[0], "r");
    char buf[4096];
    while (std::fgets(buf, sizeof buf, in) != nullptr) {
        std::string line(buf);
        std::cout << "  [" << out.app << "] " << line << std::flush;
        if (line.rfind("REPORT ", 0) == 0) {
            while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
            out.reports.push_back(line.substr(7));
        }
        if (std::string s = speed_of(line); !s.empty()) out.speed = s;
    }
    std::fclose(in);
    int status = 0;
    waitpid(pid, &status, 0);
    out.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return out;
}

}  // namespace

int run_batch(const std::string& self_arg, const std::vector<std::string>& apps, const RunOptions& options) {
    if (apps.empty()) {
        std::cerr << "fgtlm-vp: error: no firmware apps (*.elf) found\n";
        return 2;
    }
    std::error_code ec;
    std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    if (ec) self = self_arg;
    std::vector<Outcome> results;
    for (const auto& app : apps) {
        std::cout << "== " << app << '\n' << std::flush;
        results.push_back(run_child(self, app, options));
    }
    std::cout << "\n== fgtlm-vp summary (" << results.size() << " apps)\n";
    int failures = 0;
    for (const auto& r : results) {
        const bool ok = r.code == 0;
        failures += ok ? 0 : 1;
        std::printf("%-16s %-5s", r.app.c_str(), ok ? "PASS" : "FAIL");
        if (!ok) std::printf(" (exit %d)", r.code);
        if (!r.speed.empty()) std::printf("  %s", r.speed.c_str());
        for (const auto& rep : r.reports) std::printf("  %s", rep.c_str());
        std::printf("\n");
    }
    std::fflush(stdout);
    return failures == 0 ? 0 : 1;
}

}  // namespace fgtlm::vp
