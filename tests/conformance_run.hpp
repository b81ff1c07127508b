// Runs a conformance bundle (a folder of tests/data/conformance, by name) on a StandaloneSystem: the tests that
// compare systems built different ways (units bound through sockets, several SMs, host threads)
// load and run the bundles the same way.
#pragma once

#include <filesystem>
#include <vector>

#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>

namespace fgtlm::test {

inline loaders::KernelImage conformance_bundle(const char* name) {
    return loaders::load_bundle(std::filesystem::path(FGTLM_DATA_DIR) / "conformance" / name);
}

// Global memory (with the RTL's undefined ranges), program, then the launch.
inline core::KernelResult run_image(gpu::StandaloneSystem& s, const loaders::KernelImage& img) {
    std::vector<gpu::StandaloneSystem::UndefinedRange> u;
    for (const auto& r : img.global_init_undefined) u.push_back({r.addr, r.len});
    s.load_global(img.global_init, u);
    s.load_program(img.program);
    return s.run(img.launch);
}

}  // namespace fgtlm::test
