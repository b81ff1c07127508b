// Device build of softfloat.inc: the .func bodies the compiler inlines for div.rn.f32, fma.rn.f32,
// rcp.rn.f32 and sqrt.rn.f32 (scripts/gen-softfloat-ptx compiles this to src/softfloat_ptx.cpp).
#define FGTLM_SF_FN static __attribute__((device)) __attribute__((always_inline)) inline
#include "softfloat.inc"

extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_div_rn_f32(unsigned a, unsigned b) {
    return fgtlm_div_rn_bits(a, b);
}
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_sqrt_rn_f32(unsigned a) {
    return fgtlm_sqrt_rn_bits(a);
}
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_fma_rn_f32(unsigned a, unsigned b,
                                                                                       unsigned c) {
    return fgtlm_fma_rn_bits(a, b, c);
}
