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

// add/sub/mul.f32: the FPU where its result is IEEE (both operands in fgtlm_fpu_operand_ok's domain, the common
// case: a few integer instructions and one branch), the software function otherwise. Inside these functions the
// inliner leaves add/sub/mul.f32 to the FPU (inline.cpp).
#define FGTLM_F(x) __builtin_bit_cast(float, x)
#define FGTLM_U(x) __builtin_bit_cast(unsigned, x)
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_add_f32(unsigned a, unsigned b) {
    if (fgtlm_fpu_operand_ok(a) & fgtlm_fpu_operand_ok(b)) return FGTLM_U(FGTLM_F(a) + FGTLM_F(b));
    return fgtlm_add_rn_bits(a, b);
}
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_sub_f32(unsigned a, unsigned b) {
    return __fgtlm_add_f32(a, b ^ 0x80000000u);
}
// FMUL gives 0 for a product that rounds up to the smallest normal, 0x00800000, from just below it (found by the
// differential test, fuzz seed 822: 0x0405d092 x 0x3bf4e03a): a zero product of nonzero operands takes the software.
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_mul_f32(unsigned a, unsigned b) {
    if (fgtlm_fpu_operand_ok(a) & fgtlm_fpu_operand_ok(b)) {
        unsigned r = FGTLM_U(FGTLM_F(a) * FGTLM_F(b));
        if (((r << 1) != 0u) | ((a << 1) == 0u) | ((b << 1) == 0u)) return r;
    }
    return fgtlm_mul_rn_bits(a, b);
}
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_add_ftz_f32(unsigned a, unsigned b) {
    return fgtlm_ftz(__fgtlm_add_f32(fgtlm_ftz(a), fgtlm_ftz(b)));
}
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_sub_ftz_f32(unsigned a, unsigned b) {
    return fgtlm_ftz(__fgtlm_add_f32(fgtlm_ftz(a), fgtlm_ftz(b) ^ 0x80000000u));
}
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_mul_ftz_f32(unsigned a, unsigned b) {
    return fgtlm_ftz(__fgtlm_mul_f32(fgtlm_ftz(a), fgtlm_ftz(b)));
}

// cvt.{rni,rzi,rmi,rpi}[.ftz].f32.f32 (rintf, truncf, floorf, ceilf): integer operations only.
#define FGTLM_ROUND(name, mode)                                                                                       \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_cvt_##name##_f32_f32(unsigned a) {       \
        return fgtlm_round_integral_bits(a, mode);                                                                    \
    }                                                                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_cvt_##name##_ftz_f32_f32(unsigned a) {   \
        return fgtlm_round_integral_bits(fgtlm_ftz(a), mode);                                                         \
    }
FGTLM_ROUND(rni, 0)
FGTLM_ROUND(rzi, 1)
FGTLM_ROUND(rmi, 2)
FGTLM_ROUND(rpi, 3)

// cvt.{rni,rzi,rmi,rpi}[.ftz].{s32,u32}.f32: the F2I lowering where it is exact (|x| < 2^31, and x >= 0 for u32;
// inline PTX, which the inliner leaves alone here), the clamping software otherwise; 64-bit destinations always in
// software. cvt.rn.f32.{s64,u64}: software.
#define FGTLM_F2I32(mode, m, ty, sgn, ftz, flush_in)                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_cvt_##mode##ftz##_##ty##_f32(     \
        unsigned a) {                                                                                                \
        a = flush_in;                                                                                                \
        if (((a >> 23) & 0xffu) < 158u && (sgn || (a >> 31) == 0u)) {                                                \
            unsigned r;                                                                                              \
            asm("cvt." #mode "." #ty ".f32 %0, %1;" : "=r"(r) : "f"(FGTLM_F(a)));                                    \
            return r;                                                                                                \
        }                                                                                                            \
        return (unsigned)fgtlm_f2i_bits(a, m, sgn, 32);                                                              \
    }
#define FGTLM_F2I64(mode, m, ty, sgn, ftz, flush_in)                                                                 \
    extern "C" __attribute__((device)) __attribute__((noinline)) unsigned long long                                 \
        __fgtlm_cvt_##mode##ftz##_##ty##_f32(unsigned a) {                                                           \
        return fgtlm_f2i_bits(flush_in, m, sgn, 64);                                                                 \
    }
#define FGTLM_F2I(mode, m)                                                                                           \
    FGTLM_F2I32(mode, m, s32, 1, , a)                                                                                \
    FGTLM_F2I32(mode, m, u32, 0, , a)                                                                                \
    FGTLM_F2I32(mode, m, s32, 1, _ftz, fgtlm_ftz(a))                                                                 \
    FGTLM_F2I32(mode, m, u32, 0, _ftz, fgtlm_ftz(a))                                                                 \
    FGTLM_F2I64(mode, m, s64, 1, , a)                                                                                \
    FGTLM_F2I64(mode, m, u64, 0, , a)                                                                                \
    FGTLM_F2I64(mode, m, s64, 1, _ftz, fgtlm_ftz(a))                                                                 \
    FGTLM_F2I64(mode, m, u64, 0, _ftz, fgtlm_ftz(a))
FGTLM_F2I(rni, 0)
FGTLM_F2I(rzi, 1)
FGTLM_F2I(rmi, 2)
FGTLM_F2I(rpi, 3)
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_cvt_rn_f32_u64(unsigned long long v) {
    return fgtlm_i2f_bits(v, 0);
}
extern "C" __attribute__((device)) __attribute__((noinline)) unsigned __fgtlm_cvt_rn_f32_s64(unsigned long long v) {
    return fgtlm_i2f_bits(v, 1);
}
