// f32 -> s32/u32/s64/u64 in the four rounding modes (PTX clamps out-of-range values, NaN gives 0) and
// s64/u64 -> f32, over every float class and 64-bit integers of every magnitude.
#include <cuda_runtime.h>
#define F2I(mode, ty, reg, out, x) asm("cvt." #mode "." #ty ".f32 %0, %1;" : "=" #reg(out) : "f"(x))
template <typename T>
__device__ void put(unsigned* o, T v) {
    o[0] = (unsigned)v;
    o[1] = sizeof(T) == 8 ? (unsigned)((unsigned long long)v >> 32) : 0u;
}
__global__ void convert64(const float* in, const unsigned long long* wide, unsigned* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[i];
    unsigned* o = out + 36 * i;
    int s;
    unsigned u;
    long long sl;
    unsigned long long ul;
    F2I(rni, s32, r, s, x); put(o, s); F2I(rni, u32, r, u, x); put(o + 2, u);
    F2I(rni, s64, l, sl, x); put(o + 4, sl); F2I(rni, u64, l, ul, x); put(o + 6, ul);
    F2I(rzi, s32, r, s, x); put(o + 8, s); F2I(rzi, u32, r, u, x); put(o + 10, u);
    F2I(rzi, s64, l, sl, x); put(o + 12, sl); F2I(rzi, u64, l, ul, x); put(o + 14, ul);
    F2I(rmi, s32, r, s, x); put(o + 16, s); F2I(rmi, u32, r, u, x); put(o + 18, u);
    F2I(rmi, s64, l, sl, x); put(o + 20, sl); F2I(rmi, u64, l, ul, x); put(o + 22, ul);
    F2I(rpi, s32, r, s, x); put(o + 24, s); F2I(rpi, u32, r, u, x); put(o + 26, u);
    F2I(rpi, s64, l, sl, x); put(o + 28, sl); F2I(rpi, u64, l, ul, x); put(o + 30, ul);
    unsigned long long w = wide[i];
    o[32] = __float_as_uint((float)w);
    o[33] = __float_as_uint((float)(long long)w);
    o[34] = (unsigned)(long long)x;  // C's own conversions: cvt.rzi
    o[35] = (unsigned)(unsigned long long)x;
}
