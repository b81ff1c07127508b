// Warp-synchronous exclusive scan of 32 values (volatile shared memory, no barriers).
#include <cuda_runtime.h>
__global__ void warp_scan(const int* in, int* out) {
    __shared__ volatile int s[64];
    int t = threadIdx.x;
    s[t] = 0;
    s[t + 32] = in[t];
    for (int off = 1; off < 32; off <<= 1) s[t + 32] += s[t + 32 - off];
    out[t] = s[t + 32] - in[t];
}
