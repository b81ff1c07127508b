// timing_suite_fit: the timing suite (tests/timing/suite) and the conformance runs against the
// RTL's cycle counts. Prints per kernel: lanes, RTL cycles, model cycles, error; with --fit it
// fits the listed integer parameters by coordinate descent (objective: rms + worst relative
// error) in K-fold cross-validation (each kernel's error is measured with parameters fitted on
// the other folds) and then on everything (the values for timing_params.hpp).
//   timing_suite_fit SUITE_DIR [--conformance DIR] [-p key=value]... [--config F]
//                    [--fit k1,k2,...] [--folds K] [--commit-weight W] [--json OUT] [--drift OUT]
// --commit-weight W adds W x the mean per-instruction drift (|model - RTL| write-back cycle
// over the RTL commit files, relative to the kernel's cycles) to the fit's objective, so the
// fit respects where the cycles go inside a kernel, not only the totals.
// --json writes per-kernel RTL/model/held-out figures; --drift writes, per kernel with RTL
// commit cycles, the model's and the RTL's write-back cycle of every warp instruction.
#include "suite_capture.hpp"

#include <fgtlm/params/registry.hpp>
#include <fgtlm/timing/timing_params.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

using namespace fgtlm;

namespace {

struct Case {
    std::string name;
    std::uint32_t cores = 8;
    std::uint64_t rtl = 0;
    const calibration::Capture* capture = nullptr;
    std::uint32_t fold = 0;
    std::filesystem::path commits;
    std::vector<calibration::CommitTime> rtl_commits;  // loaded with --commit-weight
};

double g_commit_weight = 0;  // --commit-weight: weight of the per-instruction drift in the fit

// Mean |model - RTL| write-back cycle over the kernel's commits (the n-th commit of each
// warp on both sides, up to where the PC streams differ), relative to the RTL kernel cycles.
double drift_of(const Case& c, const timing::TimingParams& p) {
    const auto model = calibration::replay_commits(*c.capture, p);
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<const calibration::CommitTime*>> by_warp;
    for (const auto& m : model) by_warp[{m.block, m.warp}].push_back(&m);
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> seen;
    double sum = 0;
    std::size_t n = 0;
    for (const auto& r : c.rtl_commits) {
        auto& v = by_warp[{r.block, r.warp}];
        const std::size_t k = seen[{r.block, r.warp}]++;
        if (k >= v.size() || v[k]->pc != r.pc) break;
        sum += std::fabs(double(v[k]->cycle) - double(r.cycle));
        ++n;
    }
    return n == 0 ? 0 : sum / double(n) / double(c.rtl);
}

double error_of(const Case& c, const params::Registry& reg) {
    timing::TimingParams p = timing::TimingParams::from(reg);
    p.sp_lanes = c.cores;
    const std::uint64_t model = calibration::replay(*c.capture, p);
    return (double(model) - double(c.rtl)) / double(c.rtl);
}

bool g_smooth = false;  // phase 1 of the fit: rms only (smoother), phase 2: rms + worst

// rms + worst relative error over the cases `use` selects.
template <class Pred>
double objective(const std::vector<Case>& cases, const params::Registry& reg, Pred use) {
    double sum_sq = 0, worst = 0, drift = 0;
    std::size_t n = 0, nd = 0;
    for (const Case& c : cases) {
        if (!use(c)) continue;
        const double e = error_of(c, reg);
        sum_sq += e * e;
        worst = std::max(worst, std::fabs(e));
        ++n;
        if (g_commit_weight > 0 && !c.rtl_commits.empty()) {
            timing::TimingParams p = timing::TimingParams::from(reg);
            p.sp_lanes = c.cores;
            drift += drift_of(c, p);
            ++nd;
        }
    }
    const double d = nd == 0 ? 0 : g_commit_weight * drift / double(nd);
    return n == 0 ? 0 : std::sqrt(sum_sq / double(n)) + (g_smooth ? 0.0 : worst) + d;
}

template <class Pred>
void fit_phase(const std::vector<Case>& cases, params::Registry& reg, const std::vector<std::string>& keys, Pred use) {
    double best = objective(cases, reg, use);
    for (int round = 0; round < 200; ++round) {
        bool improved = false;
        for (const std::string& k : keys) {
            const std::int64_t v = reg.get_int(k);
            const auto& prm = reg.find(k);
            for (std::int64_t step : {64, 16, 4, 1, -1, -4, -16, -64}) {
                const std::int64_t nv = v + step;
                if (nv < std::int64_t(prm.min) || nv > std::int64_t(prm.max)) continue;
                reg.set(k, nv);
                const double s = objective(cases, reg, use);
                if (s + 1e-12 < best) {
                    best = s;
                    improved = true;
                    break;
                }
                reg.set(k, v);
            }
        }
        if (!improved) break;
    }
}

std::string fmt_pct(double e) {
    char b[32];
    std::snprintf(b, sizeof b, "%+8.2f%%", 100 * e);
    return b;
}

template <class Pred>
void fit(const std::vector<Case>& cases, params::Registry& reg, const std::vector<std::string>& keys, Pred use) {
    g_smooth = true;
    fit_phase(cases, reg, keys, use);
    g_smooth = false;
    fit_phase(cases, reg, keys, use);
}

void summary(const char* what, const std::vector<double>& errs) {
    double sum = 0, worst = 0;
    std::size_t within5 = 0, within10 = 0;
    for (double e : errs) {
        sum += std::fabs(e);
        worst = std::max(worst, std::fabs(e));
        within5 += std::fabs(e) <= 0.05;
        within10 += std::fabs(e) <= 0.10;
    }
    std::printf("# %s: %zu kernels, mean |error| %.2f %%, worst %.2f %%, within 5 %%: %zu, within 10 %%: %zu\n", what,
                errs.size(), errs.empty() ? 0.0 : 100.0 * sum / double(errs.size()), 100.0 * worst, within5, within10);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: timing_suite_fit SUITE_DIR [--conformance DIR] [-p k=v]... [--fit k1,...] [--folds K] "
                     "[--json OUT] [--drift OUT]\n";
        return 2;
    }
    params::Registry reg;
    timing::declare_timing_params(reg);
    std::vector<std::string> keys;
    std::string conformance, json_out, drift_out;
    std::uint32_t folds = 4;
    try {
        for (int i = 2; i < argc; ++i) {
            const std::string a = argv[i];
            auto next = [&]() -> std::string {
                if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
                return argv[++i];
            };
            if (a == "-p") reg.apply_override(next());
            else if (a == "--config") reg.load_json_file(next());
            else if (a == "--conformance") conformance = next();
            else if (a == "--json") json_out = next();
            else if (a == "--drift") drift_out = next();
            else if (a == "--folds") folds = std::uint32_t(std::stoul(next()));
            else if (a == "--commit-weight") g_commit_weight = std::stod(next());
            else if (a == "--fit") {
                std::stringstream ss(next());
                for (std::string k; std::getline(ss, k, ',');) { (void)reg.find(k); keys.push_back(k); }
            } else throw std::runtime_error("unknown argument " + a);
        }
        if (folds < 2) throw std::runtime_error("--folds must be at least 2");
    } catch (const std::exception& e) {
        std::cerr << "timing_suite_fit: " << e.what() << '\n';
        return 2;
    }

