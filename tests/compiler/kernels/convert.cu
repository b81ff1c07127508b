// int <-> float conversions: rounding to nearest, truncation, unsigned.
#include <cuda_runtime.h>
__global__ void convert(const int* in, const float* fin, int* out, float* fout) {
    int i = threadIdx.x;
    int v = in[i];
    float f = fin[i];
    fout[2 * i] = (float)v;
    fout[2 * i + 1] = (float)(unsigned)v;
    out[3 * i] = (int)f;
    out[3 * i + 1] = __float2int_rn(f);
    out[3 * i + 2] = (int)(unsigned char)v + (int)(short)v;
}
