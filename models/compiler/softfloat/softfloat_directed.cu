// Device build of softfloat.inc for the directed roundings and --demote-f64: the .func bodies the compiler inlines
// for .rz/.rm/.rp add/sub/mul/fma.f32 (with and without .ftz) and cvt.{rz,rm,rp}.f32.{s32,u32,s64,u64}, always in
// software (the FPU rounds to nearest only), and for the conversions between doubles in memory and demoted doubles. A file of its own so that clang's code for softfloat.cu, which every f32 kernel inlines,
// stays as it was (scripts/gen-softfloat-ptx compiles both to src/softfloat_ptx.cpp).
#define FGTLM_SF_FN static __attribute__((device)) __attribute__((always_inline)) inline
#include "softfloat.inc"

#define FGTLM_DIRECTED(name, m)                                                                                       \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_add_##name##_f32(unsigned a,     \
                                                                                                unsigned b) {     \
        return fgtlm_add_bits(a, b, m);                                                                               \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_sub_##name##_f32(unsigned a,     \
                                                                                                unsigned b) {     \
        return fgtlm_add_bits(a, b ^ 0x80000000u, m);                                                                 \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_mul_##name##_f32(unsigned a,     \
                                                                                                unsigned b) {     \
        return fgtlm_mul_bits(a, b, m);                                                                               \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_fma_##name##_f32(                \
        unsigned a, unsigned b, unsigned c) {                                                                         \
        return fgtlm_fma_bits(a, b, c, m);                                                                            \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_add_##name##_ftz_f32(unsigned a, \
                                                                                                    unsigned b) { \
        return fgtlm_ftz(fgtlm_add_bits(fgtlm_ftz(a), fgtlm_ftz(b), m));                                              \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_sub_##name##_ftz_f32(unsigned a, \
                                                                                                    unsigned b) { \
        return fgtlm_ftz(fgtlm_add_bits(fgtlm_ftz(a), fgtlm_ftz(b) ^ 0x80000000u, m));                                \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_mul_##name##_ftz_f32(unsigned a, \
                                                                                                    unsigned b) { \
        return fgtlm_ftz(fgtlm_mul_bits(fgtlm_ftz(a), fgtlm_ftz(b), m));                                              \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_fma_##name##_ftz_f32(            \
        unsigned a, unsigned b, unsigned c) {                                                                         \
        return fgtlm_ftz(fgtlm_fma_bits(fgtlm_ftz(a), fgtlm_ftz(b), fgtlm_ftz(c), m));                                \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_cvt_##name##_f32_s32(unsigned v) { \
        return fgtlm_i2f32_bits(v, 1, m);                                                                             \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_cvt_##name##_f32_u32(unsigned v) { \
        return fgtlm_i2f32_bits(v, 0, m);                                                                             \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_cvt_##name##_f32_s64(              \
        unsigned long long v) {                                                                                       \
        return fgtlm_i2f_mode_bits(v, 1, m);                                                                          \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_cvt_##name##_f32_u64(              \
        unsigned long long v) {                                                                                       \
        return fgtlm_i2f_mode_bits(v, 0, m);                                                                          \
    }
FGTLM_DIRECTED(rz, 1)
FGTLM_DIRECTED(rm, 2)
FGTLM_DIRECTED(rp, 3)

// --demote-f64: a double's bits (memory, a bit-cast) to the f32 a demoted double register holds, and back.
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_cvt_f32_f64bits(unsigned long long d) {
    return fgtlm_f64_to_f32_bits(d);
}
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned long long __fgtlm_cvt_f64bits_f32(unsigned a) {
    return fgtlm_f32_to_f64_bits(a);
}
