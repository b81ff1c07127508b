// timing_run: runs one bundle on the functional core (one SM, no SystemC) with the full
// instrumentation attached -- the stand-alone counterpart of `fgtlm run` used to produce the
// sample traces in traces/ and to measure the observers' overhead.
//   timing_run BUNDLE_DIR [--mode calibrated|fixed] [-p key=value]... [--stats S] [--trace-commit T]
//              [--trace-timeline J]
// (No --vcd: the VCD is sc_trace-based and needs the SystemC model, see `fgtlm run --vcd`.)
#include "bundle_on_core.hpp"
#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/params/registry.hpp>
#include <fgtlm/stats/instrumentation.hpp>

#include <chrono>
#include <iostream>

using namespace fgtlm;

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: timing_run BUNDLE [--mode calibrated|fixed] [-p k=v]... [--stats S] [--trace-commit T] "
                     "[--trace-timeline J]\n";
        return 2;
    }
    try {
        params::Registry reg;
        timing::declare_timing_params(reg);
        stats::InstrumentationOptions opt;
        for (int i = 2; i < argc; ++i) {
            const std::string a = argv[i];
            auto next = [&]() -> std::string {
                if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
                return argv[++i];
            };
            if (a == "-p") reg.apply_override(next());
            else if (a == "--config") reg.load_json_file(next());
            else if (a == "--mode") {
                const std::string m = next();
                opt.mode = m == "fixed" || m == "lt" ? timing::Mode::Fixed : timing::Mode::Calibrated;
            }
            else if (a == "--stats") opt.stats_path = next();
            else if (a == "--trace-commit") opt.commit_path = next();
            else if (a == "--trace-timeline") opt.timeline_path = next();
            else throw std::runtime_error("unknown argument " + a);
        }
        const loaders::KernelImage img = loaders::load_bundle(argv[1]);
        calibration::BundleOnCore kernel(img);
        stats::Instrumentation inst(reg, opt);
        kernel.sm().add_observer(&inst);

        const auto t0 = std::chrono::steady_clock::now();
        inst.begin_kernel(img.launch);
        const std::string error = kernel.run();
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        inst.end_kernel(wall, error, {{"bundle", img.name}});
        std::cout << inst.stats().summary();
        return error.empty() ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "timing_run: " << e.what() << '\n';
        return 1;
    }
}
