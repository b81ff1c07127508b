// Instantiates the installed GPU top (with its own global memory) and runs one kernel:
// every thread stores its thread index to out[tid] (hand-encoded SM_1.0, see below).
#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/host/registers.h>

#include <cstdio>
#include <vector>

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
    std::printf("consumer: %llu cycles, %s\n", static_cast<unsigned long long>(r.cycles), ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
