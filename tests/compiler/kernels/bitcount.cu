// Population count and bit reversal written as loops.
#include <cuda_runtime.h>
__global__ void bitcount(const unsigned* in, unsigned* out) {
    int i = threadIdx.x;
    unsigned x = in[i], n = 0, r = 0;
    for (unsigned y = x; y != 0; y &= y - 1) ++n;
    for (int k = 0; k < 32; ++k) r |= ((x >> k) & 1u) << (31 - k);
    out[2 * i] = n;
    out[2 * i + 1] = r;
}
