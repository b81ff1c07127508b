// min/max signed and unsigned, abs, and a data-dependent select.
#include <cuda_runtime.h>
__global__ void minmax(const int* a, const int* b, int* out) {
    int i = threadIdx.x;
    int x = a[i], y = b[i];
    out[5 * i + 0] = min(x, y);
    out[5 * i + 1] = max(x, y);
    out[5 * i + 2] = (int)min((unsigned)x, (unsigned)y);
    out[5 * i + 3] = abs(x);
    out[5 * i + 4] = x > y ? x - y : y * 3;
}
