// Parameters of the GPU's simulation itself (not of the modelled hardware), in the registry
// `fgtlm params` lists: gpu.host_threads.
#pragma once

#include <fgtlm/params/registry.hpp>

namespace fgtlm::gpu {

void declare_gpu_params(params::Registry& reg);

}  // namespace fgtlm::gpu
