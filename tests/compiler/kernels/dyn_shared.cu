// extern __shared__ (dynamic shared memory sized at launch): reverse a block's elements.
#include <cuda_runtime.h>
__global__ void reverse(const int* in, int* out) {
    extern __shared__ int buf[];
    int t = threadIdx.x, n = blockDim.x;
    buf[t] = in[blockIdx.x * n + t];
    __syncthreads();
    out[blockIdx.x * n + t] = buf[n - 1 - t];
}
