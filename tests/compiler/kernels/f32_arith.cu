// f32 add, sub and mul over every operand class (zeros, subnormals, exponent field 1, normals, infinities, NaN):
// PTX requires the IEEE results the FPU alone does not give for some of them. The guarded forms run under
// divergent conditions (a thread's operands pick the path). Compiled twice: as is and with
// -fcuda-flush-denormals-to-zero (the .ftz forms).
#include <cuda_runtime.h>
__global__ void f32_arith(const float* a, const float* b, float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = a[i], y = b[i];
    float* o = out + 5 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    float g = 0.0f;
    if (i & 1) g = x * y + x;  // a guarded or branched pair of operations
    o[3] = g;
    o[4] = (x * 0.5f) * y - 1.0f;
}
