// Spilling: a kernel with more live values than --max-regs allows runs with its values spilled
// to shared memory and gives the same results as with enough registers.
#include "kernel_runner.hpp"

#include <gtest/gtest.h>

namespace fgtlm::test {
namespace {

std::vector<std::uint32_t> spill_reference(const std::vector<std::uint32_t>& in, int rounds) {
    std::vector<std::uint32_t> out;
    for (const std::uint32_t x : in) {
        std::uint32_t a[40];
        for (std::uint32_t i = 0; i < 40; ++i) a[i] = x * (i + 1) + i;
        const int n = rounds + int(x & 3);
        for (int k = 0; k < n; ++k) {
            for (int i = 0; i < 40; ++i) a[i] = a[i] * 3 + (a[(i + 1) % 40] ^ std::uint32_t(k));
            if (a[k & 1] & 1) a[0] += a[39] >> 3;
        }
        out.insert(out.end(), a, a + 40);
    }
    return out;
}

TEST(CompiledKernels, SpillsWhenRegistersRunOut) {
    std::vector<std::uint32_t> in;
    std::uint32_t seed = 31;
    for (int i = 0; i < 40; ++i) in.push_back(next_random(seed));
    std::vector<std::uint8_t> m;
    for (std::uint32_t k = 0; k < in.size(); ++k) put_u32(m, 4 * k, in[k]);
    const auto want = spill_reference(in, 5);
    // 0: 52 registers, no spill; 24: 29 slots (A2); 16 and 8: 37 and 45 slots (A3 too). 40
    // threads: their windows of up to 348 bytes fit in the 16 KiB shared memory.
    for (const std::uint32_t regs : {0u, 24u, 16u, 8u}) {
        KernelRun r{"spill.cu", "", {1}, {40}, {"0", "0x1000", "5"}, m};
        r.max_regs = regs;
        r.variant = "_" + std::to_string(regs);
        const auto out = run_kernel(r);
        for (std::uint32_t k = 0; k < want.size(); ++k)
            ASSERT_EQ(get_u32(out, 0x1000 + 4 * k), want[k]) << "--max-regs " << regs << ": word " << k;
        const std::string mod = module_text(r);
        const bool spilled = mod.find("g[A2+") != std::string::npos;
        EXPECT_EQ(spilled, regs != 0) << "--max-regs " << regs;
        EXPECT_EQ(mod.find("g[A3+") != std::string::npos, regs == 16 || regs == 8) << "--max-regs " << regs;
        if (regs != 0) {
            EXPECT_NE(mod.find("\"regs\": " + std::to_string(regs)), std::string::npos) << mod.substr(0, 400);
        }
    }
}

// Four blocks of 96 threads of a kernel of about 50 registers: all four resident at once would need more than the
// SM's 512 register slots, and FlexGripPlus would alias the last warps' registers onto the first warps' (the first
// warp of block 0 then stored through a clobbered address: fuzz seed 304). The MODULE launch keeps the blocks that fit.
TEST(CompiledKernels, BlocksPerSmFitTheRegisterFile) {
    const std::uint32_t blocks = 4, threads = 96;
    std::vector<std::uint32_t> in;
    std::uint32_t seed = 77;
    for (std::uint32_t i = 0; i < blocks * threads; ++i) in.push_back(next_random(seed));
    std::vector<std::uint8_t> m;
    for (std::uint32_t k = 0; k < in.size(); ++k) put_u32(m, 4 * k, in[k]);
    const std::uint32_t out_base = 0x1000;
    const KernelRun r{"block_registers.cu", "", {blocks}, {threads}, {"0", std::to_string(out_base), "3"}, m};
    const auto out = run_kernel(r);
    const std::string mod = module_text(r);
    const std::size_t at = mod.find("\"regs\": ");
    ASSERT_NE(at, std::string::npos);
    const std::uint32_t regs = std::uint32_t(std::stoul(mod.substr(at + 8)));
    // The case this test is about: the grid's warps need more register slots than the SM has.
    ASSERT_GT(regs * (threads / 32) * blocks, 512u) << "the kernel no longer needs enough registers";
    const auto want = spill_reference(in, 3);
    for (std::uint32_t k = 0; k < want.size(); ++k)
        ASSERT_EQ(get_u32(out, out_base + 4 * k), want[k]) << "thread " << k / 40 << " word " << k % 40;
    // A block whose own warps need more slots than the SM has cannot run correctly at all: refused by name.
    KernelRun big = r;
    big.grid = {1};
    big.block = {352};
    big.variant = "_352";
    const std::string need = "a block of 11 warps x " + std::to_string(regs) + " registers needs " +
                             std::to_string(11 * regs) + " register slots, the SM has 512";
    try {
        run_kernel(big);
        ADD_FAILURE() << "a block of 352 threads x " << regs << " registers ran";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find(need), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace fgtlm::test
