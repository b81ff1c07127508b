// The SM's global-memory controller: the memory unit's initiator into global memory (socket
// `socket`, bound to the platform's memory or bus), DMI where the target grants it,
// b_transport with annotated delay otherwise (memory_initiator.hpp).
#pragma once

#include <fgtlm/sm/memory/memory_initiator.hpp>

namespace fgtlm::sm {

class GlobalMemoryController final : public MemoryInitiator {
public:
    explicit GlobalMemoryController(sc_core::sc_module_name name) : MemoryInitiator(name) {}
    const char* kind() const override { return "fgtlm::sm::GlobalMemoryController"; }
};

}  // namespace fgtlm::sm
