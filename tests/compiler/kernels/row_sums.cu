// Nested loops: each thread sums a rows x cols window of a matrix.
#include <cuda_runtime.h>
__global__ void row_sums(const int* m, int cols, int rows, int* out) {
    int t = threadIdx.x;
    int acc = 0;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c <= t % 5; ++c) acc += m[r * cols + (t + c) % cols];
    out[t] = acc;
}
