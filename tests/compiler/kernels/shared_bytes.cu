// 8/16-bit shared and local memory: every thread writes its own byte and half-word (so lanes
// of one warp write different bytes of one word), then reads its neighbours', signed and
// unsigned, plus a per-thread local byte array indexed by data.
#include <cuda_runtime.h>
__global__ void shared_bytes(const unsigned* in, unsigned* out) {
    __shared__ unsigned char bytes[128];
    __shared__ short halves[128];
    __shared__ signed char sbytes[128];
    int t = threadIdx.x, n = blockDim.x;
    unsigned x = in[t];
    bytes[t] = (unsigned char)x;
    halves[t] = (short)(x >> 8);
    sbytes[t] = (signed char)(x >> 16);
    __syncthreads();
    char local[12];
    for (int k = 0; k < 12; ++k) local[k] = (char)(x >> k) + (char)k;
    unsigned* o = out + 5 * t;
    o[0] = bytes[(t * 7 + 3) % n];
    o[1] = (unsigned)(int)halves[(t + 1) % n];
    o[2] = (unsigned)(int)sbytes[(t + 5) % n];
    o[3] = (unsigned)(int)(signed char)local[(x >> 4) % 12];
    o[4] = (unsigned)(unsigned short)halves[n - 1 - t] + bytes[t];
}
