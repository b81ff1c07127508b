// A switch over data.
#include <cuda_runtime.h>
__global__ void sw(const int* in, int* out) {
    int i = threadIdx.x;
    int v = in[i], r;
    switch (v & 7) {
        case 0: r = v + 10; break;
        case 1: r = v * 3; break;
        case 2: r = v - 100; break;
        case 3:
        case 4: r = v ^ 0x55; break;
        case 5: r = -v; break;
        default: r = 0; break;
    }
    out[i] = r;
}
