// __constant__ tables filled by the host (`fgtlm run --const SYMBOL=FILE`, as cudaMemcpyToSymbol
// did): out[i] = lut[in[i] & 15] + Horner(coeffs, x[i]) as raw float bits in out2.
#include <fgtlm/cuda.h>

__constant__ unsigned lut[16];
__constant__ float coeffs[4];

__global__ void poly(const unsigned* in, const float* x, unsigned* out, float* out2, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = lut[in[i] & 15u] ^ (in[i] >> 4);
    float acc = coeffs[3];
    for (int k = 2; k >= 0; --k) acc = acc * x[i] + coeffs[k];
    out2[i] = acc;
}
