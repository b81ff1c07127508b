// fgtlm params: lists every model parameter (name, type, default, unit, description), or with
// --config / -p the resulting values; --json prints them as JSON, --as-config as a config file.
#include "subcommand.hpp"

#include <fgtlm/cosim/rtl_policy_params.hpp>
#include <fgtlm/gpu/gpu_params.hpp>
#include <fgtlm/params/registry.hpp>
#include <fgtlm/timing/timing_params.hpp>

#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

namespace {

struct ParamsOptions {
    std::vector<std::string> overrides;
    std::string config;
    bool json = false;
    bool as_config = false;
};

int run_params(const ParamsOptions& opt) {
    fgtlm::params::Registry reg;
    fgtlm::timing::declare_timing_params(reg);
    fgtlm::cosim::declare_rtl_policy_params(reg);
    fgtlm::gpu::declare_gpu_params(reg);
    if (!opt.config.empty()) reg.load_json_file(opt.config);
    for (const auto& kv : opt.overrides) reg.apply_override(kv);
    if (const std::string error = fgtlm::cosim::show_preset_values(reg); !error.empty()) {
        std::cerr << "fgtlm params: " << error << '\n';
        return 2;
    }
    if (opt.as_config) {
        std::cout << reg.values_as_config().dump(2) << '\n';
    } else if (opt.json) {
        std::cout << reg.to_json().dump(2) << '\n';
    } else {
        std::cout << reg.to_text(!opt.config.empty() || !opt.overrides.empty());
    }
    return 0;
}

const fgtlm::cli::SubcommandRegistration kParams{"params", [](CLI::App& app) -> std::function<int()> {
    auto opt = std::make_shared<ParamsOptions>();
    auto* sub =
        app.add_subcommand("params", "List the model parameters (timing model latencies, widths) and their defaults");
    sub->add_option("--config", opt->config, "JSON config file (nested objects or dotted keys)")
        ->check(CLI::ExistingFile);
    sub->add_option("-p,--param", opt->overrides, "Override a parameter: -p sm.sp_lanes=16 (repeatable)");
    sub->add_flag("--json", opt->json, "Print as JSON (type, default, value, unit, range, description)");
    sub->add_flag("--as-config", opt->as_config, "Print the current values as a --config file");
    return [opt] { return run_params(*opt); };
}};

}  // namespace
