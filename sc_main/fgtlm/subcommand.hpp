// Subcommand registry for the fgtlm tool.
//
// Each subcommand lives in its own cmd_<name>.cpp and registers itself with a static
// SubcommandRegistration, so adding a subcommand never touches main.cpp.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace fgtlm::cli {

// Adds the subcommand to `app` and returns a function that runs it after parsing and
// returns the process exit code.
using SubcommandSetup = std::function<std::function<int()>(CLI::App& app)>;

struct SubcommandEntry {
    std::string name;
    SubcommandSetup setup;
};

std::vector<SubcommandEntry>& subcommand_registry();

struct SubcommandRegistration {
    SubcommandRegistration(std::string name, SubcommandSetup setup) {
        subcommand_registry().push_back({std::move(name), std::move(setup)});
    }
};

}  // namespace fgtlm::cli
