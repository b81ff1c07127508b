#include <fgtlm/gpu/gpu_params.hpp>

namespace fgtlm::gpu {

void declare_gpu_params(params::Registry& reg) {
    reg.declare_int("gpu.host_threads", 1,
                    "host threads the SMs run on (temporal decoupling; results, cycles and statistics as with 1; "
                    "docs/host-threads.md)",
                    "threads", 1, 64);
}

}  // namespace fgtlm::gpu
