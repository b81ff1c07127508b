// __mul24 / __umul24.
#include <cuda_runtime.h>
__global__ void m24(const int* a, const int* b, int* out) {
    int i = threadIdx.x;
    out[2 * i] = __mul24(a[i], b[i]);
    out[2 * i + 1] = (int)__umul24((unsigned)a[i], (unsigned)b[i]);
}
