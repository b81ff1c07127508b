// FlexGripPlus Reduction (tests/data/conformance/Reduction): an in-place interleaved sum of one warp, no
// __syncthreads (nvcc's SASS has none: one warp runs in lock step). Each thread copies in[i] to out[i]; at stride
// s the threads with i % 2s == 0 add out[i + s] into their own sum and store it; thread 0 writes the total over
// in[0]. Params: in, out, n (the element count), a fourth word the code never reads.
#include <cuda_runtime.h>
__global__ void reduction(int* in, int* out, int n, int unused) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int sum = in[i];
    out[i] = sum;
    for (int s = 1; s < n; s *= 2) {
        if (i % (2 * s) == 0) {
            sum += out[i + s];
            out[i] = sum;
        }
    }
    if (i == 0) in[i] = sum;
}
