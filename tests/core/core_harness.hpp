// Runs small assembled kernels on the plain-C++ execution core (no SystemC) for unit tests.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <string>
#include <vector>

#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/isa/assembler.hpp>

namespace fgtlm::test {

struct CoreRun {
    std::vector<std::uint8_t> global = std::vector<std::uint8_t>(64 * 1024, 0);
    std::vector<std::uint8_t> cmem = std::vector<std::uint8_t>(8192, 0);
    std::vector<std::uint32_t> words;
    core::Program program;
    core::SmCore sm;
    core::ArrayMemory port{global.data(), global.size()};
    core::KernelError error;

    explicit CoreRun(core::SmCoreConfig cfg = {}) : sm(cfg) {
        sm.set_program(&program);
        sm.set_global(&port);
        sm.set_constant(cmem.data(), std::uint32_t(cmem.size()));
    }

    // Assembles `sass` (fails the test on assembler errors) and runs the launch to the end.
    bool run(const std::string& sass, core::LaunchConfig launch, std::uint64_t max_steps = 1'000'000) {
        const isa::AssembleResult r = isa::assemble(sass, "test.sass");
        if (!r.ok()) {
            std::string all;
            for (const auto& e : r.errors) all += e.str() + "\n";
            ADD_FAILURE() << all;
            return false;
        }
        words = r.words;
        return run_words(launch, max_steps);
    }
    bool run_words(core::LaunchConfig launch, std::uint64_t max_steps = 1'000'000) {
        program.bind(words.data(), std::uint32_t(words.size()));
        const std::string why = core::check_launch(launch, sm.config());
        if (!why.empty()) {
            error.kind = core::KernelErrorKind::InvalidLaunch;
            error.message = why;
            return false;
        }
        std::copy(launch.const_mem.begin(), launch.const_mem.end(), cmem.begin());
        sm.begin_kernel(launch);
        const std::uint32_t per = core::blocks_per_batch(launch, sm.config());
        std::uint64_t steps = 0;
        for (std::uint32_t b = 0; b < launch.num_blocks(); b += per) {
            sm.start_batch(b, std::min(per, launch.num_blocks() - b));
            core::StepResult s;
            while ((s = sm.step()) == core::StepResult::Issued) {
                if (++steps > max_steps) {
                    sm.fail(core::KernelErrorKind::Watchdog, 0, 0, "test step limit");
                    break;
                }
            }
            if (sm.failed()) {
                error = sm.error();
                return false;
            }
        }
        error = {};
        return true;
    }
    // The image of constant bank `bank` (read under core.semantics=g80; bank 0 is cmem).
    void set_bank(std::uint32_t bank, std::vector<std::uint8_t> bytes) {
        banks.at(bank) = std::move(bytes);
        sm.set_constant_bank(bank, banks[bank].data(), std::uint32_t(banks[bank].size()));
    }
    std::array<std::vector<std::uint8_t>, core::SmCore::kConstantBanks> banks;
    std::uint32_t u32(std::uint32_t addr) const {
        std::uint32_t v;
        std::memcpy(&v, &global[addr], 4);
        return v;
    }
    void set_u32(std::uint32_t addr, std::uint32_t v) { std::memcpy(&global[addr], &v, 4); }
};

inline core::LaunchConfig launch(std::uint16_t threads, std::uint16_t blocks = 1, std::uint32_t regs = 16) {
    core::LaunchConfig l;
    l.block[0] = threads;
    l.grid[0] = blocks;
    l.regs_per_thread = regs;
    l.blocks_per_sm = 8;
    return l;
}

// NVIDIA's reading of the words (`-p core.semantics=g80`) instead of the RTL's.
inline core::SmCoreConfig g80_config() {
    core::SmCoreConfig c;
    c.rtl = core::RtlPolicy::preset(core::Semantics::G80);
    c.rtl.barrier_counts_exits = true;  // the harness's barrier tests count exits (SmCoreConfig's old default)
    return c;
}

// Common prologue: R10 = tid.x * 4 (byte offset of this thread's output word).
inline const char* kTidTimes4 = "I2I.U32.U16 R10, R0L;\nSHL R10, R10, 0x2;\n";

}  // namespace fgtlm::test
