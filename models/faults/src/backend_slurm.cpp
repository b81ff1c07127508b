// Slurm backend: the campaign as a job array of shards submitted with sbatch.
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include <fgtlm/faults/backends.hpp>

namespace fgtlm::faults {

namespace fs = std::filesystem;

std::string shell_quoted(const std::string& s) {
    std::string q = "'";
    for (char ch : s) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return q + "'";
}

namespace {

std::string quoted(const std::string& s) { return shell_quoted(s); }

// Runs a command, returns (exit status, stdout).
std::pair<int, std::string> capture(const std::string& cmd) {
    std::FILE* p = ::popen(cmd.c_str(), "r");
    if (p == nullptr) throw std::runtime_error("cannot run: " + cmd);
    std::string out;
    char buf[4096];
    while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    const int st = ::pclose(p);
    return {WIFEXITED(st) ? WEXITSTATUS(st) : 128, out};
}

}  // namespace

std::vector<fs::path> shard_files(const fs::path& workdir, unsigned shards) {
    std::vector<fs::path> files;
    for (unsigned k = 0; k < shards; ++k) files.push_back(workdir / fmt::format("shard-{}.jsonl", k));
    return files;
}

std::string submit_slurm(const Campaign& c, const SlurmOptions& o) {
    if (o.fgtlm.empty()) throw std::invalid_argument("the path of the fgtlm executable is unknown");
    fs::create_directories(o.workdir);
    const fs::path spec = fs::absolute(o.workdir) / "campaign.json";
    {
        std::ofstream f(spec);
        f << to_json(c.spec()).dump(2) << '\n';
        if (!f) throw std::runtime_error(spec.string() + ": cannot write");
    }
    return submit_slurm_command(quoted(o.fgtlm) + " inject --campaign " + quoted(spec.string()) + " --jobs 1", o);
}

std::string submit_slurm_command(const std::string& command, const SlurmOptions& o) {
    if (o.shards == 0) throw std::invalid_argument("--shards must be at least 1");
    fs::create_directories(o.workdir);
    const fs::path dir = fs::absolute(o.workdir);
    for (const fs::path& p : shard_files(dir, o.shards)) fs::remove(p);  // a new submission starts afresh
    const fs::path script = dir / "shards.sbatch";
    {
        std::ofstream f(script);
        f << "#!/bin/sh\n"
          << "#SBATCH --job-name=fgtlm-inject\n"
          << fmt::format("#SBATCH --array=0-{}\n", o.shards - 1) << "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n"
          << "#SBATCH --chdir=" << fs::current_path().string() << '\n'
          << "#SBATCH --output=" << (dir / "slurm-%A_%a.out").string() << '\n';
        if (!o.partition.empty()) f << "#SBATCH --partition=" << o.partition << '\n';
        f << "# One shard of the campaign: injections with id % " << o.shards << " == SLURM_ARRAY_TASK_ID.\n"
          << "exec " << command << " --shards " << o.shards << " --shard \"$SLURM_ARRAY_TASK_ID\" --out "
          << quoted(dir.string()) << "/shard-\"$SLURM_ARRAY_TASK_ID\".jsonl --no-progress --summary-json "
          << quoted(dir.string()) << "/shard-\"$SLURM_ARRAY_TASK_ID\".summary.json\n";
        if (!f) throw std::runtime_error(script.string() + ": cannot write");
    }
    std::string cmd = "sbatch --parsable";
    if (o.wait) cmd += " --wait";
    // Appended in steps: GCC 12 warns falsely (-Wrestrict) on " " + a temporary string.
    for (const auto& a : o.sbatch_args) (cmd += ' ') += quoted(a);
    ((cmd += ' ') += quoted(script.string())) += " 2>&1";
    const auto [status, out] = capture(cmd);
    std::string id = out.substr(0, out.find_first_of(";\n"));
    if (status != 0) throw std::runtime_error("sbatch failed (exit " + std::to_string(status) + "): " + out);
    return id;
}

}  // namespace fgtlm::faults
