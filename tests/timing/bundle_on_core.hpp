// A conformance bundle set up on the functional core alone (one SmCore, no SystemC): its
// global and constant memory images, the program and the core, ready to run every block
// batch in FlexGripPlus order. Shared by the calibration capture, timing_run and bench_timing.
#pragma once

#include <fgtlm/core/memory_port.hpp>
#include <fgtlm/core/program.hpp>
#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/loaders/kernel_image.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace fgtlm::calibration {

class BundleOnCore {
public:
    // `image` must outlive this object (the program is bound to its words).
    explicit BundleOnCore(const loaders::KernelImage& image);
    BundleOnCore(const BundleOnCore&) = delete;
    BundleOnCore& operator=(const BundleOnCore&) = delete;

    // Global memory back to the bundle's initial image (for repeated runs).
    void reset_global();
    // Runs every batch of the launch; returns the kernel error's description, or "" when the
    // kernel finished. `max_steps` (0 = no limit) stops a runaway kernel.
    std::string run(std::uint64_t max_steps = 0);

    core::SmCore& sm() { return sm_; }

private:
    const loaders::KernelImage& image_;
    std::vector<std::uint8_t> global_;
    std::vector<std::uint8_t> constant_;
    core::ArrayMemory gmem_;
    core::Program program_;
    // The RTL's semantics (SmCoreConfig's defaults): a partial warp runs all 32 lanes
    // (full_partial_warps), as the RTL does, so the replayed stream is the RTL's.
    core::SmCoreConfig cfg_;
    core::SmCore sm_;
};

}  // namespace fgtlm::calibration
