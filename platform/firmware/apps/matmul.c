/* C = A x B for 32x32 floats with the nvcc SM_1.0 kernel of the FlexGripPlus MxM_naive_float
 * application (one block of 32x32 threads, thread (x, y) computes C[y][x] with FMAD).
 * The GPU rounds like the FlexGripPlus FPU (FMAD is a multiply then an add, each rounded;
 * the accumulator starts from R0's thread-index bits, a denormal), so results are compared
 * with a relative tolerance of 1e-5 instead of bit equality. The CPU has no FPU: soft-float. */
#include "common.h"

extern const uint32_t kernel_matmul[];
extern const uint32_t kernel_matmul_words;

#define N 32u

static float absf(float x) { return x < 0 ? -x : x; }

int main(void) {
    if (!fw_init_or_fail("matmul")) return 1;
    float* A = vp_dram_alloc(N * N * 4, 64);
    float* B = vp_dram_alloc(N * N * 4, 64);
    float* C = vp_dram_alloc(N * N * 4, 64);
    uint32_t seed = 4242;
    for (uint32_t i = 0; i < N * N; ++i) {
        A[i] = (float)((int32_t)(fw_rand(&seed) % 2001u) - 1000) / 256.0f;
        B[i] = (float)((int32_t)(fw_rand(&seed) % 2001u) - 1000) / 512.0f;
        C[i] = -1.0f;
    }
    static const uint8_t const_mem[4] = {0xFF, 0x03, 0xFF, 0x03};  /* tid.y mask used by the kernel */
    /* Parameters as in the original launch: A, B, C, width, width, then unused words. */
    uint32_t params[10] = {FW_PTR(A), FW_PTR(B), FW_PTR(C), N, N, 0, 1536, 9, 9, 8};
    fgtlm_launch_t l = {kernel_matmul, kernel_matmul_words, {1, 1}, {N, N, 1}, 16, 44, 1, params, 10,
                        const_mem, sizeof const_mem};
    fgtlm_result_t r;
    fgtlm_launch(&l, &r);
    fgtlm_print_result("matmul", &r);
    uint32_t bad = 0;
    float worst = 0;
    for (uint32_t y = 0; y < N; ++y) {
        for (uint32_t x = 0; x < N; ++x) {
            float want = 0;
            for (uint32_t k = 0; k < N; ++k) want += A[y * N + k] * B[k * N + x];
            float err = absf(C[y * N + x] - want);
            float tol = 1e-5f * (absf(want) + 1.0f);
            if (err > worst) worst = err;
            if (!(err <= tol)) {
                if (bad < 4)
                    printf("  C[%lu][%lu] off by %ld/1e6\n", (unsigned long)y, (unsigned long)x, (long)(err * 1e6f));
                ++bad;
            }
        }
    }
    printf("matmul: %lux%lu, %lu outside tolerance, max abs error %ld/1e6\n", (unsigned long)N, (unsigned long)N,
           (unsigned long)bad, (long)(worst * 1e6f));
    fgtlm_report("matmul", &r, N * N * N);  /* items = multiply-adds */
    return fw_verdict("matmul", r.state == FGTLM_STATE_DONE && bad == 0);
}
