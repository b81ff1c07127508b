// testp's six classes and .sat (cvt.sat.f32.f32 through __saturatef, add.sat and mul.sat as
// inline PTX), and plain add/sub, over normal, subnormal, infinite and NaN values.
#include <cuda_runtime.h>
#define FGTLM_TESTP(cls, bit)                                                                     \
    asm("{\n.reg .pred %%tp;\ntestp." #cls ".f32 %%tp, %1;\nselp.u32 %0, " #bit ", 0, %%tp;\n}" \
        : "=r"(t)                                                                              \
        : "f"(x));                                                                              \
    r |= t
__device__ unsigned classes(float x) {
    unsigned r = 0, t;
    FGTLM_TESTP(finite, 1);
    FGTLM_TESTP(infinite, 2);
    FGTLM_TESTP(number, 4);
    FGTLM_TESTP(notanumber, 8);
    FGTLM_TESTP(normal, 16);
    FGTLM_TESTP(subnormal, 32);
    return r;
}
__global__ void float_classes(const float* in, float* out) {
    int i = threadIdx.x;
    float x = in[i], y = in[(i + 1) % blockDim.x];
    float s, p;
    asm("add.sat.f32 %0, %1, %2;" : "=f"(s) : "f"(x), "f"(y));
    asm("mul.sat.f32 %0, %1, %2;" : "=f"(p) : "f"(x), "f"(y));
    out[6 * i] = __int_as_float((int)classes(x));
    out[6 * i + 1] = __saturatef(x);
    out[6 * i + 2] = s;
    out[6 * i + 3] = p;
    out[6 * i + 4] = x + y;
    out[6 * i + 5] = x - y;
}
