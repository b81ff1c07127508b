// Integer division and remainder, signed and unsigned, by data and by constants.
#include <cuda_runtime.h>
__global__ void divide(const int* a, const int* b, int* out) {
    int i = threadIdx.x;
    int x = a[i], y = b[i];
    out[6 * i + 0] = x / y;
    out[6 * i + 1] = x % y;
    out[6 * i + 2] = (int)((unsigned)x / (unsigned)y);
    out[6 * i + 3] = (int)((unsigned)x % (unsigned)y);
    out[6 * i + 4] = x / 7;
    out[6 * i + 5] = (int)((unsigned)x % 10u);
}
