// FlexGripPlus exp (tests/data/conformance/exp): out[i] = 2^in[i] on the SFU (RRO then EX2: nvcc's exp2f for
// sm_10). Params: in, out, two words the code never reads.
#include <cuda_runtime.h>
__global__ void exp_kernel(const float* in, float* out, int n, int m) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = exp2f(in[i]);
}
