// Runs several firmware apps one after another, each in its own child process (SystemC can
// elaborate only once per process), echoes their console and prints a summary built from
// the `REPORT ...` lines the apps print.
#pragma once

#include "app_runner.hpp"

#include <string>
#include <vector>

namespace fgtlm::vp {

std::vector<std::string> find_apps(const std::string& dir);
int run_batch(const std::string& self, const std::vector<std::string>& apps, const RunOptions& options);

}  // namespace fgtlm::vp
