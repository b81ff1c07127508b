// Many live values in every thread of a grid of several blocks: about 50 registers x 3 warps per
// block, so four blocks need more than the SM's 512 register slots. FlexGripPlus' block scheduler
// starts as many blocks as the host says whatever their registers, and warps past the 512 slots
// alias the first warps' registers; a MODULE launch must keep only the blocks that fit (fuzz seed 304).
#include <cuda_runtime.h>
__global__ void block_registers(const unsigned* in, unsigned* out, int rounds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned a[40];
#pragma unroll
    for (int i = 0; i < 40; ++i) a[i] = in[t] * (i + 1) + i;
    int n = rounds + (in[t] & 3);
    for (int k = 0; k < n; ++k) {
#pragma unroll
        for (int i = 0; i < 40; ++i) a[i] = a[i] * 3 + (a[(i + 1) % 40] ^ k);
        if (((k & 1) ? a[1] : a[0]) & 1) a[0] += a[39] >> 3;  // no dynamic index: no local array
    }
#pragma unroll
    for (int i = 0; i < 40; ++i) out[40 * t + i] = a[i];
}
