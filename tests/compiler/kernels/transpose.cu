// Tiled transpose of a W x H int matrix with a 2-D grid of 8x8 blocks and a shared tile.
#include <cuda_runtime.h>
__global__ void transpose(const int* in, int* out, int w, int h) {
    __shared__ int tile[8][9];
    int x = blockIdx.x * 8 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    __syncthreads();
    int tx = blockIdx.y * 8 + threadIdx.x, ty = blockIdx.x * 8 + threadIdx.y;
    if (tx < h && ty < w) out[ty * h + tx] = tile[threadIdx.x][threadIdx.y];
}
