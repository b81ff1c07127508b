// break and continue in a loop: index of the first element equal to the thread's key among
// the elements that are not negative (-1 when none).
#include <cuda_runtime.h>
__global__ void search(const int* keys, const int* data, int n, int* out) {
    int t = threadIdx.x;
    int key = keys[t], found = -1;
    for (int j = 0; j < n; ++j) {
        int v = data[j];
        if (v < 0) continue;
        if (v == key) {
            found = j;
            break;
        }
    }
    out[t] = found;
}
