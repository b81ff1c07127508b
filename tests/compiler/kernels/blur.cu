// 3x3 box sum over a 2-D image with clamped edges, 2-D grid of 2-D blocks.
#include <cuda_runtime.h>
__global__ void blur(const int* in, int* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int acc = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
            acc += in[yy * w + xx];
        }
    out[y * w + x] = acc;
}
