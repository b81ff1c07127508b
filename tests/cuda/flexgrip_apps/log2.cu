// FlexGripPlus Log2/hard (tests/data/conformance/Log2-hard): out[i] = log2(in[i]) on the SFU (LG2: nvcc's
// __log2f for sm_10). Params: out, in, and words the code never reads.
#include <cuda_runtime.h>
__global__ void log2_kernel(float* out, const float* in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = __log2f(in[i]);
}
