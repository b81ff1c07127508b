// One kernel on the functional core (one SmCore, no SystemC) with memories of its own, that
// can be copied into another Machine at any instruction: the campaign's snapshot/restore.
//
// The campaign runs the kernel once up to each injection point (a "prefix" machine that only
// moves forward) and copies it into a work machine for every injection, so the prefix of the
// kernel is never re-run.
#pragma once

#include <cstdint>
#include <vector>

#include <fgtlm/core/memory_port.hpp>
#include <fgtlm/core/program.hpp>
#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::faults {

inline constexpr std::uint32_t kConstantBytes = 8192;  // FlexGripPlus constant memory

enum class RunStatus : std::uint8_t { Running, Done, Error };

class Machine {
public:
    // `image` and `program` (bound to image.program) must outlive the machine; machines of one
    // campaign share the program's decode cache.
    Machine(const loaders::KernelImage& image, core::Program& program);
    Machine(const Machine&) = delete;
    Machine& operator=(const Machine&) = delete;

    // Empty when the launch is runnable, else why not.
    [[nodiscard]] std::string check() const;
    // Starts the kernel from the image (memories initialised, first batch resident).
    void start();
    // Becomes a copy of `other` (same image): core state, memories, batch position, counters.
    void restore(const Machine& other);

    // Runs one warp instruction, starting the next batch when one finishes.
    RunStatus step();
    // The same with injection hooks: h.after_fetch(ctx) may replace ctx.fetch.inst, h.after_execute(ctx)
    // may change ctx.execute.res before write-back.
    template <class Hooks>
    RunStatus step(Hooks& h);
    // Runs to the end or until `max_steps` instructions in total have executed.
    RunStatus run_until(std::uint64_t max_steps);

    [[nodiscard]] RunStatus status() const { return status_; }
    [[nodiscard]] std::uint64_t steps() const { return steps_; }
    [[nodiscard]] std::uint32_t batch_first_block() const { return first_; }
    [[nodiscard]] std::uint32_t blocks_per_batch() const { return per_batch_; }
    core::SmCore& sm() { return sm_; }
    [[nodiscard]] const core::SmCore& sm() const { return sm_; }
    std::vector<std::uint8_t>& global() { return global_; }
    [[nodiscard]] const std::vector<std::uint8_t>& global() const { return global_; }
    std::vector<std::uint8_t>& constant() { return constant_; }
    [[nodiscard]] const loaders::KernelImage& image() const { return image_; }

private:
    bool next_batch();
    RunStatus fail() { return status_ = RunStatus::Error; }

    const loaders::KernelImage& image_;
    std::vector<std::uint8_t> global_;
    std::vector<std::uint8_t> constant_;
    core::ArrayMemory gmem_;
    core::SmCoreConfig cfg_;
    core::SmCore sm_;
    std::uint32_t per_batch_ = 1;
    std::uint32_t first_ = 0;
    std::uint64_t steps_ = 0;
    RunStatus status_ = RunStatus::Done;
};

template <class Hooks>
RunStatus Machine::step(Hooks& h) {
    while (status_ == RunStatus::Running) {
        core::ExecContext& ctx = sm_.context();
        if (!sm_.select(ctx)) {
            if (sm_.failed()) return fail();
            if (!next_batch()) return status_ = RunStatus::Done;
            continue;
        }
        if (!sm_.fetch(ctx)) return fail();
        h.after_fetch(ctx);
        if (!sm_.decode(ctx) || !sm_.read(ctx) || !sm_.execute(ctx)) return fail();
        h.after_execute(ctx);
        if (!sm_.writeback(ctx)) return fail();
        ++steps_;
        return status_;
    }
    return status_;
}

}  // namespace fgtlm::faults
