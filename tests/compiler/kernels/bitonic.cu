// Bitonic sorting network over 64 ints in shared memory (one block of 64 threads).
#include <cuda_runtime.h>
__global__ void bitonic(int* data) {
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = data[t];
    __syncthreads();
    for (unsigned k = 2; k <= 64; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            unsigned p = t ^ j;
            if (p > t) {
                int a = s[t], b = s[p];
                bool up = (t & k) == 0;
                if ((a > b) == up) {
                    s[t] = b;
                    s[p] = a;
                }
            }
            __syncthreads();
        }
    }
    data[t] = s[t];
}
