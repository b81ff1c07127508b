// Tree reduction of 256 ints per block in shared memory with __syncthreads.
#include <cuda_runtime.h>
__global__ void reduce(const int* in, int* out) {
    __shared__ int s[256];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * 256 + t];
    __syncthreads();
    for (unsigned k = 128; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}
