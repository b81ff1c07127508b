// Reading the input files of a launch (launch_target.cpp, module_launch.cpp).
#pragma once

#include <string>

namespace fgtlm::loaders {

// A whole input file; a directory, a FIFO or a missing file is a LoadError naming it and `what`
// it was for ("the global memory image").
std::string read_launch_input(const std::string& path, const std::string& what);

}  // namespace fgtlm::loaders