    std::vector<std::string> skipped;
    const auto suite = calibration::load_suite(argv[1], &skipped);
    for (const auto& s : skipped) std::printf("# skipped %s\n", s.c_str());
    std::vector<Case> cases;
    for (const auto& k : suite)
        cases.push_back(
            {k.name, k.cores, k.rtl_cycles, &k.capture, calibration::fold_of(k.name, folds), k.commit_file, {}});
    if (g_commit_weight > 0)
        for (Case& c : cases)
            if (!c.commits.empty()) c.rtl_commits = calibration::read_rtl_commits(c.commits);
    std::map<std::string, calibration::Capture> bundles;
    if (!conformance.empty()) {
        for (const auto& run : calibration::rtl_runs(conformance)) {
            auto it = bundles.find(run.bundle);
            if (it == bundles.end())
                it = bundles
                         .emplace(run.bundle,
                                  calibration::capture_bundle(std::filesystem::path(conformance) / run.bundle))
                         .first;
            const std::string name = run.bundle + "-c" + std::to_string(run.cores);
            cases.push_back({name, run.cores, run.cycles, &it->second, calibration::fold_of(name, folds), {}, {}});
        }
    }

    std::map<std::string, double> held_out;
    if (!keys.empty()) {
        const params::Registry start = reg;
        for (std::uint32_t f = 0; f < folds; ++f) {
            params::Registry r = start;
            fit(cases, r, keys, [&](const Case& c) { return c.fold != f; });
            for (const Case& c : cases)
                if (c.fold == f) held_out[c.name] = error_of(c, r);
        }
        fit(cases, reg, keys, [](const Case&) { return true; });
        std::printf("# fitted on all kernels:\n");
        for (const std::string& k : keys) std::printf("#   %s = %lld\n", k.c_str(), (long long)reg.get_int(k));
    }

