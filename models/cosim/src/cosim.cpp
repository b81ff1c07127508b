// Runs both sides of a co-simulation and compares them.
#include <fgtlm/cosim/cosim.hpp>

#include <cmath>
#include <ostream>

#include <fmt/format.h>

#include "rtl_commit_trace.hpp"

namespace fgtlm::cosim {

namespace fs = std::filesystem;

double CosimResult::cycle_error_percent() const {
    if (rtl.kernel_cycles == 0) return 0.0;
    return 100.0 * (double(model.kernel_cycles) - double(rtl.kernel_cycles)) / double(rtl.kernel_cycles);
}

bool CosimResult::pass() const {
    return failure.empty() && rtl.kernel_done && model.ok && model.error.empty() && memory_match &&
           (!commits || !commits->first);
}

void compare_memory(CosimResult& r) {
    const auto& a = r.rtl.memory;
    const auto& b = r.model.memory;
    r.words_compared = r.words_skipped = r.mismatched_words = 0;
    r.mismatches.clear();
    const std::size_t n = std::max(a.words.size(), b.words.size());
    for (std::size_t i = 0; i < n; ++i) {
        const bool have = i < a.words.size() && i < b.words.size() && a.words[i] && b.words[i];
        if (!have) {
            ++r.words_skipped;
            continue;
        }
        ++r.words_compared;
        if (*a.words[i] != *b.words[i]) {
            ++r.mismatched_words;
            if (r.mismatches.size() < 64)
                r.mismatches.push_back({std::uint32_t(a.addr + 4 * i), *a.words[i], *b.words[i]});
        }
    }
    r.memory_match = r.rtl.kernel_done && r.model.ok && a.words.size() == b.words.size() && r.mismatched_words == 0;
}

void compare_commits(CosimResult& r, const loaders::KernelImage& img) {
    if (r.rtl.commit_trace.empty() || r.model.commit_trace.empty()) return;
    const fs::path normalized = r.rtl.run_dir / "rtl_commit.txt";
    normalize_rtl_commit_trace(r.rtl.commit_trace, normalized, img);
    r.commits = diff_commit_traces(read_commit_trace(normalized), read_commit_trace(r.model.commit_trace));
}

CosimResult cosimulate(const loaders::KernelImage& img, const CosimOptions& opt) {
    CosimResult r;
    r.name = img.name;
    r.cores = img.cores;
    r.expected_rtl_cycles = img.rtl_kernel_cycles;
    RtlBuildOptions bo;
    bo.rtl_dir = opt.rtl_dir;
    bo.cores = img.cores;
    bo.cache_dir = opt.cache_dir.empty() ? default_cache_dir() : opt.cache_dir;
    bo.ghdl = opt.ghdl;
    bo.log = opt.log;
    r.build = ensure_rtl_build(bo);

    RtlRunOptions ro;
    ro.timeout_seconds = opt.rtl_timeout_seconds;
    ro.max_cycles = opt.rtl_max_cycles;
    ro.fast_dump = opt.fast_dump;
    ro.commit_trace = opt.commit_trace;
    if (opt.rtl_result_cache) ro.result_cache = bo.cache_dir / "runs";
    ro.cache_only = opt.rtl_cache_only;
    r.rtl = opt.reuse_rtl_run ? read_rtl_outputs(opt.work_dir, ro) : run_rtl(r.build, img, opt.work_dir, ro);
    ModelRunOptions mo = opt.model;
    mo.commit_trace = opt.commit_trace;
    r.model = run_model(img, opt.work_dir, mo);

    if (!r.rtl.kernel_done)
        r.failure = r.rtl.timed_out ? "the RTL simulation hit the wall-clock limit before kernel_done"
                                    : "the RTL simulation ended without kernel_done:\n" + r.rtl.log_tail;
    else if (!r.model.ok)
        r.failure = "the model run failed: " + r.model.error;
    compare_memory(r);
    if (r.failure.empty()) {
        try {
            compare_commits(r, img);
        } catch (const std::exception& e) {
            r.failure = std::string("commit traces: ") + e.what();
        }
    }
    return r;
}

}  // namespace fgtlm::cosim
