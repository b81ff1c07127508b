// y = a * x + y with a float parameter (no fused multiply-add: fgtlm cc passes -ffp-contract=off).
#include <cuda_runtime.h>
__global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
