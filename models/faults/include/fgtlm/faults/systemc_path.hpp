// A campaign's injections through the full SystemC model (library fgtlm_faults_systemc):
// StandaloneSystem (GpuTop, the SM's TLM stage chain, the TLM global memory) with fault probes
// bound between the pipeline stages. Each injection reruns the kernel from the start, so it is
// far slower than Campaign::run (the functional core with snapshot/restore); it exists to
// check that both paths classify every fault the same way. One SystemC system per process.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <fgtlm/faults/campaign.hpp>

namespace fgtlm::faults {

// Same contract as Campaign::run. Throws when the SystemC golden run differs from the core's.
void run_on_systemc(Campaign& c, std::vector<std::uint64_t> ids, const std::function<void(const std::string&)>& sink);

}  // namespace fgtlm::faults
