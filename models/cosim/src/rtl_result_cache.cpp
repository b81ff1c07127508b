// RTL result cache (see rtl_result_cache.hpp): CACHE/runs/<key>/ holds the output files of
// one simulation and info.json.
#include <fgtlm/cosim/rtl_result_cache.hpp>

#include <unistd.h>

#include <chrono>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fnv.hpp"

namespace fgtlm::cosim {

namespace fs = std::filesystem;

namespace {
// Bump when the meaning of an entry changes, so old entries are not reused.
constexpr const char* kRunFormat = "fgtlm-rtl-run-1";
}  // namespace

std::string rtl_run_key(const std::string& build_key, const RtlRunInputs& in) {
    Fnv64 a, b;
    b.h ^= 0x9e3779b97f4a7c15ull;  // a second, independent offset
    const auto add = [&](std::string_view s) { a.add(s); b.add(s); };
    add(kRunFormat);
    add(build_key);
    add(std::to_string(in.files.size()));
    for (const auto& [name, text] : in.files) {
        add(name);
        add(text);
    }
    add(std::to_string(in.sim_args.size()));
    for (const auto& arg : in.sim_args) add(arg);
    return fmt::format("{:016x}{:016x}", a.h, b.h);
}

const std::vector<std::string>& rtl_output_files() {
    static const std::vector<std::string> files{"fgtlm_result.txt", "fgtlm_gmem.log", "gpgpu_rdata.log",
                                                "fgtlm_commit.raw", "rtl_sim.log"};
    return files;
}

std::optional<CachedRunInfo> restore_rtl_run(const fs::path& cache, const std::string& key, const fs::path& run_dir) {
    const fs::path entry = cache / key;
    std::ifstream in(entry / "info.json");
    if (!in) return std::nullopt;
    CachedRunInfo info;
    try {
        const auto j = nlohmann::json::parse(in);
        if (j.at("format").get<std::string>() != kRunFormat || j.at("key").get<std::string>() != key)
            return std::nullopt;
        info.key = key;
        info.wall_seconds = j.at("wall_seconds").get<double>();
        info.exit_code = j.at("exit_code").get<int>();
    } catch (const std::exception&) {
        return std::nullopt;  // a damaged entry is a miss; the new run replaces it
    }
    std::error_code ec;
    for (const auto& name : rtl_output_files()) {
        fs::remove(run_dir / name, ec);
        if (fs::is_regular_file(entry / name)) {
            fs::copy_file(entry / name, run_dir / name, fs::copy_options::overwrite_existing, ec);
            if (ec) {  // a miss: leave no half-restored outputs behind
                for (const auto& n : rtl_output_files()) fs::remove(run_dir / n, ec);
                return std::nullopt;
            }
        }
    }
    return info;
}

bool store_rtl_run(const fs::path& cache, const CachedRunInfo& info, const std::string& build_key,
                   const fs::path& run_dir) {
    std::error_code ec;
    const fs::path entry = cache / info.key;
    if (fs::is_regular_file(entry / "info.json")) return true;
    const fs::path tmp = cache / fmt::format("{}.tmp{}", info.key, ::getpid());
    fs::remove_all(tmp, ec);
    fs::create_directories(tmp, ec);
    if (ec) return false;
    for (const auto& name : rtl_output_files()) {
        if (!fs::is_regular_file(run_dir / name)) continue;
        fs::copy_file(run_dir / name, tmp / name, fs::copy_options::overwrite_existing, ec);
        if (ec) {
            fs::remove_all(tmp, ec);
            return false;
        }
    }
    const auto now =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    std::ofstream(tmp / "info.json") << nlohmann::json{{"format", kRunFormat},
                                                       {"key", info.key},
                                                       {"build_key", build_key},
                                                       {"wall_seconds", info.wall_seconds},
                                                       {"exit_code", info.exit_code},
                                                       {"stored_unix_time", now}}
                                            .dump(1)
                                     << '\n';
    fs::rename(tmp, entry, ec);
    if (ec) fs::remove_all(tmp, ec);  // another process stored the same key first
    return fs::is_regular_file(entry / "info.json");
}

}  // namespace fgtlm::cosim
