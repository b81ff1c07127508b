#include "bundle_on_core.hpp"

#include <algorithm>

namespace fgtlm::calibration {

namespace {
constexpr std::size_t kConstantBytes = 8192;  // FlexGripPlus constant memory
}

BundleOnCore::BundleOnCore(const loaders::KernelImage& image)
    : image_(image),
      global_(image.global_mem_bytes, 0),
      constant_(kConstantBytes, 0),
      gmem_(global_.data(), global_.size()),
      sm_(cfg_) {
    reset_global();
    std::copy_n(image.launch.const_mem.begin(), std::min(image.launch.const_mem.size(), constant_.size()),
                constant_.begin());
    program_.bind(image.program.data(), std::uint32_t(image.program.size()));
    sm_.set_program(&program_);
    sm_.set_global(&gmem_);
    sm_.set_constant(constant_.data(), std::uint32_t(constant_.size()));
}

void BundleOnCore::reset_global() {
    std::fill(global_.begin(), global_.end(), 0);
    std::copy_n(image_.global_init.begin(), std::min(image_.global_init.size(), global_.size()), global_.begin());
}

std::string BundleOnCore::run(std::uint64_t max_steps) {
    const core::LaunchConfig& launch = image_.launch;
    if (const std::string why = core::check_launch(launch, cfg_); !why.empty()) return "invalid launch: " + why;
    sm_.begin_kernel(launch);
    const std::uint32_t per_batch = std::min(core::blocks_per_batch(launch, cfg_), std::max(1u, launch.blocks_per_sm));
    const std::uint32_t blocks = launch.num_blocks();
    std::uint64_t steps = 0;
    for (std::uint32_t first = 0; first < blocks; first += per_batch) {
        sm_.start_batch(first, std::min(per_batch, blocks - first));
        for (;;) {
            const core::StepResult r = sm_.step();
            if (r == core::StepResult::BatchDone) break;
            if (r == core::StepResult::Error) return sm_.error().describe();
            if (max_steps != 0 && ++steps > max_steps) return "runaway kernel";
        }
    }
    return {};
}

}  // namespace fgtlm::calibration
