// Runs one firmware image in a fresh VirtualPlatform (one SystemC simulation per process).
#pragma once

#include <string>
#include <vector>

namespace fgtlm::vp {

struct RunOptions {
    std::vector<std::string> overrides;  // -p key=value
    std::string config_file;
    std::string max_time = "10s";
    bool quiet = false;
};

// Exit code of the firmware, or 2/3/4 (see main.cpp).
int run_app(const std::string& elf_path, const RunOptions& options);
int list_params();

}  // namespace fgtlm::vp
