// Early returns and nested conditions.
#include <cuda_runtime.h>
__global__ void early_return(const int* in, int* out, int n) {
    int i = threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    if (v < 0) {
        out[i] = -1;
        return;
    }
    if (v > 1000) {
        if (v & 1) out[i] = 1;
        else out[i] = 2;
    } else {
        out[i] = v * 2;
    }
}
