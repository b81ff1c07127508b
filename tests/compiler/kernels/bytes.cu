// 8- and 16-bit global loads and stores (char and short arrays).
#include <cuda_runtime.h>
__global__ void bytes(const unsigned char* a, const short* b, unsigned char* c, short* d) {
    int i = threadIdx.x;
    c[i] = (unsigned char)(a[i] + 7);
    d[i] = (short)(b[i] * 3 - a[i]);
}
