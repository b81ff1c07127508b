// Histogram without atomics: thread b counts the inputs falling into bin b.
#include <cuda_runtime.h>
__global__ void histogram(const unsigned* in, int n, unsigned* bins) {
    unsigned b = threadIdx.x, count = 0;
    for (int i = 0; i < n; ++i) count += (in[i] & 31) == b;
    bins[b] = count;
}
