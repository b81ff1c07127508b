// Float tree reduction in shared memory (inputs chosen so every partial sum is exact).
#include <cuda_runtime.h>
__global__ void reduce_float(const float* in, float* out) {
    __shared__ float s[128];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (unsigned k = 64; k > 0; k >>= 1) {
        if (t < k) s[t] = s[t] + s[t + k];
        __syncthreads();
    }
    if (t == 0) out[0] = s[0];
}
