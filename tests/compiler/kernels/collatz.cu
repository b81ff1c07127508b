// Divergent loop with a data-dependent trip count: Collatz steps of each thread's number.
#include <cuda_runtime.h>
__global__ void collatz(const unsigned* in, unsigned* steps) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[i], n = 0;
    while (x != 1) {
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        ++n;
    }
    steps[i] = n;
}
