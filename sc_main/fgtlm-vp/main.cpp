// fgtlm-vp: the FlexGrip-TLM virtual platform. A RISC-V host CPU runs bare-metal firmware
// that drives the GPU over TLM-2.0; the process exit code is the firmware's exit code.
//
//   fgtlm-vp --firmware APP.elf [-p key=value ...] [--config FILE.json] [--max-time 10ms]
//   fgtlm-vp --all [DIR]        every *.elf of DIR (default: the built firmware apps), one
//                               simulation per app (child processes), then a summary table
//   fgtlm-vp --list-params      every parameter with its default
//
// Exit codes: firmware's own code; 2 usage/firmware file errors; 3 CPU fatal (ebreak,
// unrecoverable fault); 4 no exit (time limit reached or simulation starved); 5 a firmware
// code the process cannot return as it is (below 0, above 255, or 2, 3, 4).
#include "app_runner.hpp"
#include "batch_runner.hpp"

#include <CLI/CLI.hpp>
#include <systemc>

#include <cstdlib>
#include <iostream>

// libsystemc prints its banner before calling sc_main: disable it during static initialisation.
static const bool kNoSystemcBanner = (setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 1), true);

int sc_main(int argc, char* argv[]) {
    CLI::App app{"FlexGrip-TLM virtual platform: RISC-V host CPU + FlexGrip GPU over TLM-2.0", "fgtlm-vp"};
    fgtlm::vp::RunOptions opt;
    std::vector<std::string> firmware;
    std::string all_dir;
    bool list_params = false;
    app.add_option("--firmware,-f", firmware, "firmware ELF(s) to run (several: one simulation each)");
    app.add_option("-p,--param", opt.overrides, "parameter override key=value (repeatable)");
    app.add_option("--config,-c", opt.config_file, "JSON parameter file");
    app.add_option("--max-time", opt.max_time, "simulated time limit, e.g. 50ms, 2s (default 10s)");
    auto* all = app.add_option("--all", all_dir, "run every *.elf in DIR (default: built apps)")
                    ->expected(0, 1)->default_str(FGTLM_FIRMWARE_DIR);
    app.add_flag("--quiet,-q", opt.quiet, "no platform summary line");
    app.add_flag("--list-params", list_params, "print all parameters and exit");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    }
    if (list_params) return fgtlm::vp::list_params();
    if (all->count() > 0) {
        if (all_dir.empty()) all_dir = FGTLM_FIRMWARE_DIR;
        return fgtlm::vp::run_batch(argv[0], fgtlm::vp::find_apps(all_dir), opt);
    }
    if (firmware.empty()) {
        std::cerr << "fgtlm-vp: error: give --firmware APP.elf, --all or --list-params\n" << app.help();
        return 2;
    }
    if (firmware.size() > 1) return fgtlm::vp::run_batch(argv[0], firmware, opt);
    return fgtlm::vp::run_app(firmware.front(), opt);
}
