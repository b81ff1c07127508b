// <fgtlm/cuda.h>: what a CUDA C kernel needs to compile for FlexGrip-TLM with clang and no
// CUDA toolkit (`fgtlm cc` puts this folder on the include path). Device code only: the
// keywords, built-in variables, __syncthreads and the intrinsics listed in
// models/compiler/README.md ("CUDA C subset"). Host code compiles but is not run.
#ifndef FGTLM_CUDA_H
#define FGTLM_CUDA_H

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))

struct uint3 {
    unsigned x, y, z;
};
struct dim3 {
    unsigned x, y, z;
    __host__ __device__ constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
};

// The built-in variables, as clang's own __clang_cuda_builtin_vars.h declares them.
#define FGTLM_SREG(name, reg)                                                                                   \
    struct name##_t {                                                                                           \
        __declspec(property(get = __fetch_x)) unsigned x;                                                       \
        __declspec(property(get = __fetch_y)) unsigned y;                                                       \
        __declspec(property(get = __fetch_z)) unsigned z;                                                       \
        static inline __attribute__((device)) unsigned __fetch_x() { return __nvvm_read_ptx_sreg_##reg##_x(); } \
        static inline __attribute__((device)) unsigned __fetch_y() { return __nvvm_read_ptx_sreg_##reg##_y(); } \
        static inline __attribute__((device)) unsigned __fetch_z() { return __nvvm_read_ptx_sreg_##reg##_z(); } \
    }
FGTLM_SREG(__fgtlm_tid, tid);
FGTLM_SREG(__fgtlm_ntid, ntid);
FGTLM_SREG(__fgtlm_ctaid, ctaid);
FGTLM_SREG(__fgtlm_nctaid, nctaid);
#undef FGTLM_SREG
extern const __device__ __fgtlm_tid_t threadIdx;
extern const __device__ __fgtlm_ntid_t blockDim;
extern const __device__ __fgtlm_ctaid_t blockIdx;
extern const __device__ __fgtlm_nctaid_t gridDim;
#define warpSize 32
// __syncthreads() is a clang builtin (bar.sync 0).

__device__ inline int __mul24(int a, int b) { return __nvvm_mul24_i(a, b); }
__device__ inline unsigned __umul24(unsigned a, unsigned b) { return __nvvm_mul24_ui(a, b); }
__device__ inline int __mulhi(int a, int b) { return __nvvm_mulhi_i(a, b); }
__device__ inline unsigned __umulhi(unsigned a, unsigned b) { return __nvvm_mulhi_ui(a, b); }
__device__ inline long long __mul64hi(long long a, long long b) { return __nvvm_mulhi_ll(a, b); }
__device__ inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
    return __nvvm_mulhi_ull(a, b);
}
__device__ inline int __float2int_rn(float f) { return __nvvm_f2i_rn(f); }
__device__ inline int __float2int_rz(float f) { return __nvvm_f2i_rz(f); }
__device__ inline float __int2float_rn(int i) { return __nvvm_i2f_rn(i); }
__device__ inline int abs(int a) { return a < 0 ? -a : a; }
__device__ inline int min(int a, int b) { return a < b ? a : b; }
__device__ inline int max(int a, int b) { return a > b ? a : b; }
__device__ inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
__device__ inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
__device__ inline float fminf(float a, float b) { return __nvvm_fmin_f(a, b); }
__device__ inline float fmaxf(float a, float b) { return __nvvm_fmax_f(a, b); }
__device__ inline float fabsf(float a) { return __nvvm_fabs_f(a); }
__device__ inline float __fdividef(float a, float b) { return __nvvm_div_approx_f(a, b); }
__device__ inline float rsqrtf(float a) { return __nvvm_rsqrt_approx_f(a); }
__device__ inline float __fsqrt_approx(float a) { return __nvvm_sqrt_approx_f(a); }
__device__ inline float __saturatef(float a) { return __nvvm_saturate_f(a); }
// Correctly rounded (software: models/compiler/softfloat; `a / b` is div.rn too).
__device__ inline float sqrtf(float a) { return __nvvm_sqrt_rn_f(a); }
__device__ inline float __fsqrt_rn(float a) { return __nvvm_sqrt_rn_f(a); }
__device__ inline float __fdiv_rn(float a, float b) { return __nvvm_div_rn_f(a, b); }
__device__ inline float __frcp_rn(float a) { return __nvvm_rcp_rn_f(a); }
__device__ inline float __fmaf_rn(float a, float b, float c) { return __nvvm_fma_rn_f(a, b, c); }
__device__ inline float fmaf(float a, float b, float c) { return __nvvm_fma_rn_f(a, b, c); }
// CUDA's rounded arithmetic and conversions: _rn to nearest, _rz toward zero, _rd down, _ru up (PTX .rn/.rz/.rm/.rp;
// software functions, correctly rounded, subnormals kept). The conversions are inline PTX: clang 14 turns
// __nvvm_i2f_rz and friends into cvt.rn.
#define __FGTLM_CVT_F32(name, ptx, ty, reg)                                                                           \
    __device__ inline float name(ty v) {                                                                              \
        float r;                                                                                                      \
        asm("cvt." ptx " %0, %1;" : "=f"(r) : reg(v));                                                                 \
        return r;                                                                                                     \
    }
#define __FGTLM_ROUNDED(cu, nv)                                                                                       \
    __device__ inline float __fadd_##cu(float a, float b) { return __nvvm_add_##nv##_f(a, b); }                      \
    __device__ inline float __fsub_##cu(float a, float b) { return __nvvm_add_##nv##_f(a, -b); }                     \
    __device__ inline float __fmul_##cu(float a, float b) { return __nvvm_mul_##nv##_f(a, b); }                      \
    __FGTLM_CVT_F32(__int2float_##cu, #nv ".f32.s32", int, "r")                                                      \
    __FGTLM_CVT_F32(__uint2float_##cu, #nv ".f32.u32", unsigned, "r")                                                \
    __FGTLM_CVT_F32(__ll2float_##cu, #nv ".f32.s64", long long, "l")                                                 \
    __FGTLM_CVT_F32(__ull2float_##cu, #nv ".f32.u64", unsigned long long, "l")
__FGTLM_ROUNDED(rz, rz)
__FGTLM_ROUNDED(rd, rm)
__FGTLM_ROUNDED(ru, rp)
__device__ inline float __fadd_rn(float a, float b) { return __nvvm_add_rn_f(a, b); }
__device__ inline float __fsub_rn(float a, float b) { return __nvvm_add_rn_f(a, -b); }
__device__ inline float __fmul_rn(float a, float b) { return __nvvm_mul_rn_f(a, b); }
__FGTLM_CVT_F32(__uint2float_rn, "rn.f32.u32", unsigned, "r")
__FGTLM_CVT_F32(__ll2float_rn, "rn.f32.s64", long long, "l")
__FGTLM_CVT_F32(__ull2float_rn, "rn.f32.u64", unsigned long long, "l")
__device__ inline float __fmaf_rz(float a, float b, float c) { return __nvvm_fma_rz_f(a, b, c); }
__device__ inline float __fmaf_rd(float a, float b, float c) { return __nvvm_fma_rm_f(a, b, c); }
__device__ inline float __fmaf_ru(float a, float b, float c) { return __nvvm_fma_rp_f(a, b, c); }
__device__ inline float __expf(float a) { return __nvvm_ex2_approx_f(a * 1.4426950408889634f); }
__device__ inline float __logf(float a) { return __nvvm_lg2_approx_f(a) * 0.6931471805599453f; }
__device__ inline float __sinf(float a) { return __nvvm_sin_approx_f(a); }
__device__ inline float __cosf(float a) { return __nvvm_cos_approx_f(a); }
__device__ inline float __powf(float a, float b) { return __nvvm_ex2_approx_f(b * __nvvm_lg2_approx_f(a)); }
// exp2f as nvcc compiles it for sm_1x (the FlexGripPlus exp application): the SFU's EX2 alone, no range reduction.
__device__ inline float exp2f(float a) { return __nvvm_ex2_approx_f(a); }
__device__ inline float __log2f(float a) { return __nvvm_lg2_approx_f(a); }
__device__ inline unsigned __float_as_uint(float x) { return __builtin_bit_cast(unsigned, x); }
__device__ inline int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
__device__ inline float __uint_as_float(unsigned x) { return __builtin_bit_cast(float, x); }
__device__ inline float __int_as_float(int x) { return __builtin_bit_cast(float, x); }

// Bit operations (clang's builtins become PTX popc/clz/brev/prmt; the compiler lowers them).
__device__ inline int __popc(unsigned x) { return __builtin_popcount(x); }
__device__ inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
__device__ inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(unsigned(x)); }
__device__ inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
__device__ inline unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
__device__ inline unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }
__device__ inline int __ffs(int x) { return __builtin_ffs(x); }
__device__ inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) { return __nvvm_prmt(x, y, s); }

#endif
