// Inclusive Hillis-Steele scan of 128 ints in shared memory (double buffered).
#include <cuda_runtime.h>
__global__ void scan(const int* in, int* out) {
    __shared__ int buf[2][128];
    int t = threadIdx.x;
    int cur = 0;
    buf[0][t] = in[t];
    __syncthreads();
    for (int off = 1; off < 128; off <<= 1) {
        int v = buf[cur][t];
        if (t >= off) v += buf[cur][t - off];
        buf[1 - cur][t] = v;
        cur = 1 - cur;
        __syncthreads();
    }
    out[t] = buf[cur][t];
}