    nlohmann::json out = nlohmann::json::object();
    std::vector<double> all, ho;
    std::printf("%-28s %5s %4s %10s %10s %9s %9s\n", "kernel", "lanes", "fold", "rtl", "model", "error", "held-out");
    for (const Case& c : cases) {
        const double e = error_of(c, reg);
        all.push_back(e);
        const auto h = held_out.find(c.name);
        if (h != held_out.end()) ho.push_back(h->second);
        const std::uint64_t model = std::uint64_t(std::llround(double(c.rtl) * (1 + e)));
        std::printf("%-28s %5u %4u %10llu %10llu %+8.2f%% %s\n", c.name.c_str(), c.cores, c.fold,
                    (unsigned long long)c.rtl, (unsigned long long)model, 100 * e,
                    h == held_out.end() ? "" : fmt_pct(h->second).c_str());
        out[c.name] = {{"cores", c.cores}, {"rtl", c.rtl}, {"model", model}, {"error", e}, {"fold", c.fold}};
        if (h != held_out.end()) out[c.name]["held_out_error"] = h->second;
    }
    summary("in-sample", all);
    if (!ho.empty()) summary("held-out (cross-validation)", ho);

    if (!json_out.empty()) std::ofstream(json_out) << out.dump(1) << '\n';
    if (!drift_out.empty()) {
        nlohmann::json d = nlohmann::json::object();
        timing::TimingParams base = timing::TimingParams::from(reg);
        for (const Case& c : cases) {
            if (c.commits.empty()) continue;
            timing::TimingParams p = base;
            p.sp_lanes = c.cores;
            const auto model = calibration::replay_commits(*c.capture, p);
            const auto rtl = calibration::read_rtl_commits(c.commits);
            // Match the n-th commit of each (block, warp) on both sides.
            std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<const calibration::CommitTime*>> by_warp;
            for (const auto& m : model) by_warp[{m.block, m.warp}].push_back(&m);
            std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> seen;
            nlohmann::json rows = nlohmann::json::array();
            for (const auto& r : rtl) {
                auto& v = by_warp[{r.block, r.warp}];
                const std::size_t n = seen[{r.block, r.warp}]++;
                if (n >= v.size() || v[n]->pc != r.pc) break;  // streams differ: stop there
                rows.push_back({r.block, r.warp, r.pc, r.cycle, v[n]->cycle});
            }
            d[c.name] = rows;
        }
        std::ofstream(drift_out) << d.dump() << '\n';
    }
    return 0;
}
