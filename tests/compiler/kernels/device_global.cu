// __device__ global variables with initialisers, read and written by the kernel.
#include <cuda_runtime.h>
__device__ int bias = 1000;
__device__ int results[64];
__global__ void globals(const int* in, int* out) {
    int i = threadIdx.x;
    results[i] = in[i] + bias;
    __syncthreads();
    out[i] = results[63 - i];
}
