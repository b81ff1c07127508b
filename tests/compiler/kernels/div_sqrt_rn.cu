// Correctly rounded f32 division, reciprocal, square root and fused multiply-add (PTX div.rn,
// rcp.rn, sqrt.rn, fma.rn: software sequences, since the FPU has none usable), over normal,
// subnormal and special operands.
#include <cuda_runtime.h>
__global__ void div_sqrt_rn(const float* a, const float* b, float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = a[i], y = b[i];
    out[5 * i] = x / y;
    out[5 * i + 1] = sqrtf(x);
    out[5 * i + 2] = __frcp_rn(y);
    out[5 * i + 3] = x > 0.0f ? x / 3.0f : sqrtf(y);
    out[5 * i + 4] = fmaf(x, y, a[(i + 1) % (blockDim.x * gridDim.x)]);
}
