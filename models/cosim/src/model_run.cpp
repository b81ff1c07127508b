// Model run in a forked child: builds a StandaloneSystem with the calibrated instrumentation, runs the
// launch, writes model_result.json and model_memory.log, and exits.
#include <fgtlm/cosim/model_run.hpp>
#include <fgtlm/cosim/rtl_policy_params.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <stdexcept>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/loaders/testbench_loader.hpp>
#include <fgtlm/params/registry.hpp>
#include <fgtlm/stats/instrumentation.hpp>
#include <fgtlm/timing/timing_params.hpp>

namespace fgtlm::cosim {

namespace fs = std::filesystem;

namespace {

// Runs in the child. Returns the exit code for _exit.
int child_run(const loaders::KernelImage& img, const fs::path& run_dir, const ModelRunOptions& opt) {
    nlohmann::json out;
    try {
        params::Registry reg;
        timing::declare_timing_params(reg);
        declare_rtl_policy_params(reg);
        reg.set("sm.sp_lanes", std::int64_t(img.cores), "launch");
        for (const auto& kv : opt.param_overrides) reg.apply_override(kv);
        core::RtlPolicy policy;
        if (const std::string why = resolve_rtl_policy(reg, policy); !why.empty()) throw std::invalid_argument(why);
        stats::InstrumentationOptions io;
        io.mode = timing::Mode::Calibrated;
        if (opt.commit_trace) io.commit_path = (run_dir / "model_commit.txt").string();
        stats::Instrumentation inst(reg, io);

        gpu::SystemConfig cfg;
        cfg.global_bytes = img.global_mem_bytes;
        cfg.gpu.num_sms = 1;
        cfg.gpu.sm.sp_lanes = img.cores;
        cfg.gpu.sm.core.rtl = policy;
        cfg.gpu.max_instructions = opt.max_instructions;
        gpu::StandaloneSystem sys("system", cfg);
        std::vector<gpu::StandaloneSystem::UndefinedRange> undefined;
        for (const auto& u : img.global_init_undefined) undefined.push_back({u.addr, u.len});
        sys.load_global(img.global_init, undefined);
        sys.load_program(img.program, img.launch.code_base);
        sys.gpu.add_observer(&inst);
        sys.gpu.set_issue_cost(&inst.sm_clock());
        const core::KernelResult res = sys.run(img.launch);
        inst.end_kernel(res.sim_wall_seconds, res.error.ok() ? std::string() : res.error.describe());

        out["error"] = res.error.ok() ? std::string() : res.error.describe();
        out["kernel_cycles"] = inst.stats().kernel_cycles();
        out["warp_instructions"] = res.warp_instructions;
        out["wall_seconds"] = res.sim_wall_seconds;
        // The dump range in gpgpu_rdata.log format; words derived from undefined bytes as 'u'.
        std::ofstream mem(run_dir / "model_memory.log");
        const auto& shadow = sys.undefined_shadow();
        for (std::uint64_t a = img.dump.addr;
             a + 4 <= std::uint64_t(img.dump.addr) + img.dump.len && a + 4 <= sys.global.size(); a += 4) {
            bool undef = false;
            for (std::uint64_t k = 0; k < 4 && !shadow.empty(); ++k) undef = undef || shadow[a + k] != 0;
            if (undef) mem << fmt::format("{:05X} uuuuuuuu\n", a);
            else mem << fmt::format("{:05X} {:08X}\n", a, sys.read_u32(std::uint32_t(a)));
        }
    } catch (const std::exception& e) {
        out = nlohmann::json{{"failure", e.what()}};
    }
    std::ofstream(run_dir / "model_result.json") << out.dump(1) << '\n';
    return 0;
}

}  // namespace

ModelResult run_model(const loaders::KernelImage& img, const fs::path& run_dir, const ModelRunOptions& opt) {
    ModelResult r;
    std::error_code ec;
    fs::create_directories(run_dir, ec);
    for (const char* stale : {"model_result.json", "model_memory.log", "model_commit.txt"})
        fs::remove(run_dir / stale, ec);
    std::cout.flush();
    std::cerr.flush();
    const pid_t pid = fork();
    if (pid < 0) {
        r.error = "fork failed";
        return r;
    }
    if (pid == 0) {
        std::cout.flush();
        _exit(child_run(img, run_dir, opt));
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        r.error = WIFSIGNALED(status) ? fmt::format("model process killed by signal {}", WTERMSIG(status))
                                      : fmt::format("model process exited with {}", WEXITSTATUS(status));
        return r;
    }
    std::ifstream in(run_dir / "model_result.json");
    nlohmann::json j;
    try {
        in >> j;
    } catch (const std::exception& e) {
        r.error = std::string("model_result.json: ") + e.what();
        return r;
    }
    if (j.contains("failure")) {
        r.error = j["failure"].get<std::string>();
        return r;
    }
    r.ok = true;
    r.error = j.value("error", std::string());
    r.kernel_cycles = j.value("kernel_cycles", std::uint64_t{0});
    r.warp_instructions = j.value("warp_instructions", std::uint64_t{0});
    r.wall_seconds = j.value("wall_seconds", 0.0);
    if (img.dump.len != 0) r.memory = loaders::read_rdata_log(run_dir / "model_memory.log");
    if (opt.commit_trace) r.commit_trace = run_dir / "model_commit.txt";
    return r;
}

}  // namespace fgtlm::cosim
