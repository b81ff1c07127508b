// 32-bit multiplies: low half, high half (signed/unsigned) and mad.
#include <cuda_runtime.h>
__global__ void imul(const unsigned* a, const unsigned* b, unsigned* out) {
    int i = threadIdx.x;
    unsigned x = a[i], y = b[i];
    out[4 * i + 0] = x * y;
    out[4 * i + 1] = __umulhi(x, y);
    out[4 * i + 2] = (unsigned)__mulhi((int)x, (int)y);
    out[4 * i + 3] = x * y + x;
}
