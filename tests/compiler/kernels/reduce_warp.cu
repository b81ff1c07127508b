// Warp-synchronous reduction (volatile shared memory, no barrier inside the warp): needs the
// divergent threads to reconverge exactly as on hardware.
#include <cuda_runtime.h>
__global__ void reduce_warp(const int* in, int* out) {
    __shared__ volatile int s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t < 32) {
        s[t] += s[t + 32];
        if (t < 16) s[t] += s[t + 16];
        if (t < 8) s[t] += s[t + 8];
        if (t < 4) s[t] += s[t + 4];
        if (t < 2) s[t] += s[t + 2];
        if (t < 1) s[t] += s[t + 1];
    }
    if (t == 0) out[0] = s[0];
}
