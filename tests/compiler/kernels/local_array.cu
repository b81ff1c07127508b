// A per-thread local array indexed by data (clang keeps it in .local memory; the compiler
// places each thread's window in shared memory for FlexGripPlus, which has no LLD/LST).
#include <cuda_runtime.h>
__global__ void local_array(const int* in, int* out) {
    int t = threadIdx.x + blockDim.x * threadIdx.y;
    int buf[8];
    for (int k = 0; k < 8; ++k) buf[k] = in[t] * (k + 1);
    int s = 0;
    for (int k = 0; k < 8; ++k) s += buf[(in[t] + k * 3) & 7] ^ k;
    out[t] = s;
}
