// Runs a child process (GHDL, the elaborated testbench) with a working folder, output file,
// wall-clock limit and, for GHDL simulations, an unlimited stack.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace fgtlm::cosim {

struct ProcessResult {
    int exit_code = -1;         // exit status, or 128 + signal
    bool timed_out = false;     // killed after the wall-clock limit
    double wall_seconds = 0.0;
};

struct ProcessOptions {
    std::filesystem::path cwd;           // empty = inherit
    std::filesystem::path output;        // stdout and stderr go here (empty = /dev/null)
    bool append_output = false;
    double timeout_seconds = 0.0;        // 0 = no limit
    bool unlimited_stack = false;        // `ulimit -s unlimited` (GHDL's large designs need it)
};

// Throws std::runtime_error when the program cannot be started at all.
ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& opt);

// Last `max_lines` lines of a text file ("" if unreadable): for error messages.
std::string tail_of_file(const std::filesystem::path& file, std::size_t max_lines = 20);

}  // namespace fgtlm::cosim
