/* Vector add c[i] = a[i] + b[i] on the GPU (nvcc SM_1.0 kernel from the FlexGripPlus
 * VectorAdd_integer application: index = blockIdx.x * blockDim.x + threadIdx.x, no bounds
 * check, so the grid covers the vector exactly), checked against the CPU. */
#include "common.h"

extern const uint32_t kernel_vector_add[];
extern const uint32_t kernel_vector_add_words;

#define N 2048u
#define THREADS 128u

int main(void) {
    if (!fw_init_or_fail("vector_add")) return 1;
    int32_t* a = vp_dram_alloc(N * 4, 64);
    int32_t* b = vp_dram_alloc(N * 4, 64);
    int32_t* c = vp_dram_alloc(N * 4, 64);
    uint32_t seed = 12345;
    for (uint32_t i = 0; i < N; ++i) {
        a[i] = (int32_t)fw_rand(&seed);
        b[i] = (int32_t)fw_rand(&seed);
        c[i] = 0x55555555;
    }
    static const uint8_t const_mem[4] = {0xFF, 0x03, 0xFF, 0x03};  /* as the original testbench */
    uint32_t params[4] = {FW_PTR(a), FW_PTR(b), FW_PTR(c), N};
    fgtlm_launch_t l = {kernel_vector_add, kernel_vector_add_words, {N / THREADS, 1}, {THREADS, 1, 1},
                        5, 44, 4, params, 4, const_mem, sizeof const_mem};
    fgtlm_result_t r;
    fgtlm_launch(&l, &r);
    fgtlm_print_result("vector_add", &r);
    uint32_t bad = 0;
    for (uint32_t i = 0; i < N; ++i) {
        int32_t want = (int32_t)((uint32_t)a[i] + (uint32_t)b[i]);
        if (c[i] != want) {
            if (bad < 4) printf("  c[%lu] = %ld, expected %ld\n", (unsigned long)i, (long)c[i], (long)want);
            ++bad;
        }
    }
    printf("vector_add: %lu elements, %lu mismatches\n", (unsigned long)N, (unsigned long)bad);
    fgtlm_report("vector_add", &r, N);
    return fw_verdict("vector_add", r.state == FGTLM_STATE_DONE && bad == 0);
}
