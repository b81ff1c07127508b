// More live values than a small register budget: 40 accumulators mixed in a loop with a
// data-dependent trip count and a divergent branch (compiled with --max-regs 16 it spills).
#include <cuda_runtime.h>
__global__ void spill(const unsigned* in, unsigned* out, int rounds) {
    int t = threadIdx.x;
    unsigned a[40];
#pragma unroll
    for (int i = 0; i < 40; ++i) a[i] = in[t] * (i + 1) + i;
    int n = rounds + (in[t] & 3);
    for (int k = 0; k < n; ++k) {
#pragma unroll
        for (int i = 0; i < 40; ++i) a[i] = a[i] * 3 + (a[(i + 1) % 40] ^ k);
        if (a[k & 1] & 1) a[0] += a[39] >> 3;
    }
#pragma unroll
    for (int i = 0; i < 40; ++i) out[40 * t + i] = a[i];
}
