// Euclid's algorithm: a data-dependent loop with remainders.
#include <cuda_runtime.h>
__global__ void gcd(const unsigned* a, const unsigned* b, unsigned* out) {
    int i = threadIdx.x;
    unsigned x = a[i], y = b[i];
    while (y != 0) {
        unsigned t = x % y;
        x = y;
        y = t;
    }
    out[i] = x;
}
