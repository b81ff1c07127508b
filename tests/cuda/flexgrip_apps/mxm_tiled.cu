// MxM tiled (a FlexGripPlus application with no nvcc bundle): C = A x B, N x N floats (N a multiple of 16), with
// 16 x 16 tiles of A and B in shared memory; the same memory layout and parameters as MxM_naive_float (A, B, C, N,
// and a word never read) and the same order of the sum over k, so C equals the naive kernel's result.
#include <cuda_runtime.h>
#define TILE 16
__global__ void MatMulTiled(const float* A, const float* B, float* C, int N, int M) {
    __shared__ float sa[TILE][TILE], sb[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int k0 = 0; k0 < N; k0 += TILE) {
        sa[ty][tx] = A[row * N + k0 + tx];
        sb[ty][tx] = B[(k0 + ty) * N + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k) sum += sa[ty][k] * sb[k][tx];
        __syncthreads();
    }
    C[row * N + col] = sum;
}
