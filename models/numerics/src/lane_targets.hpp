// FGTLM_LANES_TARGETS: the attribute of the 32-lane loops (fpu_lanes.cpp, fpu_fadd_lanes.cpp).
// Clones for AVX-512 and AVX2 where the host has them (chosen once at load time: GNU ifunc), else
// SSE2; the same operations either way (integer or IEEE without contraction: the build is ISO
// C++), so the results do not depend on the host. hot (GCC): in .text.hot beside the issue path;
// clang refuses it beside target_clones.
#pragma once

#if defined(__clang__)
#define FGTLM_LANES_TARGETS __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define FGTLM_LANES_TARGETS __attribute__((target_clones("arch=x86-64-v4", "avx2", "default"), hot))
#endif
