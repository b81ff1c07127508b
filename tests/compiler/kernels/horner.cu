// Polynomial evaluation by Horner's rule, coefficients in a __constant__ array.
#include <cuda_runtime.h>
__constant__ float coef[5] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f};
__global__ void horner(const float* x, float* y) {
    int i = threadIdx.x;
    float v = x[i], acc = 0.0f;
    for (int k = 4; k >= 0; --k) acc = acc * v + coef[k];
    y[i] = acc;
}
