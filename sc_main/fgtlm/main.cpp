// fgtlm: the FlexGrip-TLM command-line tool (asm, disasm, run, bench, ...).
//
// main() hands over to SystemC's sc_elab_and_sim, which calls sc_main, so subcommands that
// simulate can build modules and call sc_start; the others never create a simulation context.
#include "subcommand.hpp"

#include <fgtlm/io/output_file.hpp>

#include <systemc>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <new>
#include <string>

int main(int argc, char* argv[]) {
    // SystemC prints its banner before sc_main runs; it would clutter every listing and report.
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
    return sc_core::sc_elab_and_sim(argc, argv);
}

namespace {

// CLI11 says only "A subcommand is required": name the command and list what it takes.
int missing_subcommand(const CLI::App& app) {
    const CLI::App* at = &app;
    std::string path = app.get_name();
    for (bool deeper = true; deeper;) {
        deeper = false;
        for (const CLI::App* sub : at->get_subcommands({})) {
            if (sub->parsed()) {
                at = sub;
                path += " " + sub->get_name();
                deeper = true;
                break;
            }
        }
    }
    std::string names;
    for (const CLI::App* sub : at->get_subcommands({})) names += (names.empty() ? "" : ", ") + sub->get_name();
    std::cerr << path << ": a subcommand is required, one of: " << names << " (" << path << " --help)\n";
    return static_cast<int>(CLI::ExitCodes::RequiredError);
}

}  // namespace

int sc_main(int argc, char* argv[]) {

    CLI::App app{"FlexGrip-TLM: SystemC/TLM-2.0 model of the FlexGripPlus SM_1.0 GPU", "fgtlm"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "fgtlm 0.1.0");

    auto& registry = fgtlm::cli::subcommand_registry();
    std::sort(registry.begin(), registry.end(),
              [](const auto& a, const auto& b) { return a.name < b.name; });
    std::vector<std::pair<CLI::App*, std::function<int()>>> runners;
    for (auto& entry : registry) {
        auto runner = entry.setup(app);
        runners.emplace_back(app.get_subcommand(entry.name), std::move(runner));
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::RequiredError& e) {
        if (std::string(e.what()).find("subcommand is required") != std::string::npos) return missing_subcommand(app);
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // --help and --version exit 0; any bad option is bad input: exit 2, as every command's own checks.
        return app.exit(e) == 0 ? 0 : 2;
    }
    try {
        for (auto& [sub, run] : runners) {
            if (sub == nullptr || !sub->parsed()) continue;
            const int rc = run();
            // A listing or report lost on a full disk or a closed pipe is a failure, not exit 0.
            fgtlm::io::check_stdout();
            return rc;
        }
    } catch (const std::bad_alloc&) {
        std::cerr << "fgtlm: error: out of memory (an input asks for more memory than this machine has)\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "fgtlm: error: " << e.what() << '\n';
        return 1;
    }
    return 1;
}
