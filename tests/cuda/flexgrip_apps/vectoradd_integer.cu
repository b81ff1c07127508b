// FlexGripPlus VectorAdd_integer (tests/data/conformance/VectorAdd_integer): C = A + B, one thread per
// element, no bounds test (nvcc's SASS has none; N is passed but unused). Params: A, B, C, N.
#include <cuda_runtime.h>
__global__ void VecAdd(const int* A, const int* B, int* C, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    C[i] = A[i] + B[i];
}
