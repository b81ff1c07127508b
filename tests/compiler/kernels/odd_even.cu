// Odd-even transposition sort of 32 values by 32 threads with barriers.
#include <cuda_runtime.h>
__global__ void odd_even(int* data) {
    __shared__ int s[32];
    int t = threadIdx.x;
    s[t] = data[t];
    __syncthreads();
    for (int phase = 0; phase < 32; ++phase) {
        int i = 2 * t + (phase & 1);
        if (t < 16 && i + 1 < 32 && s[i] > s[i + 1]) {
            int a = s[i];
            s[i] = s[i + 1];
            s[i + 1] = a;
        }
        __syncthreads();
    }
    data[t] = s[t];
}
