// timing_calibrate: replays every RTL-measured conformance run through the timing model and
// prints kernel, lanes, RTL cycles, model cycles, error. With --fit it searches the model
// parameters (coordinate descent on the worst/mean relative error) and prints the result as
// a config file. Used to derive the defaults of timing_params.hpp.
//   timing_calibrate SHARED_CONFORMANCE_DIR [-p key=value]... [--fit key,key,...]
#include "conformance_capture.hpp"

#include <fgtlm/params/registry.hpp>
#include <fgtlm/timing/timing_params.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>

using namespace fgtlm;

namespace {

struct Case {
    calibration::RtlRun run;
    const calibration::Capture* capture;
};

double evaluate(const std::vector<Case>& cases, const params::Registry& reg, bool print, double* worst_out) {
    double sum_sq = 0, worst = 0;
    for (const Case& c : cases) {
        timing::TimingParams p = timing::TimingParams::from(reg);
        p.sp_lanes = c.run.cores;
        const std::uint64_t model = calibration::replay(*c.capture, p);
        const double err = (double(model) - double(c.run.cycles)) / double(c.run.cycles);
        sum_sq += err * err;
        worst = std::max(worst, std::fabs(err));
        if (print) {
            std::printf("%-28s %5u %10llu %10llu %+7.2f %%\n", c.run.bundle.c_str(), c.run.cores,
                        (unsigned long long)c.run.cycles, (unsigned long long)model, 100.0 * err);
        }
    }
    if (worst_out) *worst_out = worst;
    return std::sqrt(sum_sq / double(cases.size()));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: timing_calibrate CONFORMANCE_DIR [-p key=value]... [--fit k1,k2,...]\n";
        return 2;
    }
    params::Registry reg;
    timing::declare_timing_params(reg);
    std::vector<std::string> fit;
    bool features = false;
    try {
        for (int i = 2; i < argc; ++i) {
            const std::string a = argv[i];
            if (a == "-p" && i + 1 < argc) reg.apply_override(argv[++i]);
            else if (a == "--config" && i + 1 < argc) reg.load_json_file(argv[++i]);
            else if (a == "--features") features = true;
            else if (a == "--fit" && i + 1 < argc) {
                std::stringstream ss(argv[++i]);
                for (std::string k; std::getline(ss, k, ',');) { (void)reg.find(k); fit.push_back(k); }
            } else {
                std::cerr << "timing_calibrate: unknown argument " << a << '\n';
                return 2;
            }
        }
    } catch (const std::exception& e) {
        std::cerr << "timing_calibrate: " << e.what() << '\n';
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::map<std::string, calibration::Capture> captures;
    std::vector<Case> cases;
    for (const auto& run : calibration::rtl_runs(dir)) {
        auto it = captures.find(run.bundle);
        if (it == captures.end())
            it = captures.emplace(run.bundle, calibration::capture_bundle(dir / run.bundle)).first;
        cases.push_back({run, &it->second});
    }
    for (const auto& [name, c] : captures) {
        std::printf("# %-26s %8llu warp instructions, %10llu thread instructions\n", name.c_str(),
                    (unsigned long long)c.warp_instructions, (unsigned long long)c.thread_instructions);
    }

    if (features) {
        // Dynamic instruction features per bundle, for exploring model structure offline.
        nlohmann::json out = nlohmann::json::object();
        for (const auto& [name, c] : captures) {
            nlohmann::json f = nlohmann::json::object();
            std::map<std::string, std::uint64_t> counts;
            std::uint64_t blocks = 0;
            for (const auto& e : c.events) {
                if (e.kind == calibration::Event::BlockStart) { ++blocks; continue; }
                if (e.kind != calibration::Event::Issue) continue;
                const auto& r = e.rec;
                auto add = [&](const std::string& k, std::uint64_t v = 1) { counts[k] += v; };
                add("unit_" + std::to_string(int(r.unit)));
                if (r.inst) add(std::string("op_") + std::to_string(int(r.inst->op)));
                std::uint64_t regs = 0;
                for (auto s : r.src_regs) regs += s != 0xff;
                add("src_regs", regs);
                add("shared_operands", r.shared_operands);
                add("const_operands", r.const_operands);
                add("dst", r.dst_reg != 0xff);
                add("threads", std::uint32_t(__builtin_popcount(r.active_mask)));
                add("issue_threads", std::uint32_t(__builtin_popcount(r.issue_mask)));
                if (r.mem.space != core::MemSpace::None) {
                    add("mem_" + std::to_string(int(r.mem.space)) + (r.mem.is_store ? "_st" : "_ld"));
                    add("mem_" + std::to_string(int(r.mem.space)) + "_threads",
                        std::uint32_t(__builtin_popcount(r.active_mask)));
                    add("mem_" + std::to_string(int(r.mem.space)) + "_trans", r.mem.transactions);
                    add("mem_" + std::to_string(int(r.mem.space)) + "_conflict", r.mem.bank_conflict_degree);
                }
                add("diverged", r.diverged);
                add("reconverged", r.reconverged);
                add("taken", r.branch_taken);
                add("barrier", r.barrier);
                add("set_pred", r.inst && r.inst->set_pred);
                add("warp_instr");
            }
            for (auto& [k, v] : counts) f[k] = v;
            f["blocks"] = blocks;
            f["threads_per_block"] = c.launch.threads_per_block();
            f["blocks_per_sm"] = c.launch.blocks_per_sm;
            out[name] = f;
        }
        std::cout << out.dump(1) << std::endl;
        return 0;
    }
    auto score = [&](double* worst) { return evaluate(cases, reg, false, worst); };
    if (!fit.empty()) {
        // Coordinate descent on integer parameters: minimise rms error + worst error.
        double worst = 0;
        double best = score(&worst) + worst;
        for (int round = 0; round < 40; ++round) {
            bool improved = false;
            for (const std::string& k : fit) {
                const std::int64_t v = reg.get_int(k);
                for (std::int64_t step : {16, 4, 1, -1, -4, -16}) {
                    const std::int64_t nv = v + step;
                    const auto& prm = reg.find(k);
                    if (nv < std::int64_t(prm.min) || nv > std::int64_t(prm.max)) continue;
                    reg.set(k, nv);
                    const double s = score(&worst) + worst;
                    if (s + 1e-9 < best) {
                        best = s;
                        improved = true;
                        break;
                    }
                    reg.set(k, v);
                }
            }
            if (!improved) break;
        }
        std::printf("# fitted parameters:\n");
        for (const std::string& k : fit) std::printf("#   %s = %lld\n", k.c_str(), (long long)reg.get_int(k));
    }
    std::printf("%-28s %5s %10s %10s %9s\n", "kernel", "lanes", "rtl", "model", "error");
    double worst = 0;
    const double rms = evaluate(cases, reg, true, &worst);
    std::printf("# rms error %.2f %%, worst %.2f %%\n", 100.0 * rms, 100.0 * worst);
    return 0;
}
