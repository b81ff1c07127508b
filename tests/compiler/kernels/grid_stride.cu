// A grid-stride loop: fewer threads than elements.
#include <cuda_runtime.h>
__global__ void scale(int* data, int n, int k) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) data[i] = data[i] * k - i;
}
