// Small kernels for the fault-site tests, assembled in memory.
#pragma once

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include <fgtlm/faults/campaign.hpp>
#include <fgtlm/isa/assembler.hpp>

namespace fgtlm::test {

inline loaders::KernelImage assemble_image(const std::string& sass, std::uint16_t threads) {
    const isa::AssembleResult r = isa::assemble(sass, "test.sass");
    EXPECT_TRUE(r.ok());
    loaders::KernelImage img;
    img.name = "test";
    img.program = r.words;
    img.launch.block[0] = threads;
    img.launch.regs_per_thread = 16;
    img.launch.const_mem = {0x00, 0x00, 0x00, 0x40};  // c[0][0] = 2.0f
    img.global_mem_bytes = 4096;
    img.dump = {0, 4u * threads};
    return img;
}

// Two warps: FPU, SFU, constant, address register, shared memory, barrier, predicate,
// SSY/join, global store. out[t] = 1.5 * 2 + 1/2 + 1 = 4.5.
inline loaders::KernelImage probe_image() {
    std::ifstream in(std::string(FGTLM_FAULTS_TEST_DIR) + "/probe.sass");
    std::stringstream ss;
    ss << in.rdbuf();
    return assemble_image(ss.str(), 64);
}

// One thread counting to 16 in a loop, then storing the count.
inline loaders::KernelImage loop_image() {
    return assemble_image(R"(
        MVI R1, 0x0;
        MVI R2, 0x10;
        MVI R10, 0x0;
    loop:
        IADD32I R1, R1, 0x1;
        ISET.C0 o[0x7f], R1, R2, NE;
        BRA C0.NE, loop;
        GST.U32 global14[R10], R1;
        RET;
    )", 1);
}

inline std::unique_ptr<faults::Campaign> campaign(loaders::KernelImage img, faults::CampaignSpec spec = {}) {
    return std::make_unique<faults::Campaign>(spec, std::move(img));
}

}  // namespace fgtlm::test
