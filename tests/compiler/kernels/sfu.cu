// Fast transcendental intrinsics on the special function unit.
#include <cuda_runtime.h>
__global__ void sfu(const float* in, float* out) {
    int i = threadIdx.x;
    float x = in[i];
    out[6 * i] = __sinf(x);
    out[6 * i + 1] = __cosf(x);
    out[6 * i + 2] = __expf(x);
    out[6 * i + 3] = __logf(x + 4.0f);
    out[6 * i + 4] = rsqrtf(x + 4.0f);
    out[6 * i + 5] = __fdividef(x, x + 8.0f);
}
