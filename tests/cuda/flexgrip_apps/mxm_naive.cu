// FlexGripPlus MxM_naive_float (tests/data/conformance/MxM_naive_float): C = A x B, N x N floats, one thread per
// element of C, 2-D block. As nvcc's SASS: only the row is tested against N, the sum is stored into C after every
// step of k. Params: A, B, C, N, and a word the code never reads.
#include <cuda_runtime.h>
__global__ void MatMul(const float* A, const float* B, float* C, int N, int M) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < N) {
        float sum = 0.0f;
        for (int k = 0; k < N; ++k) {
            sum += A[row * N + k] * B[k * N + col];
            C[row * N + col] = sum;
        }
    }
}
