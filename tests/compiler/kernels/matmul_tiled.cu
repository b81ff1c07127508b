// C = A * B (int, N x N, N a multiple of 8) with 8x8 shared-memory tiles.
#include <cuda_runtime.h>
#define T 8
__global__ void matmul_tiled(const int* a, const int* b, int* c, int n) {
    __shared__ int sa[T][T], sb[T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    int acc = 0;
    for (int k0 = 0; k0 < n; k0 += T) {
        sa[ty][tx] = a[row * n + k0 + tx];
        sb[ty][tx] = b[(k0 + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < T; ++k) acc += sa[ty][k] * sb[k][tx];
        __syncthreads();
    }
    c[row * n + col] = acc;
}
