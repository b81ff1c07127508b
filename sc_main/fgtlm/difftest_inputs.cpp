// fgtlm difftest TARGET: one kernel (a bundle, .sass launch, FlexGripPlus folder or MODULE) on the
// FlexGripPlus RTL and on the model with random inputs, one co-simulation per seed
// (models/cosim/include/fgtlm/cosim/input_difftest.hpp).
//
//   fgtlm difftest k.module --kernel vadd --grid 2 --block 64 --param 0 --param 0x400 --param 0x800
//       --random 0:1024 --random 0x400:1024 --dump-words 768 --count 20 --seed 1 --rtl RTL_DIR
#include "cli_numbers.hpp"
#include "difftest_cli.hpp"

#include <fgtlm/io/output_file.hpp>

#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fgtlm/cosim/input_difftest.hpp>
#include <fgtlm/loaders/testbench_writer.hpp>

namespace fgtlm::cli {

namespace {

// The kernel image and the run options; throws naming the option or file.
cosim::InputDifftestOptions input_options(const DifftestCliOptions& o, loaders::KernelImage& img) {
    LaunchTarget t = o.target;
    if (o.cores_given) t.cores = o.cores;
    img = load_launch_target(t);
    loaders::validate_for_testbench(img);
    cosim::InputDifftestOptions d;
    for (const std::string& r : o.random_words) d.ranges.push_back(cosim::parse_random_range(r, false));
    for (const std::string& r : o.random_floats) d.ranges.push_back(cosim::parse_random_range(r, true));
    cosim::check_random_ranges(img, d.ranges);
    d.cosim = cosim_options(o);
    d.work_root = o.work_dir;
    d.save_dir = save_dir(o);
    d.keep_passing = o.keep;
    return d;
}

nlohmann::json outcome_json(const cosim::InputOutcome& k) {
    return {{"seed", k.seed},
            {"pass", k.pass},
            {"summary", k.summary},
            {"words_compared", k.words_compared},
            {"commits_compared", k.commits_compared},
            {"rtl_kernel_cycles", k.rtl_cycles},
            {"model_kernel_cycles", k.model_cycles},
            {"rtl_wall_seconds", k.rtl_wall_seconds},
            {"saved", k.saved.string()}};
}

// The summary line and --json; the exit status.
int report(const DifftestCliOptions& o, const loaders::KernelImage& img, const nlohmann::json& outcomes) {
    std::size_t passed = 0;
    for (const auto& k : outcomes) passed += k["pass"].get<bool>() ? 1 : 0;
    std::cout << fmt::format("== fgtlm difftest {}: {} random inputs (seeds {}..{}), {} matched, {} mismatches\n",
                             img.name, outcomes.size(), o.seed, o.seed + o.count - 1, passed, outcomes.size() - passed);
    if (!o.json.empty()) {
        nlohmann::json j = {{"target", o.target.target},
                            {"kernel", img.name},
                            {"seed", o.seed},
                            {"count", o.count},
                            {"random", o.random_words},
                            {"random_float", o.random_floats},
                            {"inputs_run", outcomes.size()},
                            {"passed", passed},
                            {"mismatches", outcomes.size() - passed},
                            {"inputs", outcomes}};
        io::write_file(o.json, j.dump(1) + "\n");  // throws naming the file: the run has failed
    }
    return passed == outcomes.size() && outcomes.size() == o.count ? 0 : 1;
}

}  // namespace

void add_input_difftest_options(CLI::App* sub, DifftestCliOptions& o) {
    CLI::Option* target = sub->add_option(
        "target", o.target.target,
        "one kernel with random inputs instead of random kernels: bundle folder, FlexGripPlus folder (--flexgrip), "
        ".sass file or MODULE, launched with the options below (--random / --random-float say what is random)");
    sub->add_flag("--flexgrip", o.target.flexgrip, "(TARGET) a FlexGripPlus application folder");
    add_sass_launch_options(sub, o.target);
    sub->add_option("--random", o.random_words,
                    "(TARGET) ADDR:BYTES of global memory filled with random 32-bit words per seed (repeatable)");
    sub->add_option("--random-float", o.random_floats,
                    "(TARGET) ADDR:BYTES filled with random finite floats, magnitude 2^-20..2^21 (repeatable)");
    for (const char* generator_only :
         {"--jobs", "--shrink-budget", "--max-items", "--avoid-known", "--int-forms", "--float-mix", "--single-warp"})
        target->excludes(sub->get_option(generator_only));
}

int run_input_difftest(const DifftestCliOptions& o) {
    loaders::KernelImage img;
    cosim::InputDifftestOptions d;
    try {
        d = input_options(o, img);
    } catch (const std::exception& e) {
        std::cerr << "fgtlm difftest: " << e.what() << '\n';
        return 2;
    }
    for (const auto& w : img.warnings) std::cerr << "warning: " << w << '\n';
    nlohmann::json outcomes = nlohmann::json::array();
    try {
        for (std::uint64_t i = 0; i < o.count; ++i) {
            const cosim::InputOutcome k = cosim::difftest_input(img, o.seed + i, d);
            std::cerr << fmt::format(
                "[{}/{}] {} input seed {} ({} words compared, RTL {} / model {} cycles){}\n", i + 1, o.count,
                k.pass ? "PASS" : "FAIL", k.seed, k.words_compared, k.rtl_cycles, k.model_cycles,
                k.pass ? "" : ": " + k.summary + (k.saved.empty() ? "" : " -> " + k.saved.string()));
            outcomes.push_back(outcome_json(k));
        }
        return report(o, img, outcomes);
    } catch (const std::exception& e) {
        std::cerr << "fgtlm difftest: " << e.what() << '\n';
        return 2;
    }
}

}  // namespace fgtlm::cli
