// Instantiates the installed GPU top (with its own global memory) and runs two kernels: every
// thread stores its thread index to out[tid] (hand-encoded SM_1.0, see below); then scale.cu,
// CUDA C compiled at build time by fgtlm_add_cuda_kernel, against a host computation.
#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/host/registers.h>

#include "scale.h"

#include <cstdio>
#include <cstring>
#include <vector>

// scale.cu over 100 words at 0x2000 into 0x3000, the launch from the generated header.
bool run_cuda_kernel(fgtlm::gpu::StandaloneSystem& sys) {
    constexpr int n = 100, factor = -7;
    std::vector<std::uint8_t> mem(0x3000, 0);
    for (int i = 0; i < n; ++i) {
        const int v = i * 977 - 40000;
        std::memcpy(&mem[0x2000 + 4 * i], &v, 4);
    }
    sys.load_global(mem);
    sys.load_program(std::vector<std::uint32_t>(cu_scale_code, cu_scale_code + CU_SCALE_CODE_WORDS));
    fgtlm::core::LaunchConfig launch;
    launch.grid[0] = 2;
    launch.block[0] = 64;
    launch.regs_per_thread = CU_SCALE_REGS;
    launch.shared_bytes = CU_SCALE_LAUNCH_SHARED_BYTES(64, 0);
    launch.params.assign(CU_SCALE_PARAM_WORDS, 0);
    launch.params[CU_SCALE_PARAM0_OFFSET / 4] = 0x2000;
    launch.params[CU_SCALE_PARAM1_OFFSET / 4] = 0x3000;
    launch.params[CU_SCALE_PARAM2_OFFSET / 4] = std::uint32_t(factor);
    launch.params[CU_SCALE_PARAM3_OFFSET / 4] = n;
    const fgtlm::core::KernelResult r = sys.run(launch);
    bool ok = r.error.ok();
    for (int i = 0; i < n; ++i) {
        const int v = i * 977 - 40000;
        ok = ok && std::int32_t(sys.read_u32(0x3000 + 4 * i)) == v * factor - (v >> 3);
    }
    std::printf("consumer: CUDA C kernel scale (%u words, %u registers): %s\n", CU_SCALE_CODE_WORDS, CU_SCALE_REGS,
                ok ? "PASS" : "FAIL");
    return ok;
}

int sc_main(int, char*[]) {
    fgtlm::gpu::StandaloneSystem sys("sys");
    // I2I.U32.U16 R1, R0L; SHL R2, R1, 0x2; IADD R2, g[0x4], R2; GST.U32 global14[R2], R1; RET
    const std::vector<std::uint32_t> code = {0xA0000005, 0x04000780, 0x30020209, 0xC4100780,
                                             0x2000C809, 0x04208780, 0xD00E0405, 0xA0C00780,
                                             0x30000003, 0x00000781};
    sys.load_program(code);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborate before the first launch
    fgtlm::core::LaunchConfig launch;
    launch.block[0] = 64;
    launch.params = {0x1000};
    const fgtlm::core::KernelResult r = sys.run(launch);
    bool ok = r.error.ok() && FGTLM_REG_ID == 0x000u;
    for (std::uint32_t t = 0; t < 64; ++t) ok = ok && sys.read_u32(0x1000 + 4 * t) == t;
    ok = run_cuda_kernel(sys) && ok;
    std::printf("consumer: %llu cycles, %s\n", static_cast<unsigned long long>(r.cycles), ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
