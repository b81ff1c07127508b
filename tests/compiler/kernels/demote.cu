// Doubles under --demote-f64: loaded from global memory (-m32: two words and a bit-cast), a __constant__ table of
// doubles, a double kernel parameter, a __noinline__ device function of a double, division, square root, a double
// -> int -> double round trip and a comparison, stored as a double and as a float. Every double operation is
// computed in f32; memory holds IEEE doubles.
#include <cuda_runtime.h>
__device__ __noinline__ double twice(double x) { return x * 2.0 + 0.5; }
__constant__ double table[3] = {1.5, -2.25, 1e-300};
__global__ void demote(const double* in, double* out, float* fo, double s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = in[i];
    double y = x * s + table[i % 3];
    y = y / (x + 3.0);
    y = __builtin_sqrt(__builtin_fabs(y)) + twice(x);
    if (y > 100.0) y = (double)(int)y;
    out[i] = y;
    fo[i] = (float)y;
}
