// Device functions kept as .func by __noinline__ (PTX call/ret): early returns, nested calls,
// a struct returned by value, 64-bit and float parameters, a void function, a callee with a
// local array, and calls in divergent code. (A pointer passed to a .func is a generic address:
// refused, as generic ld/st are.)
#include <cuda_runtime.h>
struct Pair {
    int lo, hi;
};
__device__ __noinline__ int clamp_add(int a, int b, int limit) {
    int s = a + b;
    if (s > limit) return limit;
    if (s < -limit) return -limit;
    return s;
}
__device__ __noinline__ Pair split(unsigned x) { return Pair{int(x & 0xffff), int(x >> 16)}; }
__device__ __noinline__ float scale(float x, int k) { return x * float(clamp_add(k, 1, 8)); }
__device__ __noinline__ unsigned long long widen(unsigned long long a, unsigned b) { return a * b + 1; }
__device__ unsigned last;
__device__ __noinline__ void remember(unsigned v) { last = v ^ 0x5a5a5a5au; }
__device__ __noinline__ int lookup(int i, int v) {
    int t[6];
    for (int k = 0; k < 6; ++k) t[k] = v * (k + 1);
    return t[i % 6];
}
__global__ void calls(const unsigned* in, unsigned* out, float f) {
    int i = threadIdx.x;
    unsigned x = in[i];
    unsigned* o = out + 8 * i;
    o[0] = clamp_add(int(x & 0xff), int(x >> 24) - 128, 100);
    Pair p = split(x);
    o[1] = unsigned(p.lo - p.hi);
    float r = scale(f, int(x % 13) - 6);
    o[2] = __float_as_uint(r);
    unsigned long long w = widen((unsigned long long)x << 8, x >> 3);
    o[3] = unsigned(w);
    o[4] = unsigned(w >> 32);
    if (i == 5) remember(x);
    o[5] = x ^ 0x5a5a5a5au;
    o[6] = (x & 1) ? unsigned(clamp_add(int(x), 7, 1000)) : 0u;
    o[7] = unsigned(lookup(int(x & 0xff), int(x >> 20)));
}
