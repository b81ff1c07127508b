// FlexGripPlus VectorAdd_float and VectorAdd_float/multiblock (tests/data/conformance/VectorAdd_float*):
// C = A + B in f32, one thread per element, no bounds test (as nvcc's SASS). Params: A, B, C, N (unused).
#include <cuda_runtime.h>
__global__ void VecAdd(const float* A, const float* B, float* C, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    C[i] = A[i] + B[i];
}
