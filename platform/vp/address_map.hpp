// The virtual platform's bus address map (also in platform/firmware/include/vp.h and
// platform/README.md). The GPU's global memory IS the system DRAM: kernel pointers are bus
// addresses, i.e. DRAM addresses start at kDramBase.
#pragma once

#include <cstdint>

namespace fgtlm::platform::address_map {

inline constexpr std::uint64_t kUartBase = 0x10000000;
inline constexpr std::uint64_t kSimCtlBase = 0x10001000;
inline constexpr std::uint64_t kGpuRegsBase = 0x20000000;  // HostInterface register block (16 KiB)
inline constexpr std::uint64_t kDramBase = 0x80000000;     // firmware, stacks, GPU buffers and code

}  // namespace fgtlm::platform::address_map
