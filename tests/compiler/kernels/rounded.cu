// f32 add, sub, mul and fma and integer -> f32 conversions in the three directed rounding modes (CUDA's _rz, _rd,
// _ru: PTX .rz/.rm/.rp) over every operand class, with and without -fcuda-flush-denormals-to-zero (.ftz).
#include <cuda_runtime.h>
__global__ void rounded(const float* a, const float* b, const unsigned* w, float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = a[i], y = b[i], z = a[(i + 1) % (gridDim.x * blockDim.x)];
    unsigned lo = w[2 * i], hi = w[2 * i + 1];
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    float* o = out + 27 * i;
    o[0] = __fadd_rz(x, y), o[1] = __fadd_rd(x, y), o[2] = __fadd_ru(x, y);
    o[3] = __fsub_rz(x, y), o[4] = __fsub_rd(x, y), o[5] = __fsub_ru(x, y);
    o[6] = __fmul_rz(x, y), o[7] = __fmul_rd(x, y), o[8] = __fmul_ru(x, y);
    o[9] = __fmaf_rz(x, y, z), o[10] = __fmaf_rd(x, y, z), o[11] = __fmaf_ru(x, y, z);
    o[12] = __int2float_rz((int)lo), o[13] = __int2float_rd((int)lo), o[14] = __int2float_ru((int)lo);
    o[15] = __uint2float_rz(lo), o[16] = __uint2float_rd(lo), o[17] = __uint2float_ru(lo);
    o[18] = __ll2float_rz((long long)v), o[19] = __ll2float_rd((long long)v), o[20] = __ll2float_ru((long long)v);
    o[21] = __ull2float_rz(v), o[22] = __ull2float_rd(v), o[23] = __ull2float_ru(v);
    o[24] = __fadd_rn(x, y), o[25] = __uint2float_rn(lo), o[26] = __ll2float_rn((long long)v);
}
// The .ftz forms (clang's __nvvm_*_ftz_* builtins: add/sub/mul/fma .rz/.rm/.rp .ftz.f32).
__global__ void rounded_ftz(const float* a, const float* b, float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = a[i], y = b[i], z = a[(i + 1) % (gridDim.x * blockDim.x)];
    float* o = out + 12 * i;
    o[0] = __nvvm_add_rz_ftz_f(x, y), o[1] = __nvvm_add_rm_ftz_f(x, y), o[2] = __nvvm_add_rp_ftz_f(x, y);
    o[3] = __nvvm_add_rz_ftz_f(x, -y), o[4] = __nvvm_add_rm_ftz_f(x, -y), o[5] = __nvvm_add_rp_ftz_f(x, -y);
    o[6] = __nvvm_mul_rz_ftz_f(x, y), o[7] = __nvvm_mul_rm_ftz_f(x, y), o[8] = __nvvm_mul_rp_ftz_f(x, y);
    o[9] = __nvvm_fma_rz_ftz_f(x, y, z), o[10] = __nvvm_fma_rm_ftz_f(x, y, z), o[11] = __nvvm_fma_rp_ftz_f(x, y, z);
}
