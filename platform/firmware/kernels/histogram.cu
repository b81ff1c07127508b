// 16-bin histogram of 8-bit values without atomics (SM_1.0 has none): each thread counts its
// grid-strided share of the input into its own column of a shared table, then thread b adds up
// row b over the block's threads. One partial histogram per block; the firmware sums them.
// Built into firmware by fgtlm_cuda_kernel_header (apps.cmake): `fgtlm cc`, then `fgtlm header`.
#include <fgtlm/cuda.h>

#define BINS 16
#define THREADS 64  // blockDim.x the table is laid out for

__global__ void histogram(const unsigned char* in, unsigned n, unsigned* partial) {
    __shared__ unsigned counts[BINS][THREADS];
    const unsigned t = threadIdx.x;
    for (unsigned b = 0; b < BINS; ++b) counts[b][t] = 0;
    for (unsigned i = blockIdx.x * THREADS + t; i < n; i += THREADS * gridDim.x) counts[in[i] >> 4][t] += 1;
    __syncthreads();
    if (t < BINS) {
        unsigned sum = 0;
        for (unsigned k = 0; k < THREADS; ++k) sum += counts[t][k];
        partial[blockIdx.x * BINS + t] = sum;
    }
}
