// The launch of one kernel of a MODULE (`fgtlm ptxas` / `fgtlm cc` output; models/compiler).
#pragma once

#include <fgtlm/loaders/launch_target.hpp>

namespace fgtlm::loaders {

// The kernel's code and resources, --param values typed by its PTX parameters, the module's
// .global/.const data placed in global memory over --global-init, then each --const file over
// its symbol. Throws LoadError naming the file, kernel, parameter or symbol.
KernelImage image_from_module(const LaunchTarget& t);

}  // namespace fgtlm::loaders
