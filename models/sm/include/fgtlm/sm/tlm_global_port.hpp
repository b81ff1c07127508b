// Former name of the global-memory controller (kept for existing includes).
#pragma once

#include <fgtlm/sm/memory/global_memory_controller.hpp>

namespace fgtlm::sm {
using TlmGlobalPort = GlobalMemoryController;
}  // namespace fgtlm::sm
