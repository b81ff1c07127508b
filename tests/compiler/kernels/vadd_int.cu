// c[i] = a[i] + b[i] over a 1-D grid with a bounds check.
#include <cuda_runtime.h>
__global__ void vadd(const int* a, const int* b, int* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
