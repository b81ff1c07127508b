// Text and JSON reports of a co-simulation.
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fgtlm/cosim/cosim.hpp>

namespace fgtlm::cosim {

namespace {

nlohmann::json divergence_json(const Divergence& d) {
    return {{"block", d.block},          {"warp", d.warp},
            {"pc", fmt::format("0x{:04x}", d.pc)}, {"instruction", d.instruction},
            {"what", d.what},            {"rtl_value", d.rtl_value},
            {"model_value", d.model_value}, {"rtl_cycle", d.rtl_cycle},
            {"index_in_warp", d.index},  {"rtl_context", d.rtl_context},
            {"model_context", d.model_context}};
}

std::string rtl_result_origin(const CosimResult& r) {
    if (r.rtl.from_cache)
        return fmt::format("from the RTL result cache (runs/{}, simulated in {:.1f} s)", r.rtl.cache_key,
                           r.rtl.wall_seconds);
    if (r.rtl.cache_key.empty()) return "simulated (result cache not used)";
    return fmt::format("simulated, stored in the RTL result cache as runs/{}", r.rtl.cache_key);
}

}  // namespace

std::string format_report(const CosimResult& r) {
    std::ostringstream o;
    o << fmt::format("== fgtlm cosim {} ({} SP cores)\n", r.name, r.cores);
    o << fmt::format("RTL build     {} ({})\n", r.build.dir.string(),
                     r.build.reused ? "cached" : fmt::format("built in {:.1f} s", r.build.build_seconds));
    o << "RTL result    " << rtl_result_origin(r) << '\n';
    if (!r.failure.empty()) o << "FAILURE       " << r.failure << '\n';
    o << fmt::format("kernel cycles RTL {}  model {}  error {:+.2f} %", r.rtl.kernel_cycles, r.model.kernel_cycles,
                     r.cycle_error_percent());
    if (r.expected_rtl_cycles != 0)
        o << fmt::format("  (bundle's RTL cycles {}: {})", r.expected_rtl_cycles,
                         r.expected_rtl_cycles == r.rtl.kernel_cycles ? "same" : "DIFFERENT");
    o << '\n';
    o << fmt::format("memory        {} words compared, {} skipped (undefined), {} mismatched: {}\n", r.words_compared,
                     r.words_skipped, r.mismatched_words, r.memory_match ? "MATCH" : "MISMATCH");
    for (const auto& m : r.mismatches) o << fmt::format("  {:05X}  RTL {:08X}  model {:08X}\n", m.addr, m.rtl, m.model);
    if (r.mismatched_words > r.mismatches.size())
        o << fmt::format("  ... {} more\n", r.mismatched_words - r.mismatches.size());
    if (r.commits) {
        const CommitDiff& c = *r.commits;
        o << fmt::format("commits       RTL {}  model {}  compared {}: {}\n", c.rtl_commits, c.model_commits,
                         c.compared, c.first ? "DIVERGE" : "MATCH");
        if (c.first) {
            const Divergence& d = *c.first;
            o << fmt::format(
                "first divergence: block {} warp {} PC 0x{:04x} `{}` (commit #{} of the warp, RTL cycle {})\n", d.block,
                d.warp, d.pc, d.instruction, d.index, d.rtl_cycle);
            o << fmt::format("  {}: RTL {}  model {}\n", d.what, d.rtl_value, d.model_value);
            o << "  RTL context:\n";
            for (const auto& l : d.rtl_context) o << "    " << l.substr(0, 160) << '\n';
            o << "  model context:\n";
            for (const auto& l : d.model_context) o << "    " << l.substr(0, 160) << '\n';
        }
    } else {
        o << "commits       not compared\n";
    }
    o << fmt::format("wall time     RTL {:.2f} s  model {:.3f} s\n", r.rtl.wall_seconds, r.model.wall_seconds);
    o << (r.pass() ? "PASS " : "FAIL ") << r.name << '\n';
    return o.str();
}

nlohmann::json to_json(const CosimResult& r) {
    nlohmann::json j;
    j["kernel"] = r.name;
    j["cores"] = r.cores;
    j["pass"] = r.pass();
    j["failure"] = r.failure.empty() ? nlohmann::json() : nlohmann::json(r.failure);
    j["rtl_kernel_cycles"] = r.rtl.kernel_cycles;
    j["model_kernel_cycles"] = r.model.kernel_cycles;
    j["cycle_error"] = r.cycle_error_percent();
    j["bundle_rtl_kernel_cycles"] =
        r.expected_rtl_cycles == 0 ? nlohmann::json() : nlohmann::json(r.expected_rtl_cycles);
    j["memory_match"] = r.memory_match;
    j["words_compared"] = r.words_compared;
    j["words_skipped"] = r.words_skipped;
    j["mismatched_words"] = r.mismatched_words;
    nlohmann::json mm = nlohmann::json::array();
    for (const auto& m : r.mismatches)
        mm.push_back({{"addr", fmt::format("0x{:05X}", m.addr)},
                      {"rtl", fmt::format("0x{:08X}", m.rtl)},
                      {"model", fmt::format("0x{:08X}", m.model)}});
    j["mismatches"] = mm;
    j["commits_compared"] = r.commits ? r.commits->compared : 0;
    j["rtl_commits"] = r.commits ? r.commits->rtl_commits : 0;
    j["model_commits"] = r.commits ? r.commits->model_commits : 0;
    j["first_divergence"] = r.commits && r.commits->first ? divergence_json(*r.commits->first) : nlohmann::json();
    j["rtl_wall_seconds"] = r.rtl.wall_seconds;
    j["rtl_from_cache"] = r.rtl.from_cache;
    j["rtl_cache_key"] = r.rtl.cache_key.empty() ? nlohmann::json() : nlohmann::json(r.rtl.cache_key);
    j["model_wall_seconds"] = r.model.wall_seconds;
    j["model_error"] = r.model.error.empty() ? nlohmann::json() : nlohmann::json(r.model.error);
    j["rtl_build"] = {
        {"dir", r.build.dir.string()}, {"reused", r.build.reused}, {"build_seconds", r.build.build_seconds}};
    j["run_dir"] = r.rtl.run_dir.string();
    return j;
}

}  // namespace fgtlm::cosim
