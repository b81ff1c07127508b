#include <fgtlm/gpu/standalone_system.hpp>

#include <algorithm>
#include <cstring>

namespace fgtlm::gpu {

StandaloneSystem::StandaloneSystem(sc_core::sc_module_name name, const SystemConfig& cfg)
    : sc_core::sc_module(name), global("global", cfg.global_bytes, cfg.global_read_latency, cfg.global_write_latency),
      gpu("gpu", cfg.gpu) {
    gpu.global_socket.bind(global.socket);
    global.set_dmi_enabled(cfg.dmi);
}

void StandaloneSystem::load_global(std::span<const std::uint8_t> init, std::span<const UndefinedRange> undefined) {
    global.fill(0);
    // memcpy from an empty span's null pointer is undefined even for 0 bytes.
    if (const std::size_t n = std::min<std::size_t>(init.size(), global.size()); n != 0)
        std::memcpy(global.data(), init.data(), n);
    if (undefined.empty()) {
        shadow_.clear();
        gpu.set_undefined_tracking(nullptr, 0);
        return;
    }
    shadow_.assign(global.size(), 0);
    for (const auto& u : undefined)
        for (std::uint64_t a = u.addr; a < std::uint64_t(u.addr) + u.len && a < shadow_.size(); ++a) shadow_[a] = 1;
    gpu.set_undefined_tracking(shadow_.data(), shadow_.size());
}

core::KernelResult StandaloneSystem::run(const core::LaunchConfig& launch) {
    gpu.start(launch);
    // sc_start returns when no events are left: the kernel is done (the GPU then waits).
    while (gpu.busy()) {
        const sc_core::sc_time before = sc_core::sc_time_stamp();
        const std::uint64_t deltas = sc_core::sc_delta_count();
        sc_core::sc_start();
        if (gpu.busy() && sc_core::sc_time_stamp() == before && sc_core::sc_delta_count() == deltas) {
            SC_REPORT_ERROR("fgtlm/gpu", "simulation stalled with the kernel still running");
            break;
        }
    }
    return gpu.result();
}

std::uint32_t StandaloneSystem::read_u32(std::uint32_t addr) const {
    std::uint32_t v = 0;
    if (std::uint64_t(addr) + 4 <= global.size()) std::memcpy(&v, global.data() + addr, 4);
    return v;
}

}  // namespace fgtlm::gpu
