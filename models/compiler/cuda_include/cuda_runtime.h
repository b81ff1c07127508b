// Shim so a .cu file written for nvcc compiles under `fgtlm cc` (device code only).
#include <fgtlm/cuda.h>
#include <stddef.h>
// Host API declarations so host code parses (it is never linked or run).
typedef int cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3 };
#define cudaSuccess 0
cudaError_t cudaMalloc(void** p, size_t n);
cudaError_t cudaFree(void* p);
cudaError_t cudaMemcpy(void* d, const void* s, size_t n, cudaMemcpyKind k);
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaGetLastError();
typedef struct CUstream_st* cudaStream_t;
// The launch syntax kernel<<<grid, block>>>(...) of host code needs this declaration.
extern "C" int cudaConfigureCall(dim3 grid, dim3 block, size_t shared = 0, cudaStream_t stream = 0);
cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, size_t n, size_t offset = 0,
                               cudaMemcpyKind k = cudaMemcpyHostToDevice);
template <class T>
cudaError_t cudaMalloc(T** p, size_t n) {
    return cudaMalloc((void**)p, n);
}
