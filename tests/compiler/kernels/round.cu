// rintf, truncf, floorf, ceilf (cvt.{rni,rzi,rmi,rpi}.f32.f32) over every float class.
#include <cuda_runtime.h>
__global__ void round_f32(const float* in, float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[i];
    out[4 * i] = __builtin_rintf(x);
    out[4 * i + 1] = __builtin_truncf(x);
    out[4 * i + 2] = __builtin_floorf(x);
    out[4 * i + 3] = __builtin_ceilf(x);
}
