/* Rank sort of N signed integers on the GPU (kernels/sort.sass), checked against an
 * insertion sort on the CPU. */
#include "common.h"

extern const uint32_t kernel_sort[];
extern const uint32_t kernel_sort_words;

#define N 256u

int main(void) {
    if (!fw_init_or_fail("sort")) return 1;
    int32_t* in = vp_dram_alloc(N * 4, 64);
    int32_t* out = vp_dram_alloc(N * 4, 64);
    static int32_t ref[N];
    uint32_t seed = 99;
    for (uint32_t i = 0; i < N; ++i) {
        in[i] = (int32_t)(fw_rand(&seed) % 1000u) - 500;  /* duplicates on purpose */
        out[i] = 0x12345678;
    }
    uint32_t params[3] = {FW_PTR(in), FW_PTR(out), N};
    fgtlm_launch_t l = {kernel_sort, kernel_sort_words, {1, 1}, {N, 1, 1}, 16, 0, 1, params, 3, 0, 0};
    fgtlm_result_t r;
    fgtlm_launch(&l, &r);
    fgtlm_print_result("sort", &r);
    for (uint32_t i = 0; i < N; ++i) {
        int32_t v = in[i];
        uint32_t j = i;
        while (j > 0 && ref[j - 1] > v) { ref[j] = ref[j - 1]; --j; }
        ref[j] = v;
    }
    uint32_t bad = 0;
    for (uint32_t i = 0; i < N; ++i) {
        if (out[i] != ref[i]) {
            if (bad < 4) printf("  out[%lu] = %ld, expected %ld\n", (unsigned long)i, (long)out[i], (long)ref[i]);
            ++bad;
        }
    }
    printf("sort: %lu keys, %lu mismatches, first %ld last %ld\n", (unsigned long)N, (unsigned long)bad,
           (long)out[0], (long)out[N - 1]);
    fgtlm_report("sort", &r, N);
    return fw_verdict("sort", r.state == FGTLM_STATE_DONE && bad == 0);
}
