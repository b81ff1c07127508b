// The CUDA bit intrinsics (popc, clz, brev, ffs, byte_perm, 64-bit forms) and bfe/bfi written
// as inline PTX, with data-dependent positions and lengths.
#include <cuda_runtime.h>
__device__ unsigned bfe_u(unsigned a, unsigned pos, unsigned len) {
    unsigned r;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(pos), "r"(len));
    return r;
}
__device__ int bfe_s(int a, unsigned pos, unsigned len) {
    int r;
    asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(pos), "r"(len));
    return r;
}
__device__ unsigned bfi(unsigned f, unsigned b, unsigned pos, unsigned len) {
    unsigned r;
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(f), "r"(b), "r"(pos), "r"(len));
    return r;
}
__global__ void bit_intrinsics(const unsigned* in, unsigned* out) {
    int i = threadIdx.x;
    unsigned x = in[3 * i], y = in[3 * i + 1], z = in[3 * i + 2];
    unsigned long long w = ((unsigned long long)y << 32) | x;
    unsigned* o = out + 16 * i;
    o[0] = __popc(x);
    o[1] = __clz(x);
    o[2] = __brev(x);
    o[3] = __ffs(x);
    o[4] = __byte_perm(x, y, 0x7351);
    o[5] = __byte_perm(x, y, z);
    o[6] = __popcll(w);
    o[7] = __clzll(w);
    unsigned long long r = __brevll(w);
    o[8] = (unsigned)r;
    o[9] = (unsigned)(r >> 32);
    o[10] = bfe_u(x, z & 63, (z >> 8) & 63);
    o[11] = (unsigned)bfe_s((int)x, z & 63, (z >> 8) & 63);
    o[12] = bfi(x, y, z & 63, (z >> 8) & 63);
    o[13] = bfe_u(y, 3, 9);
    o[14] = __byte_perm(x, y, 0x8c40);
    o[15] = __clz(x >> (z & 31));
}
