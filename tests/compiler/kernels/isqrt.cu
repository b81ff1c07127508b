// Integer square root by binary search (data-dependent, divergent loop body).
#include <cuda_runtime.h>
__global__ void isqrt(const unsigned* in, unsigned* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[i], lo = 0, hi = 65536;
    while (hi - lo > 1) {
        unsigned mid = (lo + hi) >> 1;
        if (mid * mid <= x) lo = mid;
        else hi = mid;
    }
    out[i] = lo;
}
