// Float vector add, with a host main() and <stdio.h> as people write them (ignored by fgtlm cc).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdint.h>
__global__ void vaddf(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
int main() {
    float* d = 0;
    cudaMalloc(&d, 16);
    vaddf<<<1, 32>>>(d, d, d, 4);
    printf("done\n");
    return 0;
}
