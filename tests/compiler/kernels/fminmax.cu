// fminf / fmaxf / fabsf / negation and float compares.
#include <cuda_runtime.h>
__global__ void fmm(const float* a, const float* b, float* out, int* flags) {
    int i = threadIdx.x;
    float x = a[i], y = b[i];
    out[4 * i] = fminf(x, y);
    out[4 * i + 1] = fmaxf(x, y);
    out[4 * i + 2] = fabsf(x) - y;
    out[4 * i + 3] = -x * 2.0f;
    flags[i] = (x < y) + 2 * (x == y) + 4 * (x >= y);
}
