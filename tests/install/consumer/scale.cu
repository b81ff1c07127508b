// The consumer's CUDA C kernel, compiled at build time by fgtlm_add_cuda_kernel (find_package(fgtlm)).
#include <fgtlm/cuda.h>

__global__ void scale(const int* in, int* out, int factor, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * factor - (in[i] >> 3);
}
