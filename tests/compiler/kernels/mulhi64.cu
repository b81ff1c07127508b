// 64-bit high products (__umul64hi, __mul64hi: mul.hi.u64/s64; mad.hi.u64 as inline PTX) and bfi.b64 with
// data-dependent positions and lengths (past bit 63 too) and a constant field.
#include <cuda_runtime.h>
__device__ unsigned long long bfi64(unsigned long long f, unsigned long long b, unsigned pos, unsigned len) {
    unsigned long long r;
    asm("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(r) : "l"(f), "l"(b), "r"(pos), "r"(len));
    return r;
}
__global__ void mulhi64(const unsigned* in, unsigned long long* out) {
    int i = threadIdx.x;
    const unsigned* w = in + 5 * i;
    unsigned long long a = ((unsigned long long)w[0] << 32) | w[1], b = ((unsigned long long)w[2] << 32) | w[3];
    unsigned z = w[4];
    unsigned long long* o = out + 6 * i;
    o[0] = __umul64hi(a, b);
    o[1] = (unsigned long long)__mul64hi((long long)a, (long long)b);
    unsigned long long m;
    asm("mad.hi.u64 %0, %1, %2, %3;" : "=l"(m) : "l"(a), "l"(b), "l"(a ^ b));
    o[2] = m;
    o[3] = bfi64(a, b, z & 127, (z >> 8) & 127);
    o[4] = bfi64(a, b, z & 63, 64 - (z & 63));  // a field up to bit 63
    asm("bfi.b64 %0, %1, %2, 20, 30;" : "=l"(m) : "l"(a), "l"(b));
    o[5] = m;
}
