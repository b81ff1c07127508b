// cvt.sat between integer types: the source clamped to the destination's range.
#include <cuda_runtime.h>
#define SAT16(dt, st, x) ({ unsigned short h; asm("cvt.sat." #dt "." #st " %0, %1;" : "=h"(h) : "r"(x)); h; })
#define SAT32(dt, st, x) ({ unsigned r; asm("cvt.sat." #dt "." #st " %0, %1;" : "=r"(r) : "r"(x)); r; })
__global__ void cvt_sat(const unsigned* in, unsigned* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[i];
    unsigned* o = out + 8 * i;
    o[0] = SAT16(u8, s32, x);
    o[1] = (unsigned)(short)SAT16(s8, s32, x);
    o[2] = SAT16(u16, s32, x);
    o[3] = (unsigned)(short)SAT16(s16, s32, x);
    o[4] = SAT32(u32, s32, x);
    o[5] = SAT32(s32, u32, x);
    o[6] = SAT16(u8, u32, x);
    o[7] = (unsigned)(short)SAT16(s16, u32, x);
}
