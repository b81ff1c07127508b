// %laneid and %warpid (read through inline PTX, as warp-level CUDA code does) in a 2-D block.
#include <cuda_runtime.h>
__global__ void lanes(unsigned* out) {
    unsigned lane, warp;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm("mov.u32 %0, %%warpid;" : "=r"(warp));
    unsigned t = threadIdx.x + blockDim.x * threadIdx.y;
    out[t] = lane | (warp << 8);
}
