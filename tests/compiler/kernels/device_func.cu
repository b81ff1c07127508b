// __device__ functions called from a kernel (clang inlines them).
#include <cuda_runtime.h>
__device__ int square(int x) { return x * x; }
__device__ int clampi(int x, int lo, int hi) { return x < lo ? lo : (x > hi ? hi : x); }
__device__ int poly(int x) { return square(x) + 3 * x + clampi(x, -5, 5); }
__global__ void devfunc(const int* in, int* out) {
    int i = threadIdx.x;
    out[i] = poly(in[i]) - square(in[i] >> 1);
}
