#include <fgtlm/faults/machine.hpp>

#include <algorithm>

#include <fgtlm/faults/core_access.hpp>

namespace fgtlm::faults {

Machine::Machine(const loaders::KernelImage& image, core::Program& program)
    : image_(image),
      global_(std::max<std::size_t>(image.global_mem_bytes, 4), 0),
      constant_(kConstantBytes, 0),
      gmem_(global_.data(), global_.size()),
      sm_(cfg_) {
    sm_.set_program(&program);
    sm_.set_global(&gmem_);
    sm_.set_constant(constant_.data(), std::uint32_t(constant_.size()));
}

std::string Machine::check() const {
    if (image_.program.empty()) return "the program is empty";
    return core::check_launch(image_.launch, cfg_);
}

void Machine::start() {
    std::fill(global_.begin(), global_.end(), 0);
    std::copy_n(image_.global_init.begin(), std::min(image_.global_init.size(), global_.size()), global_.begin());
    std::fill(constant_.begin(), constant_.end(), 0);
    const auto& cm = image_.launch.const_mem;
    std::copy_n(cm.begin(), std::min(cm.size(), constant_.size()), constant_.begin());
    const core::LaunchConfig& launch = image_.launch;
    per_batch_ = std::max(1u, std::min(core::blocks_per_batch(launch, cfg_), std::max(1u, launch.blocks_per_sm)));
    first_ = 0;
    steps_ = 0;
    CoreAccess::clear_state(sm_);
    sm_.begin_kernel(launch);
    sm_.start_batch(0, std::min(per_batch_, launch.num_blocks()));
    status_ = RunStatus::Running;
}

void Machine::restore(const Machine& other) {
    CoreAccess::copy_state(sm_, other.sm_);
    global_ = other.global_;  // same size: no allocation
    constant_ = other.constant_;
    per_batch_ = other.per_batch_;
    first_ = other.first_;
    steps_ = other.steps_;
    status_ = other.status_;
}

bool Machine::next_batch() {
    const std::uint32_t blocks = image_.launch.num_blocks();
    if (first_ + per_batch_ >= blocks) return false;
    first_ += per_batch_;
    sm_.start_batch(first_, std::min(per_batch_, blocks - first_));
    return true;
}

RunStatus Machine::step() {
    while (status_ == RunStatus::Running) {
        const core::StepResult r = sm_.step();
        if (r == core::StepResult::Issued) {
            ++steps_;
            return status_;
        }
        if (r == core::StepResult::Error) return fail();
        if (r == core::StepResult::BatchDone && !next_batch()) return status_ = RunStatus::Done;
    }
    return status_;
}

RunStatus Machine::run_until(std::uint64_t max_steps) {
    while (status_ == RunStatus::Running && steps_ < max_steps) step();
    return status_;
}

}  // namespace fgtlm::faults
