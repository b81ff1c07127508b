// Logic and shifts: and/or/xor/not, shifts by constants and by data, arithmetic shift.
#include <cuda_runtime.h>
__global__ void bitops(const unsigned* a, const unsigned* b, unsigned* out) {
    int i = threadIdx.x;
    unsigned x = a[i], y = b[i];
    out[6 * i + 0] = (x & y) | (~x & 0xff00ff00u);
    out[6 * i + 1] = x ^ y;
    out[6 * i + 2] = x << (y & 31);
    out[6 * i + 3] = x >> (y & 31);
    out[6 * i + 4] = (unsigned)((int)x >> (y & 31));
    out[6 * i + 5] = (x << 3) + (y >> 5);
}
